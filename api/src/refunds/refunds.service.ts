import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { OrderRefund, RefundStatus } from '@thalir/contracts';
import { isUuid } from '../common/ids';
import { paiseToRupees } from '../common/money';
import { JobQueue } from '../jobs/job-queue';
import { Outbox } from '../mail/outbox';
import { RefundEntity } from './refund.entity';

/** The queue whose jobs ask the payment provider for a refund (see payments/refund-payment.job.ts). */
export const REFUND_QUEUE = 'refund-payment';

export interface RefundRequest {
  orderId: string;
  /** Told by mail that the refund started, and when it is processed. */
  buyerEmail: string;
  amountPaise: number;
  reason: string;
}

/** The buyer's email of a refund's order, for UPDATE … RETURNING. */
const BUYER_EMAIL = `(SELECT u.email FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = refunds.order_id) AS "buyerEmail"`;

interface SettledRefund {
  id: string;
  orderId: string;
  buyerEmail: string;
}

/** What the provider says of a refund, from its answer or from a webhook. */
export interface GatewayRefundState {
  gatewayRefundId: string;
  status: RefundStatus;
  failureReason?: string | null;
}

/**
 * The refund ledger. A refund is recorded in the transaction of the change that owes it (a cancel,
 * a late payment), together with the job that asks the provider for it, so the money is owed
 * exactly when the change commits. Unique indexes keep it to one refund per payment received.
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: Outbox,
  ) {}

  /** A full refund of an online payment, through the provider; once per payment, however often asked. */
  async startGatewayRefund(manager: EntityManager, request: RefundRequest & { paymentId: string }): Promise<void> {
    const [created] = (await manager.query(
      `INSERT INTO refunds (order_id, amount_paise, payment_id, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payment_id) WHERE payment_id IS NOT NULL DO NOTHING RETURNING id`,
      [request.orderId, request.amountPaise, request.paymentId, request.reason],
    )) as { id: string }[];
    if (!created) return;
    await this.jobs.sendWithin(manager, REFUND_QUEUE, { refundId: created.id });
    await this.announce(manager, 'refund-started', { id: created.id, orderId: request.orderId, buyerEmail: request.buyerEmail });
  }

  /** Cash the shop took and must hand back: recorded for the staff to settle. */
  async recordManualRefund(manager: EntityManager, request: RefundRequest): Promise<void> {
    const [created] = (await manager.query(
      `INSERT INTO refunds (order_id, amount_paise, reason, manual) VALUES ($1, $2, $3, true)
       ON CONFLICT (order_id) WHERE payment_id IS NULL DO NOTHING RETURNING id`,
      [request.orderId, request.amountPaise, request.reason],
    )) as { id: string }[];
    if (created) await this.announce(manager, 'refund-started', { id: created.id, orderId: request.orderId, buyerEmail: request.buyerEmail });
  }

  /**
   * Records what the provider said. A refund never leaves `processed`, so a late or repeated answer
   * (the call's own answer after the webhook, or the other way round) cannot undo it.
   */
  async recordGatewayState(refundId: string, state: GatewayRefundState): Promise<void> {
    await this.dataSource.transaction((manager) => this.applyGatewayState(manager, 'id = $1', refundId, state));
  }

  /** Sets the provider's answer on the refund `match` finds (`$1` the shop's id, `$2` the provider's); mails the buyer once it is processed. */
  private async applyGatewayState(manager: EntityManager, match: string, shopRefundId: string | null, state: GatewayRefundState): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE refunds SET gateway_refund_id = coalesce(gateway_refund_id, $2),
         status = $3::text,
         failure_reason = CASE WHEN $3::text = 'failed' THEN $4 ELSE NULL END,
         processed_at = CASE WHEN $3::text = 'processed' THEN now() ELSE processed_at END,
         updated_at = now()
       WHERE ${match} AND status <> 'processed'
       RETURNING id, order_id AS "orderId", ${BUYER_EMAIL}`,
      [shopRefundId, state.gatewayRefundId, state.status, state.failureReason?.slice(0, 500) ?? null],
    )) as [SettledRefund[], number];
    if (rows[0] && state.status === 'processed') await this.announce(manager, 'refund-processed', rows[0]);
    return rows.length > 0;
  }

  /** Mails the buyer about a refund, in the transaction that records it. */
  private announce(manager: EntityManager, kind: 'refund-started' | 'refund-processed', refund: SettledRefund): Promise<void> {
    return this.outbox.enqueue(manager, [{ kind, to: refund.buyerEmail, orderId: refund.orderId, refundId: refund.id }]);
  }

  /** The provider refused the refund, or could not be reached on the last attempt. */
  async recordFailure(refundId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE refunds SET status = 'failed', failure_reason = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [refundId, reason.slice(0, 500)],
    );
  }

  /**
   * A provider webhook about a refund, matched by the provider's id or, when it overtook the refund
   * call's own answer, by the shop's refund id the refund was created with.
   */
  async recordWebhook(manager: EntityManager, shopRefundId: string | null, state: GatewayRefundState): Promise<boolean> {
    return this.applyGatewayState(manager, '(gateway_refund_id = $2 OR id = $1)', shopRefundId && isUuid(shopRefundId) ? shopRefundId : null, state);
  }

  async find(refundId: string): Promise<RefundEntity | null> {
    return isUuid(refundId) ? this.dataSource.getRepository(RefundEntity).findOneBy({ id: refundId }) : null;
  }

  /** The staff handed the cash back. */
  async settleManual(refundId: string): Promise<void> {
    const refund = await this.require(refundId);
    if (!refund.manual) throw new ConflictException('This refund goes through the payment provider; it settles by itself');
    await this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE refunds SET status = 'processed', processed_at = now(), updated_at = now() WHERE id = $1 AND status <> 'processed'
         RETURNING id, order_id AS "orderId", ${BUYER_EMAIL}`,
        [refundId],
      )) as [SettledRefund[], number];
      if (rows[0]) await this.announce(manager, 'refund-processed', rows[0]);
    });
  }

  /** Asks the provider again for a refund it refused. */
  async retryFailed(refundId: string): Promise<void> {
    const refund = await this.require(refundId);
    if (refund.manual) throw new ConflictException('This is a cash refund: mark it settled once the money is handed back');
    if (refund.status !== 'failed') throw new ConflictException(`This refund is ${refund.status}, not failed`);
    await this.dataSource.transaction(async (manager) => {
      const [, updated] = (await manager.query(
        `UPDATE refunds SET status = 'pending', failure_reason = NULL, updated_at = now() WHERE id = $1 AND status = 'failed'`,
        [refundId],
      )) as [unknown, number];
      if (updated > 0) await this.jobs.sendWithin(manager, REFUND_QUEUE, { refundId });
    });
  }

  /**
   * One refund line per order for the order JSON: the amounts added up, and the refund that needs
   * attention first (failed, then pending) when an order has more than one.
   */
  async summaries(orderIds: string[]): Promise<Map<string, OrderRefund>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(RefundEntity).find({ where: { orderId: In(orderIds) }, order: { createdAt: 'ASC' } });
    const urgency: Record<RefundStatus, number> = { failed: 2, pending: 1, processed: 0 };
    const byOrder = new Map<string, { lead: RefundEntity; totalPaise: number }>();
    for (const refund of rows) {
      const seen = byOrder.get(refund.orderId);
      if (!seen) byOrder.set(refund.orderId, { lead: refund, totalPaise: refund.amountPaise });
      else {
        seen.totalPaise += refund.amountPaise;
        if (urgency[refund.status] > urgency[seen.lead.status]) seen.lead = refund;
      }
    }
    return new Map(
      [...byOrder].map(([orderId, { lead, totalPaise }]) => [
        orderId,
        {
          _id: lead.id,
          status: lead.status,
          amount: paiseToRupees(totalPaise),
          createdAt: lead.createdAt.toISOString(),
          manual: lead.manual,
          failureReason: lead.failureReason,
        },
      ]),
    );
  }

  private async require(refundId: string): Promise<RefundEntity> {
    const refund = await this.find(refundId);
    if (!refund) throw new NotFoundException('Refund not found');
    return refund;
  }
}
