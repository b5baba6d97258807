import type { AppConfig } from '../config/app-config';
import { MemoryRateLimitStore } from '../common/rate-limit/memory-rate-limit-store';
import type { RateLimitStore } from '../common/rate-limit/rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';

/** Shared counters in Redis when REDIS_URL is set (several API processes), else this process's memory. */
export function createRateLimitStore(config: AppConfig): RateLimitStore {
  return config.redisUrl ? RedisRateLimitStore.connect(config.redisUrl) : new MemoryRateLimitStore();
}
