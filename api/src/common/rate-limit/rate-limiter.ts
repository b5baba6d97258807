import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ApiException } from '../http-errors';
import { RATE_LIMIT_STORE, type RateLimitStore, type RateWindow } from './rate-limit-store';

export interface RateLimitRule {
  /** Names the family of counters; keys in the store are `<name>:<subject>`. */
  name: string;
  /** Hits allowed in one window. */
  limit: number;
  windowMs: number;
  /** What the caller reads once the limit is reached. */
  message: (retryAfterSeconds: number) => string;
}

/** A wait for a message: "1 minute", "15 minutes". */
export function inMinutes(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 429 with the rule's message; `retryAfterSeconds` feeds the Retry-After header. */
export class TooManyRequestsException extends ApiException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}

/** Fixed-window rate limits over a pluggable store (in memory now, shared across processes later). */
@Injectable()
export class RateLimiter {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  /** Counts one call and refuses it when it goes past the rule's limit. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const window = await this.store.increment(this.key(rule, subject), rule.windowMs);
    if (window.count > rule.limit) throw this.refusal(rule, window);
  }

  /** Refuses when the recorded hits already reached the limit, without counting this call. */
  async ensureBelowLimit(rule: RateLimitRule, subject: string): Promise<void> {
    const window = await this.store.get(this.key(rule, subject));
    if (window && window.count >= rule.limit) throw this.refusal(rule, window);
  }

  /** Counts one hit (e.g. a failed sign-in) without refusing anything. */
  async record(rule: RateLimitRule, subject: string): Promise<RateWindow> {
    return this.store.increment(this.key(rule, subject), rule.windowMs);
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.delete(this.key(rule, subject));
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `${rule.name}:${subject}`;
  }

  private refusal(rule: RateLimitRule, window: RateWindow): TooManyRequestsException {
    const retryAfterSeconds = Math.max(1, Math.ceil(window.resetInMs / 1000));
    return new TooManyRequestsException(rule.message(retryAfterSeconds), retryAfterSeconds);
  }
}
