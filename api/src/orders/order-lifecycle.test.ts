import type { OrderStatus } from '@thalir/contracts';
import { type Actor, effectsOf, MoveRefused, type OrderFacts, paymentOutcome, planMove, REASONS } from './order-lifecycle';

const NOW = new Date('2026-11-25T10:00:00Z');
const PAST = new Date('2026-11-25T09:59:59Z');
const FUTURE = new Date('2026-11-25T10:29:00Z');
const admin: Actor = { kind: 'admin', id: 'a1' };
const buyer: Actor = { kind: 'buyer', id: 'b1' };
const system: Actor = { kind: 'system' };

const order = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'pending',
  paymentMethod: 'razorpay',
  isPaid: false,
  refunded: false,
  paymentDueAt: FUTURE,
  ...facts,
});

const types = (facts: Partial<OrderFacts>, to: OrderStatus, actor: Actor = admin) => planMove(order(facts), to, actor, NOW)?.effects.map((e) => (e.type === 'notify' ? `notify:${e.mail}` : e.type));

function refusal(facts: Partial<OrderFacts>, to: OrderStatus, actor: Actor): [number, string] | null {
  try {
    planMove(order(facts), to, actor, NOW);
    return null;
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    return [error.status, error.message];
  }
}

describe('order lifecycle: who may move an order where', () => {
  it.each<[string, Partial<OrderFacts>, OrderStatus, Actor, [number, string] | null]>([
    ['the buyer cancels a pending order', {}, 'cancelled', buyer, null],
    ['the buyer cancels a paid pending order', { isPaid: true, paymentDueAt: null }, 'cancelled', buyer, null],
    ['the buyer cannot cancel once processing', { status: 'processing' }, 'cancelled', buyer, [409, 'This order is already processing and can no longer be cancelled']],
    ['the buyer cannot cancel once shipped', { status: 'shipped' }, 'cancelled', buyer, [409, 'This order is already shipped and can no longer be cancelled']],
    ['the buyer cannot cancel twice', { status: 'cancelled' }, 'cancelled', buyer, [409, 'This order is already cancelled']],
    ['the buyer cannot move an order on', {}, 'processing', buyer, [403, 'Customers can only cancel their orders']],
    ['the system cancels an expired unpaid online order', { paymentDueAt: PAST }, 'cancelled', system, null],
    ['the system leaves an open payment window alone', {}, 'cancelled', system, [409, 'The payment window of this order is still open']],
    ['the system never cancels a paid order', { isPaid: true, paymentDueAt: PAST }, 'cancelled', system, [409, 'The payment window of this order is still open']],
    ['the system never cancels a cash order', { paymentMethod: 'cash', paymentDueAt: null }, 'cancelled', system, [409, 'The payment window of this order is still open']],
    ['the system moves nothing else', { status: 'processing', paymentDueAt: PAST }, 'cancelled', system, [403, 'An order cannot move from processing to cancelled']],
    ['staff move any status to any other', { status: 'delivered' }, 'pending', admin, null],
    ['staff reopen an unrefunded cancelled order', { status: 'cancelled' }, 'processing', admin, null],
    ['staff cannot reopen a refunded order', { status: 'cancelled', isPaid: true, refunded: true }, 'pending', admin, [409, 'This order was refunded, so it cannot leave cancelled']],
  ])('%s', (_case, facts, to, actor, expected) => {
    expect(refusal(facts, to, actor)).toEqual(expected);
  });

  it('does nothing when staff set the status an order already has', () => {
    expect(planMove(order({ status: 'shipped' }), 'shipped', admin, NOW)).toBeNull();
  });

  it('records the row reason for the buyer and the system, and the caller reason for staff', () => {
    expect(planMove(order(), 'cancelled', buyer, NOW)?.reason).toBe(REASONS.cancelledByCustomer);
    expect(planMove(order({ paymentDueAt: PAST }), 'cancelled', system, NOW)?.reason).toBe(REASONS.paymentWindowExpired);
    expect(planMove(order(), 'cancelled', admin, NOW)?.reason).toBeNull();
    expect(planMove(order(), 'cancelled', admin, NOW, 'out of roses')?.reason).toBe('out of roses');
  });
});

describe('order lifecycle: what each move does', () => {
  it.each<[string, Partial<OrderFacts>, OrderStatus, string[]]>([
    ['cancelling an unpaid online order', {}, 'cancelled', ['releaseStock', 'endPaymentHold', 'notify:order-cancelled']],
    ['cancelling a paid online order', { isPaid: true, paymentDueAt: null }, 'cancelled', ['releaseStock', 'refundPayment', 'notify:order-cancelled']],
    ['cancelling a paid cash order', { paymentMethod: 'cash', isPaid: true, status: 'delivered', paymentDueAt: null }, 'cancelled', ['releaseStock', 'recordManualRefund', 'notify:order-cancelled']],
    ['cancelling an unpaid cash order', { paymentMethod: 'cash', paymentDueAt: null }, 'cancelled', ['releaseStock', 'notify:order-cancelled']],
    ['reopening an unpaid online order', { status: 'cancelled', paymentDueAt: null }, 'pending', ['retakeStock', 'startPaymentHold']],
    ['reopening straight to processing', { status: 'cancelled', paymentDueAt: null }, 'processing', ['retakeStock']],
    ['moving an unpaid online order on', {}, 'processing', ['endPaymentHold']],
    ['moving it back to pending', { status: 'processing', paymentDueAt: null }, 'pending', ['startPaymentHold']],
    ['shipping', { status: 'processing', isPaid: true, paymentDueAt: null }, 'shipped', ['notify:order-shipped']],
    ['delivering a cash order', { paymentMethod: 'cash', status: 'shipped', paymentDueAt: null }, 'delivered', ['collectCash', 'notify:order-delivered']],
    ['delivering a paid cash order again', { paymentMethod: 'cash', isPaid: true, status: 'shipped', paymentDueAt: null }, 'delivered', ['notify:order-delivered']],
    ['delivering an online order', { isPaid: true, status: 'shipped', paymentDueAt: null }, 'delivered', ['notify:order-delivered']],
  ])('%s', (_case, facts, to, expected) => {
    expect(types(facts, to)).toEqual(expected);
  });

  it('sends the payment-window mail when the system ends a hold', () => {
    expect(effectsOf(order({ paymentDueAt: PAST }), 'cancelled', REASONS.paymentWindowExpired)).toContainEqual({ type: 'notify', mail: 'payment-window-expired' });
  });
});

describe('order lifecycle: what a verified payment does', () => {
  const paid = (facts: Partial<OrderFacts> & { paymentId?: string | null }) => ({ ...order(facts), paymentId: facts.paymentId ?? null });
  it.each([
    ['the first payment of a pending order is credited', paid({}), 'pay_1', { type: 'credit' }],
    ['the same payment again changes nothing', paid({ isPaid: true, paymentId: 'pay_1' }), 'pay_1', { type: 'repeat' }],
    ['an order.paid event without a payment id changes nothing on a paid order', paid({ isPaid: true, paymentId: 'pay_1' }), null, { type: 'repeat' }],
    ['a second payment of a paid order is refunded', paid({ isPaid: true, paymentId: 'pay_1' }), 'pay_2', { type: 'refund', reason: REASONS.refundOfSecondPayment }],
    ['a payment of a cancelled order is refunded', paid({ status: 'cancelled' }), 'pay_1', { type: 'refund', reason: REASONS.refundAfterLatePayment }],
    ['a cancelled order waits for the event naming the payment', paid({ status: 'cancelled' }), null, { type: 'repeat' }],
    ['a late payment seen again changes nothing', paid({ status: 'cancelled', isPaid: true, paymentId: 'pay_1' }), 'pay_1', { type: 'repeat' }],
  ] as const)('%s', (_case, facts, paymentId, expected) => {
    expect(paymentOutcome(facts, paymentId)).toEqual(expected);
  });
});
