import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { MemoryRateLimitStore } from '../common/rate-limit/memory-rate-limit-store';
import type { RateLimitStore, RateWindow } from '../common/rate-limit/rate-limit-store';

/**
 * One round trip, atomic across every API process: count the hit, open the window on the first
 * hit (a key left without expiry is repaired), and report what is left of the window.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Time-out per Redis call: a slow Redis must not hold sign-ins up. */
const COMMAND_TIMEOUT_MS = 500;
/** At most one "Redis is unreachable" line per this long. */
const WARN_EVERY_MS = 60_000;

/**
 * Rate-limit counters in Redis, shared by every API process behind the load balancer, so a limit
 * holds whichever process a request reaches. While Redis is unreachable each process falls back to
 * counting in its own memory (limits still hold per process) and says so in the log.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly logger = new Logger('RateLimit');
  private readonly fallback = new MemoryRateLimitStore();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'thalir:rate:',
  ) {}

  static connect(url: string): RedisRateLimitStore {
    const redis = new Redis(url, {
      // Fail a command at once while disconnected, rather than queueing it behind a reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
    });
    const store = new RedisRateLimitStore(redis);
    redis.on('error', (error: Error) => store.warn(error));
    return store;
  }

  async increment(key: string, windowMs: number): Promise<RateWindow> {
    try {
      const [count, ttl] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    } catch (error) {
      this.warn(error as Error);
      return this.fallback.increment(key, windowMs);
    }
  }

  async get(key: string): Promise<RateWindow | null> {
    try {
      const [[, count], [, ttl]] = (await this.redis
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec()) as [[null, string | null], [null, number]];
      return count === null || ttl <= 0 ? null : { count: Number(count), resetInMs: ttl };
    } catch (error) {
      this.warn(error as Error);
      return this.fallback.get(key);
    }
  }

  async delete(key: string): Promise<void> {
    await this.fallback.delete(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.warn(error as Error);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private warn(error: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(`Redis is unreachable (${error.message}); rate limits are counted per process until it is back`);
  }
}
