import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderStatus } from '@thalir/contracts';
import { ApiException } from '../common/http-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Outbox } from '../mail/outbox';
import { RefundsService } from '../refunds/refunds.service';
import { type Actor, type Effect, MoveRefused, type OrderFacts, paymentOutcome, planMove, REASONS, shortStockMessage, stockRefusal } from './order-lifecycle';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import { returnStock, type StockLine, takeStock } from './stock';
import { SubscriptionCreditsPort } from './subscription-credits';

/** An order as a move sees it, read under its row lock, with the database's clock. */
export interface LockedOrder extends OrderFacts {
  id: string;
  userId: string;
  /** Where the buyer's mails go. */
  buyerEmail: string;
  totalPaise: number;
  /** The provider payment that paid it. */
  paymentId: string | null;
  now: Date;
}

/** A payment the provider received for an order, as the verify call, a webhook or the provider's own list tells of it. */
export interface ReceivedPayment {
  providerPaymentId: string;
  amountPaise: number;
  method: string | null;
  seenVia: 'verify' | 'webhook' | 'provider';
}

/** What became of a payment: it paid the order, or it is being refunded for `refundReason`. */
export interface RecordedPayment {
  /** First heard of now (false: the same payment again, through another path or a retry). */
  fresh: boolean;
  credited: boolean;
  refundReason: string | null;
}

interface OrderLine {
  productId: string | null;
  name: string;
  quantity: number;
}

function stillInCatalogue(lines: OrderLine[]): StockLine[] {
  return lines.flatMap((line) => (line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }]));
}

/**
 * Carries out the moves the lifecycle (order-lifecycle.ts) allows, inside the caller's transaction:
 * lock the order, ask the table, apply each effect, record the move with who made it and why.
 */
@Injectable()
export class OrderMoves {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refunds: RefundsService,
    private readonly outbox: Outbox,
    private readonly subscriptionCredits: SubscriptionCreditsPort,
  ) {}

  /** The order under a row lock, or null; `ownerId` narrows it to one buyer's orders. */
  async lock(manager: EntityManager, orderId: string, ownerId?: string): Promise<LockedOrder | null> {
    const [order] = (await manager.query(
      `SELECT o.id, o.user_id AS "userId", (SELECT email FROM users WHERE id = o.user_id) AS "buyerEmail", o.status, o.payment_method AS "paymentMethod", o.is_paid AS "isPaid",
         o.payment_due_at AS "paymentDueAt", o.confirm_due_at AS "confirmDueAt", o.total_paise AS "totalPaise", o.razorpay_payment_id AS "paymentId",
         EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id) AS refunded, now() AS now, o.kind,
         coalesce((SELECT s.cancelled_at IS NOT NULL FROM subscriptions s WHERE s.id = o.subscription_id), false) AS "subscriptionCancelled"
       FROM orders o WHERE o.id = $1 ${ownerId ? 'AND o.user_id = $2' : ''} FOR UPDATE OF o`,
      ownerId ? [orderId, ownerId] : [orderId],
    )) as LockedOrder[];
    return order ?? null;
  }

  /**
   * Moves the order to `to` if the lifecycle lets `actor` do so; false when it already was there.
   * A refused move answers with the table's status and message.
   */
  async move(manager: EntityManager, order: LockedOrder, to: OrderStatus, actor: Actor, reason: string | null = null): Promise<boolean> {
    let plan;
    try {
      plan = planMove(order, to, actor, order.now, reason);
    } catch (error) {
      if (error instanceof MoveRefused) throw new ApiException(error.status === 403 ? HttpStatus.FORBIDDEN : HttpStatus.CONFLICT, error.message);
      throw error;
    }
    if (!plan) return false;
    for (const effect of plan.effects) await this.apply(manager, order, effect, plan.reason);
    await manager.query(`UPDATE orders SET status = $1, updated_at = now() WHERE id = $2`, [to, order.id]);
    await manager.insert(OrderStatusChangeEntity, {
      orderId: order.id,
      status: to,
      actor: actor.kind,
      changedBy: actor.kind === 'system' ? null : actor.id,
      reason: plan.reason,
    });
    return true;
  }

  /**
   * A payment the provider received for the order (verify call, webhook, or the provider's list), in
   * any order and any number of times: recorded once by its provider id; the first time, it pays the
   * order or, when the shop must not keep it (a cancelled order, a second payment, another amount),
   * it is refunded in full. A cancelled order is never paid without a refund.
   */
  async recordPayment(manager: EntityManager, order: LockedOrder, payment: ReceivedPayment): Promise<RecordedPayment> {
    const [inserted] = (await manager.query(
      `INSERT INTO payments (order_id, provider_payment_id, amount_paise, method, seen_via) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider_payment_id) DO NOTHING RETURNING id`,
      [order.id, payment.providerPaymentId, payment.amountPaise, payment.method, payment.seenVia],
    )) as { id: string }[];
    if (!inserted) return this.seenAgain(manager, order, payment);

    const outcome = paymentOutcome(order, payment.amountPaise);
    if (outcome.type === 'credit') {
      await manager.query(`UPDATE payments SET credited = true WHERE id = $1`, [inserted.id]);
      await manager.query(
        `UPDATE orders SET is_paid = true, paid_at = now(), razorpay_payment_id = $1, payment_due_at = NULL, updated_at = now() WHERE id = $2`,
        [payment.providerPaymentId, order.id],
      );
      await this.outbox.enqueue(manager, [{ kind: 'payment-received', to: order.buyerEmail, orderId: order.id }]);
      if (order.kind === 'subscription-pack') {
        await this.subscriptionCredits.packPaid(manager, order.id);
        if (order.status === 'pending') await this.move(manager, { ...order, isPaid: true }, 'processing', { kind: 'system' });
      }
      return { fresh: true, credited: true, refundReason: null };
    }
    if (order.status === 'cancelled' && !order.isPaid) {
      // The money arrived: the order shows it, and the refund beside it says it goes back.
      await manager.query(`UPDATE orders SET is_paid = true, paid_at = now(), razorpay_payment_id = $1, updated_at = now() WHERE id = $2`, [
        payment.providerPaymentId,
        order.id,
      ]);
    }
    await this.refunds.startGatewayRefund(manager, {
      orderId: order.id,
      buyerEmail: order.buyerEmail,
      amountPaise: payment.amountPaise,
      reason: outcome.reason,
      paymentId: payment.providerPaymentId,
    });
    return { fresh: true, credited: false, refundReason: outcome.reason };
  }

  /** The same payment again: it may add the method the first sighting lacked; what became of it stands. */
  private async seenAgain(manager: EntityManager, order: LockedOrder, payment: ReceivedPayment): Promise<RecordedPayment> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [[seen]] = (await manager.query(
      `UPDATE payments p SET method = coalesce(p.method, $2) WHERE p.provider_payment_id = $1
       RETURNING p.order_id AS "orderId", p.credited, (SELECT r.reason FROM refunds r WHERE r.payment_id = p.provider_payment_id) AS "refundReason"`,
      [payment.providerPaymentId, payment.method],
    )) as [{ orderId: string; credited: boolean; refundReason: string | null }[], number];
    if (seen.orderId !== order.id) {
      // A provider payment belongs to one provider order; this can only be a mix-up upstream.
      throw new ApiException(HttpStatus.CONFLICT, 'This payment belongs to another order');
    }
    return { fresh: false, credited: seen.credited, refundReason: seen.refundReason };
  }

  private refundOf(order: LockedOrder, reason: string) {
    return { orderId: order.id, buyerEmail: order.buyerEmail, amountPaise: order.totalPaise, reason };
  }

  private async apply(manager: EntityManager, order: LockedOrder, effect: Effect, reason: string | null): Promise<void> {
    switch (effect.type) {
      case 'releaseStock':
        return returnStock(manager, stillInCatalogue(await this.linesOf(manager, order.id)));
      case 'retakeStock':
        return this.retakeStock(manager, order.id);
      case 'releaseOfferUses':
        await manager.query(`UPDATE order_discounts SET released_at = now() WHERE order_id = $1 AND released_at IS NULL`, [order.id]);
        return;
      case 'reclaimOfferUses':
        // A single-use code another order took meanwhile stays with that order.
        await manager.query(
          `UPDATE order_discounts d SET released_at = NULL WHERE d.order_id = $1 AND d.released_at IS NOT NULL
             AND NOT (d.single_use AND EXISTS (SELECT 1 FROM order_discounts other WHERE other.code = d.code AND other.single_use AND other.released_at IS NULL))`,
          [order.id],
        );
        return;
      case 'refundPayment':
        if (order.paymentId) {
          return this.refunds.startGatewayRefund(manager, { ...this.refundOf(order, REASONS.refundOfCancelledOrder), paymentId: order.paymentId });
        }
        // Paid online before payments were recorded by id (an order.paid event alone): the staff refund it.
        return this.refunds.recordManualRefund(manager, this.refundOf(order, REASONS.refundOfCancelledOrder));
      case 'recordManualRefund':
        return this.refunds.recordManualRefund(manager, this.refundOf(order, REASONS.refundOfCancelledOrder));
      case 'refundUnusedCredits': {
        const amountPaise = await this.subscriptionCredits.refundUnused(manager, order.id);
        if (amountPaise === 0 || !order.paymentId) return;
        return this.refunds.startGatewayRefund(manager, {
          ...this.refundOf(order, REASONS.refundOfUnusedDeliveries),
          amountPaise,
          paymentId: order.paymentId,
        });
      }
      case 'returnCredit':
        return this.subscriptionCredits.returnCredit(manager, order.id);
      case 'collectCash':
        await manager.query(`UPDATE orders SET is_paid = true, paid_at = now() WHERE id = $1`, [order.id]);
        return;
      case 'startPaymentHold':
        await manager.query(`UPDATE orders SET payment_due_at = now() + $1 * interval '1 millisecond' WHERE id = $2`, [this.config.paymentHoldMs, order.id]);
        return;
      case 'endPaymentHold':
        await manager.query(`UPDATE orders SET payment_due_at = NULL WHERE id = $1`, [order.id]);
        return;
      case 'endConfirmationHold':
        await manager.query(`UPDATE orders SET confirm_due_at = NULL WHERE id = $1`, [order.id]);
        return;
      case 'notify':
        return this.outbox.enqueue(manager, [{ kind: effect.mail, to: order.buyerEmail, orderId: order.id, reason }]);
    }
  }

  private async retakeStock(manager: EntityManager, orderId: string): Promise<void> {
    const lines = await this.linesOf(manager, orderId);
    const reopenFailure = (reason: string, details?: Record<string, unknown>) =>
      new ApiException(HttpStatus.CONFLICT, `Cannot reopen this order: ${reason}`, details);
    const deleted = lines.find((line) => line.productId === null);
    if (deleted) throw reopenFailure(`${deleted.name} is no longer in the catalogue`);
    const { taken, lines: found } = await takeStock(manager, stillInCatalogue(lines));
    if (taken) return;
    const refusal = stockRefusal(found);
    if (refusal?.kind === 'short')
      throw reopenFailure(shortStockMessage(refusal.name, refusal.available), { product: refusal.productId, available: refusal.available });
    // The product was deleted after the lines were read.
    throw reopenFailure('one of its products is no longer in the catalogue');
  }

  /** Placing an order merges repeated products, so each product appears on one line. */
  private async linesOf(manager: EntityManager, orderId: string): Promise<OrderLine[]> {
    return (await manager.query(`SELECT product_id AS "productId", name, quantity FROM order_items WHERE order_id = $1`, [orderId])) as OrderLine[];
  }
}
