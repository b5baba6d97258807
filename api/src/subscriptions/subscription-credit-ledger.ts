import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox } from '../mail/outbox';
import { type SubscriptionCredits, SubscriptionCreditsPort } from '../orders/subscription-credits';

/**
 * The credits ledger of subscriptions (subscription_packs: deliveries bought, used, refunded; left is
 * the rest), moved by the orders of a subscription inside the order move's transaction. The job that
 * makes deliveries uses credits in its own statement (subscription-orders.ts), oldest pack first.
 */
@Injectable()
export class SubscriptionCreditLedger implements SubscriptionCredits, OnModuleInit {
  constructor(
    private readonly port: SubscriptionCreditsPort,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit(): void {
    this.port.register(this);
  }

  /** The pack's deliveries become credits; the first pack paid starts the subscription, and its customer is told. */
  async packPaid(manager: EntityManager, packOrderId: string): Promise<void> {
    const [[pack]] = (await manager.query(
      `UPDATE subscription_packs p SET paid_at = now() WHERE p.order_id = $1 AND p.paid_at IS NULL
       RETURNING p.subscription_id AS "subscriptionId",
         NOT EXISTS (SELECT 1 FROM subscription_packs other WHERE other.subscription_id = p.subscription_id AND other.paid_at IS NOT NULL) AS first,
         (SELECT coalesce(sum(other.deliveries - other.used - other.refunded), 0)::int FROM subscription_packs other
           WHERE other.subscription_id = p.subscription_id AND other.paid_at IS NOT NULL) + p.deliveries AS "creditsLeft",
         (SELECT u.email FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.id = p.subscription_id) AS email`,
      [packOrderId],
    )) as [{ subscriptionId: string; first: boolean; creditsLeft: number; email: string }[], number];
    if (pack?.first) {
      await this.outbox.enqueue(manager, [
        { kind: 'subscription-started', to: pack.email, subscriptionId: pack.subscriptionId, creditsLeft: pack.creditsLeft },
      ]);
    }
  }

  async refundUnused(manager: EntityManager, packOrderId: string): Promise<number> {
    const [[refunded]] = (await manager.query(
      `UPDATE subscription_packs p SET refunded = p.deliveries - p.used
       FROM (SELECT id, deliveries - used - refunded AS unused FROM subscription_packs WHERE order_id = $1 AND paid_at IS NOT NULL FOR NO KEY UPDATE) AS before
       WHERE p.id = before.id RETURNING before.unused * p.price_paise AS paise`,
      [packOrderId],
    )) as [{ paise: number }[], number];
    return refunded?.paise ?? 0;
  }

  async returnCredit(manager: EntityManager, deliveryOrderId: string): Promise<void> {
    await manager.query(
      `WITH day AS (
         UPDATE subscription_deliveries SET status = 'cancelled', note = 'This delivery was cancelled; its credit is back on your subscription', updated_at = now()
         WHERE order_id = $1 AND status = 'ordered' RETURNING pack_id
       )
       UPDATE subscription_packs p SET used = p.used - 1 FROM day WHERE p.id = day.pack_id`,
      [deliveryOrderId],
    );
  }
}
