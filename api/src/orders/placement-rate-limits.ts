import { Inject, Injectable } from '@nestjs/common';
import { inMinutes, RateLimiter, type RateLimitRule } from '../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const MINUTE_MS = 60_000;

/**
 * How fast orders may be placed: per account (ORDERS_PER_MINUTE_PER_ACCOUNT) and per client address
 * (ORDERS_PER_MINUTE_PER_ADDRESS, set high enough for an office or a mobile network sharing one).
 * Counted in the rate-limit store, so the limits hold across API processes when Redis is configured.
 */
@Injectable()
export class PlacementRateLimits {
  private readonly perAccount: RateLimitRule;
  private readonly perAddress: RateLimitRule;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {
    this.perAccount = {
      name: 'orders-per-account',
      limit: config.orderLimits.perMinutePerAccount,
      windowMs: MINUTE_MS,
      message: (retryAfterSeconds) => `You are placing orders too quickly. Please try again in ${inMinutes(retryAfterSeconds)}.`,
    };
    this.perAddress = {
      name: 'orders-per-address',
      limit: config.orderLimits.perMinutePerAddress,
      windowMs: MINUTE_MS,
      message: (retryAfterSeconds) => `Too many orders are being placed from your network. Please try again in ${inMinutes(retryAfterSeconds)}.`,
    };
  }

  /** Counts one attempt to place an order; 429 with a message past either limit. */
  async admit(accountId: string, clientAddress: string): Promise<void> {
    await this.limiter.consume(this.perAddress, clientAddress);
    await this.limiter.consume(this.perAccount, accountId);
  }
}
