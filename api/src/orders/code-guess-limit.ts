import { Injectable } from '@nestjs/common';
import { inMinutes, RateLimiter, type RateLimitRule } from '../common/rate-limit/rate-limiter';

/**
 * Unknown offer codes one client address may try before it must wait: codes cannot be guessed by
 * trying many. A real code refused for a reason (used up, expired) does not count.
 */
export const REFUSED_CODES_PER_WINDOW = 20;
export const REFUSED_CODES_WINDOW_MS = 10 * 60_000;

const RULE: RateLimitRule = {
  name: 'refused-offer-codes',
  limit: REFUSED_CODES_PER_WINDOW,
  windowMs: REFUSED_CODES_WINDOW_MS,
  message: (retryAfterSeconds) => `Too many offer codes were not valid. Please try again in ${inMinutes(retryAfterSeconds)}.`,
};

/** Counted in the rate-limit store, so the limit holds across API processes when Redis is configured. */
@Injectable()
export class CodeGuessLimit {
  constructor(private readonly limiter: RateLimiter) {}

  /** 429 once the address has had its refused codes for the window. */
  ensureAllowed(clientAddress: string): Promise<void> {
    return this.limiter.ensureBelowLimit(RULE, clientAddress);
  }

  async recordRefused(clientAddress: string): Promise<void> {
    await this.limiter.record(RULE, clientAddress);
  }
}
