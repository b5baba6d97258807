import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderStatus } from '@thalir/contracts';
import { ApiException } from '../common/http-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Outbox } from '../mail/outbox';
import { RefundsService } from '../refunds/refunds.service';
import { type Actor, type Effect, MoveRefused, type OrderFacts, paymentOutcome, type PaymentOutcome, planMove, REASONS } from './order-lifecycle';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import { ProductUnavailableError, returnStock, shortStockMessage, type StockLine, takeStock } from './stock';

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
  ) {}

  /** The order under a row lock, or null; `ownerId` narrows it to one buyer's orders. */
  async lock(manager: EntityManager, orderId: string, ownerId?: string): Promise<LockedOrder | null> {
    const [order] = (await manager.query(
      `SELECT o.id, o.user_id AS "userId", (SELECT email FROM users WHERE id = o.user_id) AS "buyerEmail", o.status, o.payment_method AS "paymentMethod", o.is_paid AS "isPaid",
         o.payment_due_at AS "paymentDueAt", o.total_paise AS "totalPaise", o.razorpay_payment_id AS "paymentId",
         EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id) AS refunded, now() AS now
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
   * A verified payment for the order (verify call or webhook, in any order, any number of times).
   * Money the shop must not keep, a payment for a cancelled order or a second one, is recorded
   * and refunded in full; a cancelled order is never paid without a refund.
   */
  async recordPayment(manager: EntityManager, order: LockedOrder, paymentId: string | null): Promise<PaymentOutcome> {
    const outcome = paymentOutcome(order, paymentId);
    if (outcome.type === 'repeat') return outcome;
    if (outcome.type === 'credit') {
      await manager.query(
        `UPDATE orders SET is_paid = true, paid_at = now(), razorpay_payment_id = coalesce($1, razorpay_payment_id),
           payment_due_at = NULL, updated_at = now() WHERE id = $2`,
        [paymentId, order.id],
      );
      await this.outbox.enqueue(manager, [{ kind: 'payment-received', to: order.buyerEmail, orderId: order.id }]);
      return outcome;
    }
    if (!order.isPaid) {
      // The money arrived: the order shows it, and the refund beside it says it goes back.
      await manager.query(`UPDATE orders SET is_paid = true, paid_at = now(), razorpay_payment_id = $1, updated_at = now() WHERE id = $2`, [
        paymentId,
        order.id,
      ]);
    }
    await this.refunds.startGatewayRefund(manager, { ...this.refundOf(order, outcome.reason), paymentId: paymentId! });
    return outcome;
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
      case 'refundPayment':
        if (order.paymentId) {
          return this.refunds.startGatewayRefund(manager, { ...this.refundOf(order, REASONS.refundOfCancelledOrder), paymentId: order.paymentId });
        }
        // Paid online without a recorded payment id (an order.paid event alone): the staff refund it.
        return this.refunds.recordManualRefund(manager, this.refundOf(order, REASONS.refundOfCancelledOrder));
      case 'recordManualRefund':
        return this.refunds.recordManualRefund(manager, this.refundOf(order, REASONS.refundOfCancelledOrder));
      case 'collectCash':
        await manager.query(`UPDATE orders SET is_paid = true, paid_at = now() WHERE id = $1`, [order.id]);
        return;
      case 'startPaymentHold':
        await manager.query(`UPDATE orders SET payment_due_at = now() + $1 * interval '1 millisecond' WHERE id = $2`, [this.config.paymentHoldMs, order.id]);
        return;
      case 'endPaymentHold':
        await manager.query(`UPDATE orders SET payment_due_at = NULL WHERE id = $1`, [order.id]);
        return;
      case 'notify':
        return this.outbox.enqueue(manager, [{ kind: effect.mail, to: order.buyerEmail, orderId: order.id, reason }]);
    }
  }

  private async retakeStock(manager: EntityManager, orderId: string): Promise<void> {
    const lines = await this.linesOf(manager, orderId);
    const deleted = lines.find((line) => line.productId === null);
    const reopenFailure = (reason: string) => new ApiException(HttpStatus.CONFLICT, `Cannot reopen this order: ${reason}`);
    if (deleted) throw reopenFailure(`${deleted.name} is no longer in the catalogue`);
    try {
      await takeStock(manager, stillInCatalogue(lines), (name, available) => `Cannot reopen this order: ${shortStockMessage(name, available)}`);
    } catch (error) {
      // The product was deleted after the lines were read.
      if (error instanceof ProductUnavailableError) throw reopenFailure('one of its products is no longer in the catalogue');
      throw error;
    }
  }

  /** Placing an order merges repeated products, so each product appears on one line. */
  private async linesOf(manager: EntityManager, orderId: string): Promise<OrderLine[]> {
    return (await manager.query(`SELECT product_id AS "productId", name, quantity FROM order_items WHERE order_id = $1`, [orderId])) as OrderLine[];
  }
}
