import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * What a subscription's orders do to its prepaid deliveries (credits). The subscriptions feature,
 * which builds on orders, carries it out and registers itself when the application starts; the
 * order moves call it inside their own transaction, so credits and money move together.
 */
export interface SubscriptionCredits {
  /** A pack's payment arrived: its deliveries become credits. */
  packPaid(manager: EntityManager, packOrderId: string): Promise<void>;
  /** A pack is cancelled: its deliveries not used yet are counted as refunded; answers what they cost, in paise. */
  refundUnused(manager: EntityManager, packOrderId: string): Promise<number>;
  /** A delivery's order is cancelled: the credit it used goes back to its pack. */
  returnCredit(manager: EntityManager, deliveryOrderId: string): Promise<void>;
}

@Injectable()
export class SubscriptionCreditsPort implements SubscriptionCredits {
  private credits: SubscriptionCredits | null = null;

  register(credits: SubscriptionCredits): void {
    this.credits = credits;
  }

  private get registered(): SubscriptionCredits {
    if (!this.credits) throw new Error("A subscription's order was moved, but no subscriptions feature is registered");
    return this.credits;
  }

  packPaid(manager: EntityManager, packOrderId: string): Promise<void> {
    return this.registered.packPaid(manager, packOrderId);
  }

  refundUnused(manager: EntityManager, packOrderId: string): Promise<number> {
    return this.registered.refundUnused(manager, packOrderId);
  }

  returnCredit(manager: EntityManager, deliveryOrderId: string): Promise<void> {
    return this.registered.returnCredit(manager, deliveryOrderId);
  }
}
