import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/app-config';
import { createRateLimitStore } from '../../redis/rate-limit-store.factory';
import { RATE_LIMIT_STORE } from './rate-limit-store';
import { RateLimiter } from './rate-limiter';

/** Counters live in this process, or in Redis (REDIS_URL) when several API processes share one address. */
@Module({
  providers: [{ provide: RATE_LIMIT_STORE, useFactory: createRateLimitStore, inject: [APP_CONFIG] }, RateLimiter],
  exports: [RateLimiter],
})
export class RateLimitModule {}
