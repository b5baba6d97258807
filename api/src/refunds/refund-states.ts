import type { RefundStatus } from '@thalir/contracts';
import { formatPaise } from '../common/format';

/**
 * The rules of a refund, in one place. A refund is money the shop owes back; each request to the
 * provider for it is an attempt (its own idempotency reference); what the provider reports about an
 * attempt, from the call's answer or a webhook in any order, moves that attempt; the refund's own
 * status and the amount refunded follow from its attempts.
 */

/** What the provider said of one refund request. */
export interface ProviderReport {
  status: 'pending' | 'processed' | 'failed';
  /** Paise the provider says it refunded (or is refunding); null when it did not say. */
  amountPaise: number | null;
  failureReason?: string | null;
}

export interface AttemptState {
  status: RefundStatus;
  /** Paise the provider reported as refunded, once it has. */
  reportedPaise: number | null;
  failureReason: string | null;
}

export interface Attempt extends AttemptState {
  amountPaise: number;
}

const same = (a: AttemptState, b: AttemptState) => a.status === b.status && a.reportedPaise === b.reportedPaise && a.failureReason === b.failureReason;

export function mismatchReason(reportedPaise: number, askedPaise: number): string {
  return `The payment provider reported ${formatPaise(reportedPaise)} refunded, not ${formatPaise(askedPaise)}`;
}

/**
 * The attempt after a report, or null when the report changes nothing. Money that moved outranks
 * anything else: a processed attempt never goes back to pending or failed, and a processed amount
 * other than the one asked for is kept as a mismatch for staff, never taken as the whole refund.
 */
export function applyReport(attempt: Attempt, report: ProviderReport): AttemptState | null {
  let next: AttemptState;
  if (report.status === 'processed') {
    const reported = report.amountPaise ?? attempt.amountPaise;
    next =
      reported === attempt.amountPaise
        ? { status: 'processed', reportedPaise: reported, failureReason: null }
        : { status: 'mismatch', reportedPaise: reported, failureReason: mismatchReason(reported, attempt.amountPaise) };
  } else if (attempt.status === 'processed' || attempt.status === 'mismatch') {
    return null;
  } else if (report.status === 'failed') {
    next = {
      status: 'failed',
      reportedPaise: null,
      failureReason: report.failureReason ?? attempt.failureReason ?? 'The payment provider could not refund this payment',
    };
  } else {
    // "Pending" is older news than a failure the shop already heard of.
    if (attempt.status === 'failed') return null;
    next = { status: 'pending', reportedPaise: null, failureReason: null };
  }
  return same(attempt, next) ? null : next;
}

export interface RefundState {
  status: RefundStatus;
  refundedPaise: number;
  failureReason: string | null;
}

/**
 * A refund's state from its attempts (oldest first): refunded is what the provider reported as paid
 * out; the refund is processed when exactly the amount owed went back, a mismatch when more did or
 * when the last report was short, and otherwise as its latest attempt stands.
 */
export function refundStateOf(amountPaise: number, attempts: readonly Attempt[]): RefundState {
  const refundedPaise = attempts.reduce(
    (sum, attempt) => sum + (attempt.status === 'processed' || attempt.status === 'mismatch' ? (attempt.reportedPaise ?? 0) : 0),
    0,
  );
  const latest = attempts.at(-1);
  if (refundedPaise > amountPaise) {
    return { status: 'mismatch', refundedPaise, failureReason: mismatchReason(refundedPaise, amountPaise) };
  }
  if (refundedPaise === amountPaise) return { status: 'processed', refundedPaise, failureReason: null };
  if (!latest || latest.status === 'pending') return { status: 'pending', refundedPaise, failureReason: null };
  if (latest.status === 'failed') return { status: 'failed', refundedPaise, failureReason: latest.failureReason };
  return { status: 'mismatch', refundedPaise, failureReason: latest.failureReason ?? mismatchReason(refundedPaise, amountPaise) };
}

/** Why staff may not ask the provider again for this refund, or null when they may (for what is still owed). */
export function retryRefusal(refund: { manual: boolean; status: RefundStatus; amountPaise: number; refundedPaise: number }): string | null {
  if (refund.manual) return 'This is a cash refund: mark it settled once the money is handed back';
  if (refund.status === 'pending') return 'This refund is pending: the payment provider has not answered yet';
  if (refund.status === 'processed') return 'This refund is processed, not failed';
  if (refund.refundedPaise >= refund.amountPaise) return 'The payment provider already refunded this amount or more; nothing is left to ask for';
  return null;
}
