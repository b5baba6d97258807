import type { ActorKind, OrderStatus, PaymentMethod } from '@thalir/contracts';
import { ORDER_REASONS, ORDER_STATUSES } from '@thalir/contracts';

/**
 * The life of an order, in one place: which status may follow which, who may make each move, what
 * refuses it, and what it does to stock, money and mail. Services ask `planMove` and carry out the
 * effects it lists; they hold no status rules of their own.
 *
 * ```
 *            ┌──── buyer: "cancelled by customer" ─────┐
 *            ├──── system: "payment window expired" ───┤
 *  pending ──┴── admin: any status to any other ───────┴──> cancelled
 *                (a refunded order never leaves cancelled)
 * ```
 */

export type Actor = { kind: 'admin'; id: string } | { kind: 'buyer'; id: string } | { kind: 'system' };

/** What a move needs to know about the order as it stands (read under its row lock). */
export interface OrderFacts {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  /** A refund has been recorded for the order (whatever its state). */
  refunded: boolean;
  /** When an unpaid online order's hold on its stock ends. */
  paymentDueAt: Date | null;
}

/** Mails a move sends to the buyer (delivered through the outbox). */
export type OrderMail = 'order-shipped' | 'order-delivered' | 'order-cancelled' | 'payment-window-expired';

export type Effect =
  /** The order's units go back on the shelf. */
  | { type: 'releaseStock' }
  /** The order's units are taken again; 409 when they are gone. */
  | { type: 'retakeStock' }
  /** A full refund of the online payment through the payment provider, started once. */
  | { type: 'refundPayment' }
  /** A paid cash order: a refund recorded for the staff to hand back. */
  | { type: 'recordManualRefund' }
  /** Cash on delivery: the order is paid when it is delivered. */
  | { type: 'collectCash' }
  /** An unpaid online order waiting for payment again: a new payment window. */
  | { type: 'startPaymentHold' }
  | { type: 'endPaymentHold' }
  | { type: 'notify'; mail: OrderMail };

export const REASONS = {
  ...ORDER_REASONS,
  refundOfSecondPayment: 'refund of a second payment',
  refundOfCancelledOrder: 'order cancelled after payment',
} as const;

/** A move that may not be made; `status` is the HTTP answer. */
export class MoveRefused extends Error {
  constructor(
    readonly status: 403 | 409,
    message: string,
  ) {
    super(message);
  }
}

interface Transition {
  from: readonly OrderStatus[];
  to: readonly OrderStatus[];
  by: ActorKind;
  /** The history's reason for every move of this row (else the caller's, if any). */
  reason?: string;
  /** Why the move may not be made, or null when it may. */
  guard?: (order: OrderFacts, now: Date) => string | null;
}

const ACTIVE: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];
const ANY: readonly OrderStatus[] = ORDER_STATUSES;

const isOnlineUnpaid = (order: OrderFacts) => order.paymentMethod === 'razorpay' && !order.isPaid;

/**
 * Who may move an order where. The first row matching (from, to, actor) decides; no row, no move.
 * Staff keep the spec's freedom (any status to any other) except where money forbids it.
 */
export const TRANSITIONS: readonly Transition[] = [
  { from: ['pending'], to: ['cancelled'], by: 'buyer', reason: REASONS.cancelledByCustomer },
  {
    from: ['pending'],
    to: ['cancelled'],
    by: 'system',
    reason: REASONS.paymentWindowExpired,
    guard: (order, now) =>
      isOnlineUnpaid(order) && order.paymentDueAt && order.paymentDueAt <= now ? null : 'The payment window of this order is still open',
  },
  {
    from: ['cancelled'],
    to: ACTIVE,
    by: 'admin',
    guard: (order) => (order.refunded ? 'This order was refunded, so it cannot leave cancelled' : null),
  },
  { from: ACTIVE, to: ANY, by: 'admin' },
];

/**
 * What a move does, given the order as it was. Entering `cancelled` returns the stock and gives
 * back any money taken; leaving it takes the stock again; the payment window runs exactly while
 * an online order is pending and unpaid.
 */
export function effectsOf(order: OrderFacts, to: OrderStatus, reason: string | null): Effect[] {
  const effects: Effect[] = [];
  if (order.status === 'cancelled') effects.push({ type: 'retakeStock' });
  if (to === 'cancelled') {
    effects.push({ type: 'releaseStock' });
    if (order.isPaid) effects.push({ type: order.paymentMethod === 'razorpay' ? 'refundPayment' : 'recordManualRefund' });
  }
  if (to === 'delivered' && order.paymentMethod === 'cash' && !order.isPaid) effects.push({ type: 'collectCash' });

  const awaitsPayment = to === 'pending' && isOnlineUnpaid(order);
  if (awaitsPayment && order.status !== 'pending') effects.push({ type: 'startPaymentHold' });
  if (!awaitsPayment && order.paymentDueAt) effects.push({ type: 'endPaymentHold' });

  if (to === 'shipped') effects.push({ type: 'notify', mail: 'order-shipped' });
  if (to === 'delivered') effects.push({ type: 'notify', mail: 'order-delivered' });
  if (to === 'cancelled') {
    effects.push({ type: 'notify', mail: reason === REASONS.paymentWindowExpired ? 'payment-window-expired' : 'order-cancelled' });
  }
  return effects;
}

export interface PlannedMove {
  reason: string | null;
  effects: Effect[];
}

function refusalFor(order: OrderFacts, to: OrderStatus, actor: Actor): MoveRefused {
  if (actor.kind === 'buyer') {
    if (to !== 'cancelled') return new MoveRefused(403, 'Customers can only cancel their orders');
    if (order.status === 'cancelled') return new MoveRefused(409, 'This order is already cancelled');
    return new MoveRefused(409, `This order is already ${order.status} and can no longer be cancelled`);
  }
  return new MoveRefused(actor.kind === 'admin' ? 409 : 403, `An order cannot move from ${order.status} to ${to}`);
}

/**
 * Decides a move: null when the order already has that status (nothing to do), the reason and the
 * effects when it may go ahead; throws MoveRefused otherwise.
 */
export function planMove(order: OrderFacts, to: OrderStatus, actor: Actor, now: Date, reason: string | null = null): PlannedMove | null {
  if (order.status === to && actor.kind === 'admin') return null;
  const transition = TRANSITIONS.find((row) => row.by === actor.kind && row.from.includes(order.status) && row.to.includes(to));
  if (!transition || order.status === to) throw refusalFor(order, to, actor);
  const refusal = transition.guard?.(order, now);
  if (refusal) throw new MoveRefused(409, refusal);
  const recordedReason = transition.reason ?? reason;
  return { reason: recordedReason, effects: effectsOf(order, to, recordedReason) };
}

/** What a verified payment does to its order. */
export type PaymentOutcome =
  /** The order is paid now. */
  | { type: 'credit' }
  /** The same payment again (verify and webhook, or a retry): nothing changes. */
  | { type: 'repeat' }
  /** Money the shop must not keep: recorded and refunded in full. */
  | { type: 'refund'; reason: string };

export function paymentOutcome(order: OrderFacts & { paymentId: string | null }, paymentId: string | null): PaymentOutcome {
  if (order.isPaid) {
    if (paymentId === null || paymentId === order.paymentId) return { type: 'repeat' };
    return { type: 'refund', reason: REASONS.refundOfSecondPayment };
  }
  if (order.status !== 'cancelled') return { type: 'credit' };
  // Only a payment's own event names it (payment.captured follows an order.paid without one), and
  // only a named payment can be refunded.
  if (paymentId === null) return { type: 'repeat' };
  return { type: 'refund', reason: REASONS.refundAfterLatePayment };
}
