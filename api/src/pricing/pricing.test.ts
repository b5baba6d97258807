import { allocate, type CustomerFacts, type DeliveryChargeRules, type OfferRule, priceOrder, type PricedLine, type PricingInput, zoneOf } from './pricing';

const rose: PricedLine = { productId: 'a-rose', name: 'Red Rose', type: 'flower', unitPricePaise: 12_000, quantity: 5 };
const jasmine: PricedLine = { productId: 'b-jasmine', name: 'Jasmine', type: 'flower', unitPricePaise: 3_333, quantity: 3 };
const betel: PricedLine = { productId: 'c-betel', name: 'Betel leaves', type: 'green_leaf', unitPricePaise: 1_001, quantity: 1 };

const charges: DeliveryChargeRules = {
  defaultZone: { name: 'Elsewhere', pincodePrefixes: [], feePaise: 15_000, freeAbovePaise: null },
  zones: [
    { name: 'Hosur', pincodePrefixes: ['635'], feePaise: 4_000, freeAbovePaise: 100_000 },
    { name: 'Bengaluru', pincodePrefixes: ['560', '562'], feePaise: 8_000, freeAbovePaise: 150_000 },
    { name: 'Hosur town', pincodePrefixes: ['635109'], feePaise: 0, freeAbovePaise: null },
  ],
  slotSurchargesPaise: { 'Early 6–8': 5_000 },
};

const newCustomer: CustomerFacts = { signedIn: true, firstOrder: true, usesByOffer: new Map(), phoneHadFirstOrderOffer: false };
const regular: CustomerFacts = { ...newCustomer, firstOrder: false };

function offer(overrides: Partial<OfferRule>): OfferRule {
  return {
    id: 'offer',
    name: 'Offer',
    code: null,
    kind: 'percent',
    percentBp: 1_000,
    maxDiscountPaise: null,
    amountPaise: null,
    minItemsPaise: null,
    productIds: [],
    productType: null,
    firstOrderOnly: false,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    active: true,
    combinable: false,
    uses: 0,
    ...overrides,
  };
}

/** India time written as UTC. */
const ist = (date: string, time: string) => new Date(new Date(`${date}T${time}:00Z`).getTime() - (5 * 60 + 30) * 60_000);
const NOW = ist('2027-02-14', '10:00');

function input(overrides: Partial<PricingInput> & { codeOffer?: OfferRule; codeText?: string; taken?: boolean }): PricingInput {
  const { codeOffer, codeText, taken, ...rest } = overrides;
  return {
    lines: [rose],
    automaticOffers: [],
    code: codeText ? { text: codeText, offer: codeOffer ?? null, singleUse: false, taken: taken ?? false } : null,
    customer: regular,
    delivery: { pincode: '635001', slot: 'Morning 8–12' },
    charges,
    now: NOW,
    ...rest,
  };
}

describe('allocate: an order discount spread over its lines by amount, to the paisa', () => {
  it.each([
    [100, [60_000, 9_999, 1_001], [85, 14, 1]],
    [1, [1, 1, 1], [1, 0, 0]],
    [2, [1, 1, 1], [1, 1, 0]],
    [10, [3, 3, 3], [4, 3, 3]],
    [0, [500, 500], [0, 0]],
    [999, [999], [999]],
    [7, [0, 10], [0, 7]],
    [2_000_000_000, [1_999_999_999, 1], [2_000_000_000 - 1, 1]],
  ])('%i over %j is %j', (total, amounts, shares) => {
    const result = allocate(total, amounts);
    expect(result).toEqual(shares);
    expect(result.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('delivery zones', () => {
  it.each([
    ['635001', 'Hosur'],
    ['635109', 'Hosur town'],
    ['560001', 'Bengaluru'],
    ['562125', 'Bengaluru'],
    ['600001', 'Elsewhere'],
    [null, 'Elsewhere'],
  ])('%s is in %s (the longest prefix wins)', (pincode, zone) => {
    expect(zoneOf(pincode, charges).name).toBe(zone);
  });
});

describe('priceOrder', () => {
  type Row = [string, Partial<Parameters<typeof input>[0]>, { discount: number; fee: number; deliveryDiscount?: number; total: number; code?: string }];
  const table: Row[] = [
    ['no offers: items plus the zone fee', {}, { discount: 0, fee: 4_000, total: 64_000 }],
    ['no PIN code: the default zone', { delivery: { pincode: null, slot: null } }, { discount: 0, fee: 15_000, total: 75_000 }],
    ['a slot surcharge on top', { delivery: { pincode: '635001', slot: 'Early 6–8' } }, { discount: 0, fee: 9_000, total: 69_000 }],
    ['free above the zone threshold', { lines: [{ ...rose, quantity: 9 }] }, { discount: 0, fee: 0, total: 108_000 }],
    [
      'threshold counts items after discounts',
      { lines: [{ ...rose, quantity: 9 }], automaticOffers: [offer({ percentBp: 1_000 })] },
      { discount: 10_800, fee: 4_000, total: 101_200 },
    ],
    ['10% automatic', { automaticOffers: [offer({})] }, { discount: 6_000, fee: 4_000, total: 58_000 }],
    ['10% capped at ₹50', { automaticOffers: [offer({ maxDiscountPaise: 5_000 })] }, { discount: 5_000, fee: 4_000, total: 59_000 }],
    ['12.5% rounds to the paisa', { lines: [jasmine], automaticOffers: [offer({ percentBp: 1_250 })] }, { discount: 1_250, fee: 4_000, total: 12_749 }],
    [
      'fixed amount never exceeds the items',
      { automaticOffers: [offer({ kind: 'amount', percentBp: null, amountPaise: 99_999 })] },
      { discount: 60_000, fee: 4_000, total: 4_000 },
    ],
    ['100% off leaves the delivery fee only', { automaticOffers: [offer({ percentBp: 10_000 })] }, { discount: 60_000, fee: 4_000, total: 4_000 }],
    [
      'free delivery waives the zone fee, not the surcharge',
      { delivery: { pincode: '635001', slot: 'Early 6–8' }, automaticOffers: [offer({ kind: 'free-delivery', percentBp: null })] },
      { discount: 0, fee: 9_000, deliveryDiscount: 4_000, total: 65_000 },
    ],
    ['below the minimum: no discount', { automaticOffers: [offer({ minItemsPaise: 60_001 })] }, { discount: 0, fee: 4_000, total: 64_000 }],
    ['at the minimum: discount', { automaticOffers: [offer({ minItemsPaise: 60_000 })] }, { discount: 6_000, fee: 4_000, total: 58_000 }],
    [
      'product type only',
      { lines: [rose, betel], automaticOffers: [offer({ productType: 'green_leaf', percentBp: 5_000 })] },
      { discount: 501, fee: 4_000, total: 64_500 },
    ],
    [
      'listed products only',
      { lines: [rose, jasmine], automaticOffers: [offer({ productIds: ['b-jasmine'], percentBp: 5_000 })] },
      { discount: 5_000, fee: 4_000, total: 68_999 },
    ],
    ['paused automatic offer', { automaticOffers: [offer({ active: false })] }, { discount: 0, fee: 4_000, total: 64_000 }],
    [
      'before its window (India midnight)',
      { now: ist('2027-02-13', '23:59'), automaticOffers: [offer({ validFrom: '2027-02-14' })] },
      { discount: 0, fee: 4_000, total: 64_000 },
    ],
    [
      'first minute of its window',
      { now: ist('2027-02-14', '00:00'), automaticOffers: [offer({ validFrom: '2027-02-14' })] },
      { discount: 6_000, fee: 4_000, total: 58_000 },
    ],
    [
      'last minute of its window',
      { now: ist('2027-02-14', '23:59'), automaticOffers: [offer({ validUntil: '2027-02-14' })] },
      { discount: 6_000, fee: 4_000, total: 58_000 },
    ],
    [
      'after its window',
      { now: ist('2027-02-15', '00:00'), automaticOffers: [offer({ validUntil: '2027-02-14' })] },
      { discount: 0, fee: 4_000, total: 64_000 },
    ],
    ['used up', { automaticOffers: [offer({ maxUses: 10, uses: 10 })] }, { discount: 0, fee: 4_000, total: 64_000 }],
    [
      'the better of two automatic offers',
      { automaticOffers: [offer({ id: 'x' }), offer({ id: 'y', percentBp: 1_500 })] },
      { discount: 9_000, fee: 4_000, total: 55_000 },
    ],
    [
      'code and automatic combine when both may',
      { automaticOffers: [offer({ combinable: true })], codeText: 'ROSES10', codeOffer: offer({ id: 'c', code: 'ROSES10', combinable: true }) },
      { discount: 6_000 + 5_400, fee: 4_000, total: 64_000 - 11_400, code: 'Code ROSES10 applied: −₹54.00' },
    ],
    [
      'otherwise the better one applies: the code',
      { automaticOffers: [offer({})], codeText: 'ROSES20', codeOffer: offer({ id: 'c', code: 'ROSES20', percentBp: 2_000, combinable: true }) },
      { discount: 12_000, fee: 4_000, total: 52_000, code: 'Code ROSES20 applied: −₹120.00' },
    ],
    [
      'otherwise the better one applies: the automatic one, and the code is refused',
      { automaticOffers: [offer({ name: 'Valentine', percentBp: 3_000 })], codeText: 'ROSES10', codeOffer: offer({ id: 'c', code: 'ROSES10' }) },
      { discount: 18_000, fee: 4_000, total: 46_000, code: 'This code cannot be combined with "Valentine", which saves you more' },
    ],
    [
      'two 100% offers combined never make a negative total',
      {
        automaticOffers: [offer({ percentBp: 10_000, combinable: true })],
        codeText: 'ALL',
        codeOffer: offer({ id: 'c', code: 'ALL', kind: 'amount', amountPaise: 50_000, combinable: true }),
      },
      { discount: 60_000, fee: 4_000, total: 4_000 },
    ],
    ['an unknown code', { codeText: 'NOPE' }, { discount: 0, fee: 4_000, total: 64_000, code: 'This code is not valid' }],
    [
      'an expired code',
      { codeText: 'OLD', codeOffer: offer({ code: 'OLD', validUntil: '2027-02-13' }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code has expired' },
    ],
    [
      'a used-up code',
      { codeText: 'TEN', codeOffer: offer({ code: 'TEN', maxUses: 10, uses: 10 }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code has been used up' },
    ],
    [
      'a single-use code already taken',
      { codeText: 'CORP-1', codeOffer: offer({ code: null }), taken: true },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code has been used up' },
    ],
    [
      'a code below its minimum',
      { codeText: 'BIG', codeOffer: offer({ code: 'BIG', minItemsPaise: 100_000 }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code needs items worth ₹1,000.00 or more' },
    ],
    [
      'a first-order code for a regular',
      { codeText: 'HELLO', codeOffer: offer({ code: 'HELLO', firstOrderOnly: true }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code is for a first order' },
    ],
    [
      'a first-order code for a new account',
      { customer: newCustomer, codeText: 'HELLO', codeOffer: offer({ code: 'HELLO', firstOrderOnly: true }) },
      { discount: 6_000, fee: 4_000, total: 58_000, code: 'Code HELLO applied: −₹60.00' },
    ],
    [
      'a first-order code for a new account whose phone already had one',
      { customer: { ...newCustomer, phoneHadFirstOrderOffer: true }, codeText: 'HELLO', codeOffer: offer({ code: 'HELLO', firstOrderOnly: true }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code is for a first order' },
    ],
    [
      'a code used as often as one customer may',
      { customer: { ...regular, usesByOffer: new Map([['c', 1]]) }, codeText: 'ONCE', codeOffer: offer({ id: 'c', code: 'ONCE', maxUsesPerCustomer: 1 }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'You have already used this code' },
    ],
    [
      'a free-delivery code',
      { codeText: 'SHIPFREE', codeOffer: offer({ code: 'SHIPFREE', kind: 'free-delivery', percentBp: null }) },
      { discount: 0, fee: 4_000, deliveryDiscount: 4_000, total: 60_000, code: 'Code SHIPFREE applied: free delivery' },
    ],
    [
      'a code for products not in the cart',
      { codeText: 'LEAF', codeOffer: offer({ code: 'LEAF', productType: 'green_leaf' }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code does not apply to the items in your cart' },
    ],
    [
      'a paused code',
      { codeText: 'P', codeOffer: offer({ code: 'P', active: false }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code is not active right now' },
    ],
    [
      'a code not started yet',
      { codeText: 'LATER', codeOffer: offer({ code: 'LATER', validFrom: '2027-03-01' }) },
      { discount: 0, fee: 4_000, total: 64_000, code: 'This code can be used from 1 Mar 2027' },
    ],
  ];

  it.each(table)('%s', (_name, overrides, expected) => {
    const priced = priceOrder(input(overrides));
    const discount = priced.applied.reduce((sum, entry) => sum + entry.itemsPaise, 0);
    expect({ discount, fee: priced.deliveryFeePaise, total: priced.totalPaise }).toEqual({
      discount: expected.discount,
      fee: expected.fee,
      total: expected.total,
    });
    expect(priced.deliveryDiscountPaise).toBe(expected.deliveryDiscount ?? 0);
    if (expected.code) expect(priced.code?.message).toBe(expected.code);
    // The invariants every price keeps.
    expect(priced.lines.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(discount);
    expect(priced.totalPaise).toBe(priced.itemsPaise - discount + priced.deliveryFeePaise - priced.deliveryDiscountPaise);
    for (const line of priced.lines) expect(line.discountPaise).toBeLessThanOrEqual(line.amountPaise);
    expect(priced.totalPaise).toBeGreaterThanOrEqual(0);
  });

  it('spreads an order discount by amount with the rounding paise to the largest remainders', () => {
    const priced = priceOrder(input({ lines: [rose, jasmine, betel], automaticOffers: [offer({ kind: 'amount', percentBp: null, amountPaise: 10_000 })] }));
    // 60,000 + 9,999 + 1,001 = 71,000 paise of items: ₹100 splits 8,450.70 / 1,408.31 / 140.98.
    expect(priced.lines.map((line) => line.discountPaise)).toEqual([8_451, 1_408, 141]);
  });

  it('says how much more gives free delivery', () => {
    expect(priceOrder(input({})).freeDeliveryShortByPaise).toBe(40_000);
    expect(priceOrder(input({ lines: [{ ...rose, quantity: 9 }] })).freeDeliveryShortByPaise).toBeNull();
    expect(priceOrder(input({ delivery: { pincode: null, slot: null } })).freeDeliveryShortByPaise).toBeNull();
  });
});
