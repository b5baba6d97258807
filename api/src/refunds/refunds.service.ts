import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { OrderRefund, RefundStatus } from '@thalir/contracts';
import { recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import { isUuid } from '../common/ids';
import { paiseToRupees } from '../common/money';
import { JobQueue } from '../jobs/job-queue';
import { Outbox } from '../mail/outbox';
import { RefundAttemptEntity } from './refund-attempt.entity';
import { RefundEntity } from './refund.entity';
import { applyReport, type Attempt, type ProviderReport, refundStateOf, retryRefusal } from './refund-states';

/** The queue whose jobs ask the payment provider for a refund (see payments/refund-payment.job.ts). */
export const REFUND_QUEUE = 'refund-payment';

export interface RefundRequest {
  orderId: string;
  /** Told by mail that the refund started, and when it is processed. */
  buyerEmail: string;
  amountPaise: number;
  reason: string;
}

/** A report from the provider about one of its refunds: the call's answer, or a webhook. */
export interface ProviderRefundReport extends ProviderReport {
  gatewayRefundId: string;
}

/** An attempt the refund job is to carry out, with the payment it gives back. */
export interface AttemptToRequest {
  id: string;
  refundId: string;
  orderId: string;
  paymentId: string;
  amountPaise: number;
  status: RefundStatus;
  gatewayRefundId: string | null;
}

interface LockedRefund {
  id: string;
  orderId: string;
  buyerEmail: string;
  amountPaise: number;
  status: RefundStatus;
  manual: boolean;
  refundedPaise: number;
}

const ATTEMPT_COLUMNS = `id, amount_paise AS "amountPaise", status, reported_paise AS "reportedPaise", failure_reason AS "failureReason"`;

/**
 * The refund ledger. A refund is recorded in the transaction of the change that owes it (a cancel,
 * a payment the shop cannot keep), together with its first attempt and the job that asks the
 * provider for it, so the money is owed exactly when the change commits. Unique indexes keep it to
 * one refund per payment received. The rules (what a report does, what a refund's state is) are in
 * refund-states.ts; this class reads and writes them under row locks.
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: Outbox,
  ) {}

  /** A refund of an online payment through the provider; once per payment, however often asked. */
  async startGatewayRefund(manager: EntityManager, request: RefundRequest & { paymentId: string }): Promise<void> {
    const [created] = (await manager.query(
      `INSERT INTO refunds (order_id, amount_paise, payment_id, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payment_id) WHERE payment_id IS NOT NULL DO NOTHING RETURNING id`,
      [request.orderId, request.amountPaise, request.paymentId, request.reason],
    )) as { id: string }[];
    if (!created) return;
    await this.addAttempt(manager, created.id, request.amountPaise);
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

  /** The attempt a refund job carries out, or null when it no longer exists. */
  async attemptToRequest(attemptId: string): Promise<AttemptToRequest | null> {
    if (!isUuid(attemptId)) return null;
    const [attempt] = (await this.dataSource.query(
      `SELECT a.id, a.refund_id AS "refundId", r.order_id AS "orderId", r.payment_id AS "paymentId", a.amount_paise AS "amountPaise",
         a.status, a.gateway_refund_id AS "gatewayRefundId"
       FROM refund_attempts a JOIN refunds r ON r.id = a.refund_id WHERE a.id = $1`,
      [attemptId],
    )) as AttemptToRequest[];
    return attempt ?? null;
  }

  /** The provider's answer to the refund call of an attempt. */
  async recordAnswer(attemptId: string, report: ProviderRefundReport): Promise<void> {
    await this.dataSource.transaction((manager) => this.applyReportTo(manager, { attemptId }, report));
  }

  /** The provider refused the attempt, or could not be reached on its last try. */
  async recordFailure(attemptId: string, failureReason: string): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.applyReportTo(manager, { attemptId }, { status: 'failed', amountPaise: null, failureReason: failureReason.slice(0, 500) }),
    );
  }

  /**
   * A provider webhook about a refund, matched by the provider's refund id or, when it overtook the
   * call's own answer, by the attempt reference the refund was requested with. False when the shop
   * knows no such refund.
   */
  async recordWebhook(manager: EntityManager, attemptReference: string | null, report: ProviderRefundReport): Promise<boolean> {
    return this.applyReportTo(
      manager,
      { attemptId: attemptReference && isUuid(attemptReference) ? attemptReference : null, gatewayRefundId: report.gatewayRefundId },
      report,
    );
  }

  /**
   * Moves one attempt by a report and its refund with it. The refund row is locked first (then the
   * attempt), so reports about two attempts of one refund settle one after the other.
   */
  private async applyReportTo(
    manager: EntityManager,
    match: { attemptId: string | null; gatewayRefundId?: string },
    report: ProviderReport & { gatewayRefundId?: string },
  ): Promise<boolean> {
    const [found] = (await manager.query(`SELECT refund_id AS "refundId" FROM refund_attempts WHERE id = $1 OR gateway_refund_id = $2 LIMIT 1`, [
      match.attemptId,
      match.gatewayRefundId ?? null,
    ])) as { refundId: string }[];
    if (!found) return false;
    const refund = await this.lockRefund(manager, found.refundId);
    const [attempt] = (await manager.query(
      `SELECT ${ATTEMPT_COLUMNS} FROM refund_attempts WHERE (id = $1 OR gateway_refund_id = $2) AND refund_id = $3 FOR UPDATE`,
      [match.attemptId, match.gatewayRefundId ?? null, refund.id],
    )) as (Attempt & { id: string })[];
    const next = applyReport(attempt, report) ?? attempt;
    // The provider's id is kept even from a report that changes nothing else, so later webhooks find the attempt.
    await manager.query(
      `UPDATE refund_attempts SET gateway_refund_id = coalesce(gateway_refund_id, $2), status = $3, reported_paise = $4, failure_reason = $5, updated_at = now()
       WHERE id = $1`,
      [attempt.id, report.gatewayRefundId ?? null, next.status, next.reportedPaise, next.failureReason],
    );
    if (next !== attempt) await this.settle(manager, refund);
    return true;
  }

  /** Sets the refund's state from its attempts; mails the buyer when it becomes processed. */
  private async settle(manager: EntityManager, refund: LockedRefund): Promise<void> {
    const attempts = (await manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM refund_attempts WHERE refund_id = $1 ORDER BY created_at, id`, [
      refund.id,
    ])) as Attempt[];
    const state = refundStateOf(refund.amountPaise, attempts);
    await manager.query(
      `UPDATE refunds SET status = $2::text, refunded_paise = $3, failure_reason = $4,
         processed_at = CASE WHEN $2::text = 'processed' THEN coalesce(processed_at, now()) ELSE processed_at END, updated_at = now()
       WHERE id = $1`,
      [refund.id, state.status, state.refundedPaise, state.failureReason],
    );
    if (state.status === 'processed' && refund.status !== 'processed') await this.announce(manager, 'refund-processed', refund);
  }

  private async addAttempt(manager: EntityManager, refundId: string, amountPaise: number): Promise<void> {
    const [attempt] = (await manager.query(`INSERT INTO refund_attempts (refund_id, amount_paise) VALUES ($1, $2) RETURNING id`, [refundId, amountPaise])) as {
      id: string;
    }[];
    await this.jobs.sendWithin(manager, REFUND_QUEUE, { attemptId: attempt.id });
  }

  private async lockRefund(manager: EntityManager, refundId: string): Promise<LockedRefund> {
    const [refund] = (await manager.query(
      `SELECT r.id, r.order_id AS "orderId", u.email AS "buyerEmail", r.amount_paise AS "amountPaise", r.status, r.manual,
         r.refunded_paise AS "refundedPaise"
       FROM refunds r JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = o.user_id WHERE r.id = $1 FOR UPDATE OF r`,
      [refundId],
    )) as LockedRefund[];
    return refund;
  }

  /** Mails the buyer about a refund, in the transaction that records it. */
  private announce(
    manager: EntityManager,
    kind: 'refund-started' | 'refund-processed',
    refund: Pick<LockedRefund, 'id' | 'orderId' | 'buyerEmail'>,
  ): Promise<void> {
    return this.outbox.enqueue(manager, [{ kind, to: refund.buyerEmail, orderId: refund.orderId, refundId: refund.id }]);
  }

  /** The staff handed the cash back. */
  async settleManual(refundId: string, act: StaffAct): Promise<void> {
    const refund = await this.require(refundId);
    if (!refund.manual) throw new ConflictException('This refund goes through the payment provider; it settles by itself');
    await this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE refunds r SET status = 'processed', refunded_paise = amount_paise, processed_at = now(), updated_at = now()
         FROM orders o JOIN users u ON u.id = o.user_id
         WHERE r.id = $1 AND r.status <> 'processed' AND o.id = r.order_id
         RETURNING r.id, r.order_id AS "orderId", u.email AS "buyerEmail"`,
        [refundId],
      )) as [LockedRefund[], number];
      if (rows[0]) {
        await this.announce(manager, 'refund-processed', rows[0]);
        await recordAudit(manager, {
          actor: act,
          action: 'refund.settle',
          entity: 'refund',
          entityId: refundId,
          before: { status: refund.status },
          after: { status: 'processed' },
        });
      }
    });
  }

  /**
   * Asks the provider again, as a new attempt with its own reference, for what a failed or short
   * refund still owes; its job runs like the first one.
   */
  async retry(refundId: string, act: StaffAct): Promise<void> {
    await this.require(refundId);
    await this.dataSource.transaction(async (manager) => {
      const refund = await this.lockRefund(manager, refundId);
      const refusal = retryRefusal(refund);
      if (refusal) throw new ConflictException(refusal);
      await this.addAttempt(manager, refund.id, refund.amountPaise - refund.refundedPaise);
      await recordAudit(manager, {
        actor: act,
        action: 'refund.retry',
        entity: 'refund',
        entityId: refundId,
        before: { status: refund.status, refundedPaise: refund.refundedPaise },
        after: { askedPaise: refund.amountPaise - refund.refundedPaise },
      });
      await this.settle(manager, refund);
    });
  }

  /**
   * One refund line per order for the order JSON: the amounts added up, the refund that needs
   * attention first (failed or mismatched, then pending) when an order has more than one, and every
   * attempt made with the provider.
   */
  async summaries(orderIds: string[]): Promise<Map<string, OrderRefund>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(RefundEntity).find({ where: { orderId: In(orderIds) }, order: { createdAt: 'ASC' } });
    if (rows.length === 0) return new Map();
    const attempts = await this.dataSource
      .getRepository(RefundAttemptEntity)
      .find({ where: { refundId: In(rows.map((refund) => refund.id)) }, order: { createdAt: 'ASC', id: 'ASC' } });
    const urgency: Record<RefundStatus, number> = { mismatch: 3, failed: 2, pending: 1, processed: 0 };
    const byOrder = new Map<string, { lead: RefundEntity; totalPaise: number; refundedPaise: number; refundIds: Set<string> }>();
    for (const refund of rows) {
      const seen = byOrder.get(refund.orderId);
      if (!seen) {
        byOrder.set(refund.orderId, { lead: refund, totalPaise: refund.amountPaise, refundedPaise: refund.refundedPaise, refundIds: new Set([refund.id]) });
        continue;
      }
      seen.totalPaise += refund.amountPaise;
      seen.refundedPaise += refund.refundedPaise;
      seen.refundIds.add(refund.id);
      if (urgency[refund.status] > urgency[seen.lead.status]) seen.lead = refund;
    }
    return new Map(
      [...byOrder].map(([orderId, { lead, totalPaise, refundedPaise, refundIds }]) => [
        orderId,
        {
          _id: lead.id,
          status: lead.status,
          amount: paiseToRupees(totalPaise),
          createdAt: lead.createdAt.toISOString(),
          manual: lead.manual,
          failureReason: lead.failureReason,
          refunded: paiseToRupees(refundedPaise),
          attempts: attempts
            .filter((attempt) => refundIds.has(attempt.refundId))
            .map((attempt) => ({
              _id: attempt.id,
              status: attempt.status,
              amount: paiseToRupees(attempt.amountPaise),
              reported: attempt.reportedPaise === null ? null : paiseToRupees(attempt.reportedPaise),
              providerRefundId: attempt.gatewayRefundId,
              failureReason: attempt.failureReason,
              createdAt: attempt.createdAt.toISOString(),
            })),
        },
      ]),
    );
  }

  private async require(refundId: string): Promise<RefundEntity> {
    const refund = isUuid(refundId) ? await this.dataSource.getRepository(RefundEntity).findOneBy({ id: refundId }) : null;
    if (!refund) throw new NotFoundException('Refund not found');
    return refund;
  }
}
