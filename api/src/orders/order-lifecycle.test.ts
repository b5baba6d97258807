import type { OrderStatus } from '@thalir/contracts';
import {
  type Actor,
  effectsOf,
  MAX_ORDER_TOTAL_PAISE,
  MoveRefused,
  type OrderFacts,
  paymentOutcome,
  type PlacementRequest,
  PlacementRefused,
  type PlacementRules,
  planMove,
  planPlacement,
  REASONS,
  refusalFromFacts,
  type OfferCheckFact,
  type StockFact,
} from './order-lifecycle';

const NOW = new Date('2026-11-25T10:00:00Z');
const PAST = new Date('2026-11-25T09:59:59Z');
const FUTURE = new Date('2026-11-25T10:29:00Z');
const admin: Actor = { kind: 'admin', id: 'a1' };
const buyer: Actor = { kind: 'buyer', id: 'b1' };
const system: Actor = { kind: 'system' };
const courier: Actor = { kind: 'courier', id: 'c1' };
/** A cash order staff have accepted, as it waits for the delivery person. */
const cashReady: Partial<OrderFacts> = { status: 'processing', paymentMethod: 'cash', paymentDueAt: null };

const order = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  kind: 'shop',
  subscriptionCancelled: false,
  status: 'pending',
  paymentMethod: 'razorpay',
  isPaid: false,
  refunded: false,
  paymentDueAt: FUTURE,
  confirmDueAt: null,
  ...facts,
});

const types = (facts: Partial<OrderFacts>, to: OrderStatus, actor: Actor = admin) =>
  planMove(order(facts), to, actor, NOW)?.effects.map((e) => (e.type === 'notify' ? `notify:${e.mail}` : e.type));

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
    [
      'the buyer cannot cancel once processing',
      { status: 'processing' },
      'cancelled',
      buyer,
      [409, 'This order is already processing and can no longer be cancelled'],
    ],
    ['the buyer cannot cancel once shipped', { status: 'shipped' }, 'cancelled', buyer, [409, 'This order is already shipped and can no longer be cancelled']],
    ['the buyer cannot cancel twice', { status: 'cancelled' }, 'cancelled', buyer, [409, 'This order is already cancelled']],
    ['the buyer cannot move an order on', {}, 'processing', buyer, [403, 'Customers can only cancel their orders']],
    ['the system cancels an expired unpaid online order', { paymentDueAt: PAST }, 'cancelled', system, null],
    ['the system leaves an open payment window alone', {}, 'cancelled', system, [409, 'The payment window of this order is still open']],
    [
      'the system never cancels a paid order',
      { isPaid: true, paymentDueAt: PAST },
      'cancelled',
      system,
      [409, 'The payment window of this order is still open'],
    ],
    [
      'the system never cancels a confirmed cash order',
      { paymentMethod: 'cash', paymentDueAt: null },
      'cancelled',
      system,
      [409, 'This order is not waiting past its confirmation time'],
    ],
    ['the system cancels a cash order nobody confirmed in time', { paymentMethod: 'cash', paymentDueAt: null, confirmDueAt: PAST }, 'cancelled', system, null],
    [
      'the system waits while a cash order may still be confirmed',
      { paymentMethod: 'cash', paymentDueAt: null, confirmDueAt: FUTURE },
      'cancelled',
      system,
      [409, 'This order is not waiting past its confirmation time'],
    ],
    ['an online order has no confirmation to wait for', { confirmDueAt: PAST }, 'cancelled', system, [409, 'The payment window of this order is still open']],
    [
      'the system moves nothing else',
      { status: 'processing', paymentDueAt: PAST },
      'cancelled',
      system,
      [403, 'An order cannot move from processing to cancelled'],
    ],
    ['staff move any status to any other', { status: 'delivered' }, 'pending', admin, null],
    ['staff reopen an unrefunded cancelled order', { status: 'cancelled' }, 'processing', admin, null],
    [
      'staff cannot reopen a refunded order',
      { status: 'cancelled', isPaid: true, refunded: true },
      'pending',
      admin,
      [409, 'This order was refunded, so it cannot leave cancelled'],
    ],
    ['the delivery person takes a processing cash order out', cashReady, 'shipped', courier, null],
    ['the delivery person takes a paid online order out', { status: 'processing', isPaid: true, paymentDueAt: null }, 'shipped', courier, null],
    ['the delivery person takes a small pending cash order out', { ...cashReady, status: 'pending' }, 'shipped', courier, null],
    [
      'the delivery person waits for staff to confirm a large cash order',
      { ...cashReady, status: 'pending', confirmDueAt: FUTURE },
      'shipped',
      courier,
      [409, 'The shop has not confirmed this order yet'],
    ],
    [
      'the delivery person never takes an unpaid online order out',
      { status: 'processing', paymentDueAt: null },
      'shipped',
      courier,
      [409, 'This order is not paid yet; ask the shop before taking it out'],
    ],
    ['the delivery person hands a shipped order over', { ...cashReady, status: 'shipped' }, 'delivered', courier, null],
    ['the delivery person brings a shipped order back', { ...cashReady, status: 'shipped' }, 'processing', courier, null],
    [
      'the delivery person cannot deliver before going out',
      cashReady,
      'delivered',
      courier,
      [409, 'This order is processing, so it cannot be marked delivered'],
    ],
    [
      'the delivery person cannot deliver twice',
      { ...cashReady, status: 'delivered', isPaid: true },
      'delivered',
      courier,
      [409, 'This order is already delivered'],
    ],
    [
      'the delivery person cannot take a cancelled order out',
      { ...cashReady, status: 'cancelled' },
      'shipped',
      courier,
      [409, 'This order was cancelled; do not deliver it'],
    ],
    ['the delivery person cannot cancel', cashReady, 'cancelled', courier, [409, 'This order is processing, so it cannot be marked cancelled']],
  ])('%s', (_case, facts, to, actor, expected) => {
    expect(refusal(facts, to, actor)).toEqual(expected);
  });

  it('does nothing when staff set the status an order already has', () => {
    expect(planMove(order({ status: 'shipped' }), 'shipped', admin, NOW)).toBeNull();
  });

  it('records the row reason for the buyer and the system, and the caller reason for staff', () => {
    expect(planMove(order(), 'cancelled', buyer, NOW)?.reason).toBe(REASONS.cancelledByCustomer);
    expect(planMove(order({ paymentDueAt: PAST }), 'cancelled', system, NOW)?.reason).toBe(REASONS.paymentWindowExpired);
    expect(planMove(order({ paymentMethod: 'cash', paymentDueAt: null, confirmDueAt: PAST }), 'cancelled', system, NOW)?.reason).toBe(
      REASONS.notConfirmedInTime,
    );
    expect(planMove(order(), 'cancelled', admin, NOW)?.reason).toBeNull();
    expect(planMove(order(), 'cancelled', admin, NOW, 'out of roses')?.reason).toBe('out of roses');
  });
});

describe('order lifecycle: what each move does', () => {
  it.each<[string, Partial<OrderFacts>, OrderStatus, string[]]>([
    ['cancelling an unpaid online order', {}, 'cancelled', ['releaseStock', 'releaseOfferUses', 'endPaymentHold', 'notify:order-cancelled']],
    [
      'cancelling a paid online order',
      { isPaid: true, paymentDueAt: null },
      'cancelled',
      ['releaseStock', 'releaseOfferUses', 'refundPayment', 'notify:order-cancelled'],
    ],
    [
      'cancelling a paid cash order',
      { paymentMethod: 'cash', isPaid: true, status: 'delivered', paymentDueAt: null },
      'cancelled',
      ['releaseStock', 'releaseOfferUses', 'recordManualRefund', 'notify:order-cancelled'],
    ],
    [
      'cancelling an unpaid cash order',
      { paymentMethod: 'cash', paymentDueAt: null },
      'cancelled',
      ['releaseStock', 'releaseOfferUses', 'notify:order-cancelled'],
    ],
    ['reopening an unpaid online order', { status: 'cancelled', paymentDueAt: null }, 'pending', ['retakeStock', 'reclaimOfferUses', 'startPaymentHold']],
    ['reopening straight to processing', { status: 'cancelled', paymentDueAt: null }, 'processing', ['retakeStock', 'reclaimOfferUses']],
    ['moving an unpaid online order on', {}, 'processing', ['endPaymentHold']],
    ['moving it back to pending', { status: 'processing', paymentDueAt: null }, 'pending', ['startPaymentHold']],
    ['shipping', { status: 'processing', isPaid: true, paymentDueAt: null }, 'shipped', ['notify:order-shipped']],
    ['delivering a cash order', { paymentMethod: 'cash', status: 'shipped', paymentDueAt: null }, 'delivered', ['collectCash', 'notify:order-delivered']],
    [
      'delivering a paid cash order again',
      { paymentMethod: 'cash', isPaid: true, status: 'shipped', paymentDueAt: null },
      'delivered',
      ['notify:order-delivered'],
    ],
    ['delivering an online order', { isPaid: true, status: 'shipped', paymentDueAt: null }, 'delivered', ['notify:order-delivered']],
    ['confirming a cash order by moving it on', { paymentMethod: 'cash', paymentDueAt: null, confirmDueAt: FUTURE }, 'processing', ['endConfirmationHold']],
    [
      'cancelling a cash order waiting for confirmation',
      { paymentMethod: 'cash', paymentDueAt: null, confirmDueAt: PAST },
      'cancelled',
      ['releaseStock', 'releaseOfferUses', 'endConfirmationHold', 'notify:order-cancelled'],
    ],
  ])('%s', (_case, facts, to, expected) => {
    expect(types(facts, to)).toEqual(expected);
  });

  it.each<[string, Partial<OrderFacts>, OrderStatus, string[]]>([
    ['out for delivery', cashReady, 'shipped', ['notify:order-shipped']],
    ['delivered with the cash', { ...cashReady, status: 'shipped' }, 'delivered', ['collectCash', 'notify:order-delivered']],
    ['could not deliver', { ...cashReady, status: 'shipped' }, 'processing', ['notify:delivery-failed']],
  ])('the delivery person: %s', (_case, facts, to, expected) => {
    expect(types(facts, to, courier)).toEqual(expected);
  });

  it('mails "could not deliver" only when the delivery person brings it back, not when staff move it', () => {
    expect(types({ ...cashReady, status: 'shipped' }, 'processing', admin)).toEqual([]);
  });

  it.each<[string, Partial<OrderFacts>, OrderStatus, Actor, string[] | [number, string]]>([
    ['a pack is paid', { kind: 'subscription-pack', isPaid: true }, 'processing', system, ['endPaymentHold']],
    [
      'its last delivery is made: the pack is done, without a mail of its own',
      { kind: 'subscription-pack', status: 'processing', isPaid: true, paymentDueAt: null },
      'delivered',
      system,
      [],
    ],
    ['an unpaid pack cannot be marked paid', { kind: 'subscription-pack' }, 'processing', system, [409, 'This pack is not paid']],
    [
      "a paid pack is cancelled with its subscription: its unused deliveries are refunded, and the subscription's mail tells of it",
      { kind: 'subscription-pack', subscriptionCancelled: true, status: 'processing', isPaid: true, paymentDueAt: null },
      'cancelled',
      system,
      ['releaseStock', 'releaseOfferUses', 'refundUnusedCredits'],
    ],
    [
      'an unpaid pack is cancelled with its subscription: no money to give back',
      { kind: 'subscription-pack', subscriptionCancelled: true },
      'cancelled',
      system,
      ['releaseStock', 'releaseOfferUses', 'endPaymentHold'],
    ],
    [
      'the system does not cancel a paid pack of a subscription that goes on',
      { kind: 'subscription-pack', status: 'processing', isPaid: true, paymentDueAt: null },
      'cancelled',
      system,
      [403, 'An order cannot move from processing to cancelled'],
    ],
    [
      'an unpaid pack whose payment window ran out is cancelled like any order',
      { kind: 'subscription-pack', paymentDueAt: PAST },
      'cancelled',
      system,
      ['releaseStock', 'releaseOfferUses', 'endPaymentHold', 'notify:payment-window-expired'],
    ],
    [
      'staff cannot cancel a paid pack on its own',
      { kind: 'subscription-pack', status: 'processing', isPaid: true, paymentDueAt: null },
      'cancelled',
      admin,
      [409, 'A paid pack is cancelled by cancelling its subscription, which refunds the deliveries not used yet'],
    ],
    [
      'cancelling a delivery gives its credit back, and no money moves',
      { kind: 'subscription-delivery', isPaid: true, paymentDueAt: null },
      'cancelled',
      admin,
      ['releaseStock', 'releaseOfferUses', 'returnCredit', 'notify:order-cancelled'],
    ],
    [
      'a cancelled delivery is not reopened',
      { kind: 'subscription-delivery', status: 'cancelled', isPaid: true, paymentDueAt: null },
      'pending',
      admin,
      [409, "A subscription's cancelled pack or delivery cannot be reopened"],
    ],
    [
      'a cancelled pack is not reopened',
      { kind: 'subscription-pack', status: 'cancelled', paymentDueAt: null },
      'processing',
      admin,
      [409, "A subscription's cancelled pack or delivery cannot be reopened"],
    ],
    [
      'a delivery of a cancelled subscription keeps its order: the credit was refunded',
      { kind: 'subscription-delivery', subscriptionCancelled: true, isPaid: true, paymentDueAt: null },
      'cancelled',
      admin,
      [409, "This subscription was cancelled and its unused deliveries refunded, so this delivery's credit cannot go back"],
    ],
    [
      'the buyer cancels a pending delivery: its credit goes back',
      { kind: 'subscription-delivery', isPaid: true, paymentDueAt: null },
      'cancelled',
      buyer,
      ['releaseStock', 'releaseOfferUses', 'returnCredit', 'notify:order-cancelled'],
    ],
    [
      'a delivery goes out like any paid order',
      { kind: 'subscription-delivery', isPaid: true, paymentDueAt: null },
      'shipped',
      courier,
      ['notify:order-shipped'],
    ],
  ])("a subscription's orders: %s", (_case, facts, to, actor, expected) => {
    if (typeof expected[0] === 'number') expect(refusal(facts, to, actor)).toEqual(expected);
    else expect(types(facts, to, actor)).toEqual(expected);
  });

  it('sends the payment-window mail when the system ends a hold', () => {
    expect(effectsOf(order({ paymentDueAt: PAST }), 'cancelled', REASONS.paymentWindowExpired)).toContainEqual({
      type: 'notify',
      mail: 'payment-window-expired',
    });
  });
});

describe('order lifecycle: what a payment heard of for the first time does', () => {
  const facts = (status: OrderStatus, isPaid: boolean) => ({ status, isPaid, totalPaise: 12500 });
  it.each([
    ['the first payment of the order total pays a pending order', facts('pending', false), 12500, { type: 'credit' }],
    ['it pays an order staff already moved on', facts('processing', false), 12500, { type: 'credit' }],
    ['a second payment of a paid order is refunded', facts('pending', true), 12500, { type: 'refund', reason: REASONS.refundOfSecondPayment }],
    ['a payment for a cancelled order is refunded', facts('cancelled', false), 12500, { type: 'refund', reason: REASONS.refundAfterLatePayment }],
    ['another payment for a cancelled paid order is refunded', facts('cancelled', true), 12500, { type: 'refund', reason: REASONS.refundAfterLatePayment }],
    ['a payment short of the total is refunded', facts('pending', false), 12400, { type: 'refund', reason: REASONS.refundOfWrongAmount }],
    ['a payment above the total is refunded', facts('pending', false), 25000, { type: 'refund', reason: REASONS.refundOfWrongAmount }],
  ] as const)('%s', (_case, order, amountPaise, expected) => {
    expect(paymentOutcome(order, amountPaise)).toEqual(expected);
  });
});

describe('order lifecycle: placing, the first move', () => {
  const RULES: PlacementRules = {
    paymentHoldMs: 30 * 60_000,
    maxUnpaidOrders: 3,
    maxOpenCashOrders: 3,
    maxUnitsPerLine: 200,
    cashConfirmAbovePaise: 300_000,
    cashConfirmHoldMs: 12 * 3_600_000,
  };
  const request = (paymentMethod: 'cash' | 'razorpay', quantities: number[] = [1]): PlacementRequest => ({
    paymentMethod,
    lines: quantities.map((quantity, index) => ({ productId: `p${index}`, quantity, clientName: `Flower ${index}` })),
  });
  const refusalOf = (decide: () => unknown) => {
    try {
      decide();
      return null;
    } catch (error) {
      if (!(error instanceof PlacementRefused)) throw error;
      return [error.status, error.message];
    }
  };

  it('plans an online order: the unpaid-orders limit and a payment window, no confirmation', () => {
    expect(planPlacement(request('razorpay'), RULES, NOW)).toEqual({
      maxOpenOrders: 3,
      maxTotalPaise: MAX_ORDER_TOTAL_PAISE,
      paymentDueAt: new Date('2026-11-25T10:30:00Z'),
      confirmation: null,
    });
  });

  it('plans a cash order: the open cash orders limit and a confirmation hold above the threshold, no payment window', () => {
    expect(planPlacement(request('cash'), { ...RULES, maxOpenCashOrders: 5 }, NOW)).toEqual({
      maxOpenOrders: 5,
      maxTotalPaise: MAX_ORDER_TOTAL_PAISE,
      paymentDueAt: null,
      confirmation: { abovePaise: 300_000, until: new Date('2026-11-25T22:00:00Z') },
    });
  });

  it.each<[string, number[], [number, string] | null]>([
    ['200 of one product', [200, 1], null],
    [
      '201 of one product',
      [1, 201],
      [400, 'You can order at most 200 of one product. For larger quantities, please request a wholesale quote on our export page: /export'],
    ],
  ])('refuses more units of one product than MAX_UNITS_PER_LINE: %s', (_case, quantities, expected) => {
    expect(refusalOf(() => planPlacement(request('cash', quantities), RULES, NOW))).toEqual(expected);
  });

  const fact = (productId: string, quantity: number, stock: number | null, name: string | null = `Name of ${productId}`, unitPricePaise = 100) => ({
    productId,
    quantity,
    stock,
    name: stock === null ? null : name,
    unitPricePaise: stock === null ? null : unitPricePaise,
  });
  type Facts = { openOrders: number | null; lines: (StockFact & { unitPricePaise: number | null })[]; offerRefusal?: OfferCheckFact };
  const typedCode = { text: 'TEN', offer: null, singleUse: false, taken: false };
  it.each<[string, 'cash' | 'razorpay', Facts, [number, string, Record<string, unknown>?]]>([
    ['the account is gone', 'cash', { openOrders: null, lines: [] }, [401, 'Please sign in again']],
    [
      'three online orders wait for payment',
      'razorpay',
      { openOrders: 3, lines: [] },
      [429, 'You already have 3 orders waiting for payment. Please pay for or cancel one of them before placing another.'],
    ],
    [
      'three cash orders are open',
      'cash',
      { openOrders: 3, lines: [] },
      [429, 'You already have 3 cash-on-delivery orders that are not delivered yet. Please pay online, or wait until one of them is delivered or cancelled.'],
    ],
    [
      'a product is gone (named as the customer named it)',
      'cash',
      { openOrders: 0, lines: [fact('p0', 1, null)] },
      [400, 'Product "Flower 0" is no longer available'],
    ],
    [
      'a product is short',
      'cash',
      { openOrders: 0, lines: [fact('p0', 4, 2, 'Red Rose')] },
      [409, 'Only 2 of Red Rose left in stock', { product: 'p0', available: 2 }],
    ],
    [
      'a product is sold out',
      'cash',
      { openOrders: 0, lines: [fact('p0', 4, 0, 'Red Rose')] },
      [409, 'Red Rose is out of stock', { product: 'p0', available: 0 }],
    ],
    [
      'the first problem in lock order is the one told',
      'cash',
      { openOrders: 0, lines: [fact('p1', 9, 1, 'Lily'), fact('p0', 9, 2, 'Rose')] },
      [409, 'Only 2 of Rose left in stock', { product: 'p0', available: 2 }],
    ],
    [
      'the typed code was used up by other orders meanwhile',
      'cash',
      { openOrders: 0, lines: [], offerRefusal: { kind: 'used-up', offerId: 'code-offer' } },
      [409, 'This code has been used up', { field: 'code' }],
    ],
    [
      'a first-order code, and the phone number had one meanwhile',
      'cash',
      { openOrders: 0, lines: [], offerRefusal: { kind: 'first-order', offerId: 'code-offer' } },
      [409, 'This code is for a first order', { field: 'code' }],
    ],
    [
      'an automatic offer ran out meanwhile: priced again',
      'cash',
      { openOrders: 0, lines: [], offerRefusal: { kind: 'used-up', offerId: 'automatic' } },
      [409, 'Prices or offers changed while you were ordering; please check your cart and try again'],
    ],
    [
      'an offer was edited meanwhile: priced again',
      'cash',
      { openOrders: 0, lines: [], offerRefusal: { kind: 'changed', offerId: 'code-offer' } },
      [409, 'Prices or offers changed while you were ordering; please check your cart and try again'],
    ],
    [
      'a price changed meanwhile: priced again',
      'cash',
      { openOrders: 0, lines: [fact('p0', 1, 5, 'Rose', 100), fact('p1', 1, 5, 'Lily', 250)] },
      [409, 'Prices or offers changed while you were ordering; please check your cart and try again'],
    ],
    [
      'every line has its stock: the total is too large',
      'cash',
      { openOrders: 0, lines: [fact('p0', 1, 5)] },
      [400, 'This order is too large; please split it into smaller orders'],
    ],
  ])('explains a refused placing from what the statement saw: %s', (_case, paymentMethod, facts, expected) => {
    const asked = request(paymentMethod, [1, 1]);
    const refused = new PlacementRefused(
      refusalFromFacts(asked, planPlacement(asked, RULES, NOW), {
        ...facts,
        offerRefusal: facts.offerRefusal ?? null,
        priced: { codeOfferId: 'code-offer', code: typedCode, unitPricesPaise: [100, 100] },
      }),
    );
    expect([refused.status, refused.message, ...(refused.details ? [refused.details] : [])]).toEqual(expected);
  });
});
