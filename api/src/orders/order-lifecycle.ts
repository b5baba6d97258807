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
 *            ├──── system: "not confirmed in time" ────┤
 *  pending ──┴── admin: any status to any other ───────┴──> cancelled
 *                (a refunded order never leaves cancelled)
 *
 * Two holds keep a pending order in check: an unpaid online order's payment window, and a large
 * cash order from a new customer waiting for staff to confirm it (moving it on confirms it).
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
  /** When a cash order waiting for staff to confirm it is cancelled, unless they do. */
  confirmDueAt: Date | null;
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
  /** Staff moved a cash order on (or it was cancelled): it no longer waits for confirmation. */
  | { type: 'endConfirmationHold' }
  | { type: 'notify'; mail: OrderMail };

export const REASONS = {
  ...ORDER_REASONS,
  refundOfSecondPayment: 'refund of a second payment',
  refundOfCancelledOrder: 'order cancelled after payment',
  refundOfWrongAmount: 'payment amount differs from the order total',
  notConfirmedInTime: 'not confirmed in time',
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
  /** The kind of order the row is about, when several rows share from, to and actor. */
  about?: (order: OrderFacts) => boolean;
  /** The history's reason for every move of this row (else the caller's, if any). */
  reason?: string;
  /** Why the move may not be made, or null when it may. */
  guard?: (order: OrderFacts, now: Date) => string | null;
}

const ACTIVE: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];
const ANY: readonly OrderStatus[] = ORDER_STATUSES;

const isOnlineUnpaid = (order: OrderFacts) => order.paymentMethod === 'razorpay' && !order.isPaid;
const isCash = (order: OrderFacts) => order.paymentMethod === 'cash';

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
    about: (order) => !isCash(order),
    reason: REASONS.paymentWindowExpired,
    guard: (order, now) =>
      isOnlineUnpaid(order) && order.paymentDueAt && order.paymentDueAt <= now ? null : 'The payment window of this order is still open',
  },
  {
    from: ['pending'],
    to: ['cancelled'],
    by: 'system',
    about: isCash,
    reason: REASONS.notConfirmedInTime,
    guard: (order, now) => (order.confirmDueAt && order.confirmDueAt <= now ? null : 'This order is not waiting past its confirmation time'),
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
  if (to !== 'pending' && order.confirmDueAt) effects.push({ type: 'endConfirmationHold' });

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
  const transition = TRANSITIONS.find(
    (row) => row.by === actor.kind && row.from.includes(order.status) && row.to.includes(to) && (row.about?.(order) ?? true),
  );
  if (!transition || order.status === to) throw refusalFor(order, to, actor);
  const refusal = transition.guard?.(order, now);
  if (refusal) throw new MoveRefused(409, refusal);
  const recordedReason = transition.reason ?? reason;
  return { reason: recordedReason, effects: effectsOf(order, to, recordedReason) };
}

/** What a payment the shop hears of for the first time does to its order (a payment seen again changes nothing). */
export type PaymentOutcome =
  /** This payment pays the order. */
  | { type: 'credit' }
  /** Money the shop must not keep: recorded and refunded in full. */
  | { type: 'refund'; reason: string };

/**
 * An order is paid by exactly one payment of exactly its total. Any other payment (for a cancelled
 * order, a second one, or one of another amount) is refunded, whatever order the events came in.
 */
export function paymentOutcome(order: Pick<OrderFacts, 'status' | 'isPaid'> & { totalPaise: number }, amountPaise: number): PaymentOutcome {
  if (order.status === 'cancelled') return { type: 'refund', reason: REASONS.refundAfterLatePayment };
  if (order.isPaid) return { type: 'refund', reason: REASONS.refundOfSecondPayment };
  if (amountPaise !== order.totalPaise) return { type: 'refund', reason: REASONS.refundOfWrongAmount };
  return { type: 'credit' };
}
