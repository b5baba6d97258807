import type { ActorKind, FailedDeliveryReason, OrderKind, OrderStatus, PaymentMethod } from '@thalir/contracts';
import { FAILED_DELIVERY_REASON_LABELS, ORDER_REASONS, ORDER_STATUSES } from '@thalir/contracts';
import { type CodeRefusal, codeRefusalMessage, type TypedCode } from '../pricing/pricing';

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
 *  courier (the stop's delivery person):  pending/processing ──> shipped ──> delivered
 *                                                                    └──> processing ("could not deliver: …")
 *
 * Two holds keep a pending order in check: an unpaid online order's payment window, and a large
 * cash order from a new customer waiting for staff to confirm it (moving it on confirms it).
 *
 * A subscription's orders (docs/subscriptions.md) follow the same table, with rows of their own:
 *  pack:      pending ── system: "pack paid" ──> processing ── system: "subscription cancelled" ──> cancelled
 *                                                    └── system: "all deliveries made" ──> delivered
 *             (its unused deliveries refunded; staff cancel a paid pack only by cancelling the subscription)
 *  delivery:  placed pending and paid from a credit; cancelling it gives the credit back; never reopened
 * ```
 */

/** `admin` is any staff member moving it from the back office; `courier` the delivery person it is assigned to. */
export type Actor = { kind: 'admin'; id: string } | { kind: 'buyer'; id: string } | { kind: 'courier'; id: string } | { kind: 'system' };

/** What a move needs to know about the order as it stands (read under its row lock). */
export interface OrderFacts {
  kind: OrderKind;
  /** For a subscription's order: the subscription is cancelled. */
  subscriptionCancelled: boolean;
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
export type OrderMail = 'order-shipped' | 'order-delivered' | 'order-cancelled' | 'payment-window-expired' | 'delivery-failed';

export type Effect =
  /** The order's units go back on the shelf. */
  | { type: 'releaseStock' }
  /** The order's units are taken again; 409 when they are gone. */
  | { type: 'retakeStock' }
  /** The offers it used get their uses back (its discounts stay on it, frozen). */
  | { type: 'releaseOfferUses' }
  /** A reopened order holds its offers' uses again (staff decide; limits are not checked). */
  | { type: 'reclaimOfferUses' }
  /** A full refund of the online payment through the payment provider, started once. */
  | { type: 'refundPayment' }
  /** A paid cash order: a refund recorded for the staff to hand back. */
  | { type: 'recordManualRefund' }
  /** A paid pack: its deliveries not used yet are refunded through the payment provider, once. */
  | { type: 'refundUnusedCredits' }
  /** A subscription's delivery: its credit goes back to the pack it came from. */
  | { type: 'returnCredit' }
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
  packPaid: 'pack paid',
  packUsedUp: 'all deliveries made',
  subscriptionDelivery: 'subscription delivery',
  subscriptionCancelled: 'subscription cancelled',
  refundOfUnusedDeliveries: 'unused deliveries of a cancelled subscription',
} as const;

/** The history's reason (and the mail's) when the delivery person could not hand an order over. */
export const failedDeliveryReason = (reason: FailedDeliveryReason) => `could not deliver: ${FAILED_DELIVERY_REASON_LABELS[reason].toLowerCase()}`;

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
  /** A mail this row sends besides those of the status it enters. */
  mail?: OrderMail;
}

const ACTIVE: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];
const ANY: readonly OrderStatus[] = ORDER_STATUSES;

const isOnlineUnpaid = (order: OrderFacts) => order.paymentMethod === 'razorpay' && !order.isPaid;
const isCash = (order: OrderFacts) => order.paymentMethod === 'cash';
const isPack = (order: OrderFacts) => order.kind === 'subscription-pack';
/** A cancelled subscription's unused deliveries were refunded: a credit can no longer go back to it. */
const creditCannotReturn = (order: OrderFacts) =>
  order.kind === 'subscription-delivery' && order.subscriptionCancelled
    ? "This subscription was cancelled and its unused deliveries refunded, so this delivery's credit cannot go back"
    : null;

/** Why the delivery person may not take the order out yet: unpaid online, or a cash order staff have not confirmed. */
const notReadyToGo = (order: OrderFacts) =>
  isOnlineUnpaid(order)
    ? 'This order is not paid yet; ask the shop before taking it out'
    : order.confirmDueAt
      ? 'The shop has not confirmed this order yet'
      : null;

/**
 * Who may move an order where. The first row matching (from, to, actor) decides; no row, no move.
 * Staff keep the spec's freedom (any status to any other) except where money forbids it.
 */
export const TRANSITIONS: readonly Transition[] = [
  { from: ['pending'], to: ['cancelled'], by: 'buyer', reason: REASONS.cancelledByCustomer, guard: creditCannotReturn },
  // A subscription's packs: paid, then open until the subscription is cancelled.
  {
    from: ['pending'],
    to: ['processing'],
    by: 'system',
    about: isPack,
    reason: REASONS.packPaid,
    guard: (order) => (order.isPaid ? null : 'This pack is not paid'),
  },
  {
    from: ['pending', 'processing'],
    to: ['cancelled'],
    by: 'system',
    about: (order) => isPack(order) && order.subscriptionCancelled,
    reason: REASONS.subscriptionCancelled,
  },
  { from: ['processing'], to: ['delivered'], by: 'system', about: isPack, reason: REASONS.packUsedUp },
  {
    from: ['pending'],
    to: ['cancelled'],
    by: 'system',
    about: (order) => !isCash(order),
    reason: REASONS.paymentWindowExpired,
    guard: (order, now) => (isOnlineUnpaid(order) && order.paymentDueAt && order.paymentDueAt <= now ? null : 'The payment window of this order is still open'),
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
    guard: (order) =>
      order.kind !== 'shop'
        ? "A subscription's cancelled pack or delivery cannot be reopened"
        : order.refunded
          ? 'This order was refunded, so it cannot leave cancelled'
          : null,
  },
  {
    from: ACTIVE,
    to: ['cancelled'],
    by: 'admin',
    about: (order) => isPack(order) && order.isPaid,
    guard: () => 'A paid pack is cancelled by cancelling its subscription, which refunds the deliveries not used yet',
  },
  { from: ACTIVE, to: ['cancelled'], by: 'admin', about: (order) => order.kind === 'subscription-delivery', guard: creditCannotReturn },
  { from: ACTIVE, to: ANY, by: 'admin' },
  // The delivery person, on the stops assigned to them: out, then delivered or brought back.
  { from: ['pending', 'processing'], to: ['shipped'], by: 'courier', guard: notReadyToGo },
  { from: ['shipped'], to: ['delivered'], by: 'courier' },
  { from: ['shipped'], to: ['processing'], by: 'courier', mail: 'delivery-failed' },
];

/**
 * What a move does, given the order as it was. Entering `cancelled` returns the stock and gives
 * back any money taken; leaving it takes the stock again; the payment window runs exactly while
 * an online order is pending and unpaid.
 */
export function effectsOf(order: OrderFacts, to: OrderStatus, reason: string | null): Effect[] {
  const effects: Effect[] = [];
  if (order.status === 'cancelled') effects.push({ type: 'retakeStock' }, { type: 'reclaimOfferUses' });
  if (to === 'cancelled') {
    effects.push({ type: 'releaseStock' }, { type: 'releaseOfferUses' });
    if (order.kind === 'subscription-delivery') effects.push({ type: 'returnCredit' });
    else if (order.isPaid && isPack(order)) effects.push({ type: 'refundUnusedCredits' });
    else if (order.isPaid) effects.push({ type: order.paymentMethod === 'razorpay' ? 'refundPayment' : 'recordManualRefund' });
  }
  if (to === 'delivered' && order.paymentMethod === 'cash' && !order.isPaid) effects.push({ type: 'collectCash' });

  const awaitsPayment = to === 'pending' && isOnlineUnpaid(order);
  if (awaitsPayment && order.status !== 'pending') effects.push({ type: 'startPaymentHold' });
  if (!awaitsPayment && order.paymentDueAt) effects.push({ type: 'endPaymentHold' });
  if (to !== 'pending' && order.confirmDueAt) effects.push({ type: 'endConfirmationHold' });

  if (to === 'shipped') effects.push({ type: 'notify', mail: 'order-shipped' });
  // A pack is "delivered" when its last delivery is made; each delivery has its own order and mails.
  if (to === 'delivered' && !isPack(order)) effects.push({ type: 'notify', mail: 'order-delivered' });
  // The subscription's own mail tells of its cancelling, and of its packs with it.
  if (to === 'cancelled' && reason !== REASONS.subscriptionCancelled) {
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
  if (actor.kind === 'courier') {
    if (order.status === 'cancelled') return new MoveRefused(409, 'This order was cancelled; do not deliver it');
    return new MoveRefused(409, order.status === to ? `This order is already ${to}` : `This order is ${order.status}, so it cannot be marked ${to}`);
  }
  return new MoveRefused(actor.kind === 'admin' ? 409 : 403, `An order cannot move from ${order.status} to ${to}`);
}

/**
 * Decides a move: null when the order already has that status (nothing to do), the reason and the
 * effects when it may go ahead; throws MoveRefused otherwise.
 */
export function planMove(order: OrderFacts, to: OrderStatus, actor: Actor, now: Date, reason: string | null = null): PlannedMove | null {
  if (order.status === to && actor.kind === 'admin') return null;
  const transition = TRANSITIONS.find((row) => row.by === actor.kind && row.from.includes(order.status) && row.to.includes(to) && (row.about?.(order) ?? true));
  if (!transition || order.status === to) throw refusalFor(order, to, actor);
  const refusal = transition.guard?.(order, now);
  if (refusal) throw new MoveRefused(409, refusal);
  const recordedReason = transition.reason ?? reason;
  const effects = effectsOf(order, to, recordedReason);
  if (transition.mail) effects.push({ type: 'notify', mail: transition.mail });
  return { reason: recordedReason, effects };
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

/**
 * Placing: the first move of every order. `planPlacement` decides what placing does and what refuses
 * it before the database is asked; the one statement that carries it out (order-placement.ts)
 * applies the plan's limits under its locks and answers the facts it saw, from which
 * `refusalFromFacts` says why a placing was refused. Every order starts `pending`, moved by its buyer.
 */

/** What a customer asks to place: one line per product, in their order, and how they pay. */
export interface PlacementRequest {
  paymentMethod: PaymentMethod;
  lines: readonly { productId: string; quantity: number; /** Only to name a vanished product. */ clientName: string | null }[];
}

/** The shop's limits on placing (configuration). */
export interface PlacementRules {
  paymentHoldMs: number;
  maxUnpaidOrders: number;
  maxOpenCashOrders: number;
  maxUnitsPerLine: number;
  cashConfirmAbovePaise: number;
  cashConfirmHoldMs: number;
}

export interface PlacementPlan {
  /** Open orders of this payment method (online ones waiting for payment, cash ones not delivered) the buyer may already have. */
  maxOpenOrders: number;
  /** orders.total_paise is a PostgreSQL integer. */
  maxTotalPaise: number;
  /** An online order holds its stock until then. */
  paymentDueAt: Date | null;
  /** A cash order above `abovePaise` from an account with nothing delivered waits for staff until `until`. */
  confirmation: { abovePaise: number; until: Date } | null;
}

export const MAX_ORDER_TOTAL_PAISE = 2_147_483_647;

/** Why shop_check_offers would not let an order use an offer, as it saw under its locks. */
export interface OfferCheckFact {
  kind: 'changed' | CodeRefusal;
  offerId: string;
}

export type PlacementRefusal =
  | { kind: 'too-many-units'; maxUnits: number }
  /** The typed code cannot be used (the pricing's message). */
  | { kind: 'code'; message: string }
  /** A price or an automatic offer changed while the order was priced: price it again. */
  | { kind: 'repriced' }
  | { kind: 'signed-out' }
  | { kind: 'open-orders'; paymentMethod: PaymentMethod; open: number }
  | { kind: 'product-gone'; productId: string; clientName: string | null }
  | { kind: 'short'; productId: string; name: string; available: number }
  | { kind: 'too-large' };

/** A placing refused; `status` and `message` are the HTTP answer, `details` goes with it. */
export class PlacementRefused extends Error {
  readonly status: 400 | 401 | 409 | 429;
  readonly details: Record<string, unknown> | undefined;

  constructor(readonly refusal: PlacementRefusal) {
    const { status, message, details } = answerTo(refusal);
    super(message);
    this.status = status;
    this.details = details;
  }
}

export function shortStockMessage(name: string, available: number): string {
  return available <= 0 ? `${name} is out of stock` : `Only ${available} of ${name} left in stock`;
}

export function tooManyUnitsMessage(maxUnits: number): string {
  return `You can order at most ${maxUnits} of one product. For larger quantities, please request a wholesale quote on our export page: /export`;
}

function answerTo(refusal: PlacementRefusal): { status: 400 | 401 | 409 | 429; message: string; details?: Record<string, unknown> } {
  switch (refusal.kind) {
    case 'too-many-units':
      return { status: 400, message: tooManyUnitsMessage(refusal.maxUnits) };
    case 'code':
      return { status: 409, message: refusal.message, details: { field: 'code' } };
    case 'repriced':
      return { status: 409, message: 'Prices or offers changed while you were ordering; please check your cart and try again' };
    case 'signed-out':
      return { status: 401, message: 'Please sign in again' };
    case 'open-orders':
      return {
        status: 429,
        message:
          refusal.paymentMethod === 'cash'
            ? `You already have ${refusal.open} cash-on-delivery orders that are not delivered yet. Please pay online, or wait until one of them is delivered or cancelled.`
            : `You already have ${refusal.open} orders waiting for payment. Please pay for or cancel one of them before placing another.`,
      };
    case 'product-gone':
      return { status: 400, message: `Product ${refusal.clientName ? `"${refusal.clientName}"` : refusal.productId} is no longer available` };
    case 'short':
      return {
        status: 409,
        message: shortStockMessage(refusal.name, refusal.available),
        details: { product: refusal.productId, available: refusal.available },
      };
    case 'too-large':
      return { status: 400, message: 'This order is too large; please split it into smaller orders' };
  }
}

/** Refuses more units of one product than a line may have (the quote and the placing both ask). */
export function checkUnitsPerLine(lines: PlacementRequest['lines'], maxUnitsPerLine: number): void {
  if (lines.some((line) => line.quantity > maxUnitsPerLine)) throw new PlacementRefused({ kind: 'too-many-units', maxUnits: maxUnitsPerLine });
}

/** Decides what placing the order does; throws PlacementRefused for what no database fact can change. */
export function planPlacement(request: PlacementRequest, rules: PlacementRules, now: Date): PlacementPlan {
  checkUnitsPerLine(request.lines, rules.maxUnitsPerLine);
  const online = request.paymentMethod === 'razorpay';
  return {
    maxOpenOrders: online ? rules.maxUnpaidOrders : rules.maxOpenCashOrders,
    maxTotalPaise: MAX_ORDER_TOTAL_PAISE,
    paymentDueAt: online ? new Date(now.getTime() + rules.paymentHoldMs) : null,
    confirmation: online ? null : { abovePaise: rules.cashConfirmAbovePaise, until: new Date(now.getTime() + rules.cashConfirmHoldMs) },
  };
}

/** A line as the stock rule (shop_take_stock) found it: no name when the product is gone. */
export interface StockFact {
  productId: string;
  quantity: number;
  name: string | null;
  stock: number | null;
}

/** The first line, in lock order (product id), that is gone or short; null when every line has its stock. */
export function stockRefusal(lines: readonly StockFact[], clientNames: ReadonlyMap<string, string | null> = new Map()): PlacementRefusal | null {
  const inLockOrder = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  for (const line of inLockOrder) {
    if (line.name === null || line.stock === null)
      return { kind: 'product-gone', productId: line.productId, clientName: clientNames.get(line.productId) ?? null };
    if (line.stock < line.quantity) return { kind: 'short', productId: line.productId, name: line.name, available: line.stock };
  }
  return null;
}

/**
 * Why the placing statement placed nothing, from what it saw under its locks: the buyer gone, the
 * open-orders limit, an offer it claimed (the typed code's refusal; anything else means the order is
 * priced again), a product gone or short (the first in lock order, as met), a price changed since the
 * order was priced, or a total too large.
 */
export function refusalFromFacts(
  request: PlacementRequest,
  plan: PlacementPlan,
  facts: {
    openOrders: number | null;
    offerRefusal: OfferCheckFact | null;
    lines: readonly (StockFact & { unitPricePaise: number | null })[];
    priced: { codeOfferId: string | null; code: TypedCode | null; unitPricesPaise: readonly number[] };
  },
): PlacementRefusal {
  if (facts.openOrders === null) return { kind: 'signed-out' };
  if (facts.openOrders >= plan.maxOpenOrders) return { kind: 'open-orders', paymentMethod: request.paymentMethod, open: facts.openOrders };
  const offer = facts.offerRefusal;
  if (offer) {
    if (offer.kind === 'changed' || offer.offerId !== facts.priced.codeOfferId) return { kind: 'repriced' };
    return { kind: 'code', message: codeRefusalMessage(offer.kind, facts.priced.code?.offer ?? null) };
  }
  const stock = stockRefusal(facts.lines, new Map(request.lines.map((line) => [line.productId, line.clientName])));
  if (stock) return stock;
  if (facts.lines.some((line, index) => line.unitPricePaise !== facts.priced.unitPricesPaise[index])) return { kind: 'repriced' };
  return { kind: 'too-large' };
}
