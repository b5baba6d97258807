import { Module } from '@nestjs/common';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import { RATE_LIMIT_STORE } from './rate-limit-store';
import { RateLimiter } from './rate-limiter';

/**
 * Counters live in this process. Running several API processes behind one address needs a
 * shared RateLimitStore (Redis) bound to RATE_LIMIT_STORE here, or each process counts alone.
 */
@Module({
  providers: [{ provide: RATE_LIMIT_STORE, useFactory: () => new MemoryRateLimitStore() }, RateLimiter],
  exports: [RateLimiter],
})
export class RateLimitModule {}
