import type { Offer, Order, Quote } from '@thalir/contracts';
import { REFUSED_CODES_PER_WINDOW } from '../src/orders/code-guess-limit';
import { getOrder } from './order-fixtures';
import { signedPayment, startPayment } from './payment-fixtures';
import { seedProducts, stockOf } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const ADDRESS = '12 Lotus Street, Hosur 635109';

describe('offers and delivery charges', () => {
  let t: TestApp;
  let admin: TestUser;
  let rose: string;
  let fern: string;

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
    [rose, fern] = await seedProducts(t, [
      { name: 'Offer Rose', pricePaise: 12_000, stock: 1000 },
      { name: 'Offer Fern', pricePaise: 3_333, stock: 1000 },
    ]);
    const charges = await t.request('PUT', '/api/admin/delivery-charges', {
      token: admin.token,
      body: {
        defaultZone: { name: 'Everywhere else', pincodePrefixes: [], fee: 150, freeAbove: null },
        zones: [
          { name: 'Hosur', pincodePrefixes: ['635'], fee: 40, freeAbove: 1000 },
          { name: 'Bengaluru', pincodePrefixes: ['560', '562'], fee: 80, freeAbove: 1500 },
        ],
        slotSurcharges: { 'Morning 8–12': 25 },
      },
    });
    expect(charges.status).toBe(200);
  });
  afterAll(() => t?.close());

  const createOffer = async (body: Record<string, unknown>): Promise<Offer> => {
    const res = await t.request('POST', '/api/admin/offers', { token: admin.token, body });
    if (res.status !== 201) throw new Error(`creating the offer answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  let codeCounter = 0;
  const uniqueCode = (stem: string) => `${stem}${++codeCounter}`;
  const quote = (body: Record<string, unknown>, token?: string) => t.request<Quote & { message?: string }>('POST', '/api/orders/quote', { token, body });
  const delivery = (pincode = '635109', slot = 'Evening 4–8') => ({
    date: tomorrow(),
    slot,
    recipientName: 'Kavya',
    recipientPhone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    pincode,
  });
  const tomorrow = () => new Date(Date.now() + 5.5 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  const place = (buyer: TestUser, body: Record<string, unknown>) =>
    t.request<Order & { message?: string }>('POST', '/api/orders', {
      token: buyer.token,
      body: { orderItems: [{ product: rose, quantity: 5 }], paymentMethod: 'cash', address: ADDRESS, delivery: delivery(), ...body },
    });

  describe('staff set up offers', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a negative amount', { name: 'Bad', kind: 'amount', amount: -5 }, 'The amount off must be more than ₹0'],
      ['over 100 %', { name: 'Bad', kind: 'percent', percent: 120 }, 'A percentage is at most 100'],
      [
        'a window that ends before it starts',
        { name: 'Bad', kind: 'percent', percent: 10, validFrom: '2027-02-14', validUntil: '2027-02-01' },
        'The last day cannot be before the first day',
      ],
      [
        'unknown products',
        { name: 'Bad', kind: 'percent', percent: 10, productIds: ['00000000-0000-4000-8000-000000000000'] },
        'Some of the chosen products are not in the catalogue',
      ],
      ['no name', { kind: 'percent', percent: 10 }, 'Give the offer a name customers will see'],
      ['a percentage offer with an amount', { name: 'Bad', kind: 'percent', percent: 10, amount: 5 }, 'Only an amount offer has an amount off'],
      ['a code with spaces inside', { name: 'Bad', kind: 'percent', percent: 10, code: 'ROSE 10' }, 'A code has 3 to 40 letters, digits, - or _'],
    ])('refuses %s with a message saying what to fix', async (_case, body, message) => {
      const res = await t.request('POST', '/api/admin/offers', { token: admin.token, body });
      expect([res.status, res.body]).toEqual([400, expect.objectContaining({ success: false, message })]);
    });

    it('creates, lists, pauses and resumes an offer; a code is stored upper-case and unique', async () => {
      const code = uniqueCode('roses');
      const offer = await createOffer({ name: 'Roses 10% off', code: ` ${code} `, kind: 'percent', percent: 10, maxDiscount: 200 });
      expect(offer).toMatchObject({
        name: 'Roses 10% off',
        code: code.toUpperCase(),
        kind: 'percent',
        percent: 10,
        maxDiscount: 200,
        status: 'active',
        uses: 0,
      });
      const list = await t.request<Offer[]>('GET', '/api/admin/offers', { token: admin.token });
      expect(list.body.map((entry) => entry._id)).toContain(offer._id);

      const paused = await t.request<Offer>('PUT', `/api/admin/offers/${offer._id}`, { token: admin.token, body: { active: false } });
      expect(paused.body).toMatchObject({ status: 'paused', percent: 10, code: code.toUpperCase() });
      expect((await quote({ orderItems: [{ product: rose, quantity: 1 }], code })).body.code).toEqual({
        status: 'refused',
        message: 'This code is not active right now',
      });
      await t.request('PUT', `/api/admin/offers/${offer._id}`, { token: admin.token, body: { active: true } });

      const taken = await t.request('POST', '/api/admin/offers', { token: admin.token, body: { name: 'Copy', kind: 'percent', percent: 5, code } });
      expect([taken.status, taken.body.message]).toEqual([409, `The code ${code.toUpperCase()} is already in use; choose another`]);
    });
  });

  describe('the quote', () => {
    it("prices a visitor's cart: items, the zone's fee with the slot surcharge, and how much more gives free delivery", async () => {
      const res = await quote({ orderItems: [{ product: rose, quantity: 2 }], delivery: { pincode: '635109', slot: 'Morning 8–12' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [{ product: rose, name: 'Offer Rose', quantity: 2, price: 120, discount: 0, total: 240 }],
        itemsAmount: 240,
        discounts: [],
        deliveryFee: 65,
        total: 305,
        freeDeliveryShortBy: 760,
      });
      // No PIN code: the default zone, which has no free-delivery amount.
      expect((await quote({ orderItems: [{ product: rose, quantity: 2 }] })).body).toMatchObject({ deliveryFee: 150, total: 390, freeDeliveryShortBy: null });
    });

    it('applies a code case-insensitively and says what it took off; explains a refused one', async () => {
      const code = uniqueCode('VDAY');
      await createOffer({ name: 'Valentine 10%', code, kind: 'percent', percent: 10, minItemsAmount: 500 });
      const applied = await quote({ orderItems: [{ product: rose, quantity: 5 }], code: `  ${code.toLowerCase()} `, delivery: { pincode: '560001' } });
      expect(applied.body).toMatchObject({
        itemsAmount: 600,
        discounts: [{ name: 'Valentine 10%', code, amount: 60 }],
        deliveryFee: 80,
        total: 620,
        code: { status: 'applied', message: `Code ${code} applied: −₹60.00` },
      });
      const short = await quote({ orderItems: [{ product: rose, quantity: 1 }], code });
      expect(short.body.code).toEqual({ status: 'refused', message: 'This code needs items worth ₹500.00 or more' });
      expect(short.body.total).toBe(270);
      expect((await quote({ orderItems: [{ product: rose, quantity: 1 }], code: 'NO-SUCH-CODE' })).body.code).toEqual({
        status: 'refused',
        message: 'This code is not valid',
      });
    });

    it('answers 400 for a PIN code or slot it cannot read', async () => {
      expect((await quote({ orderItems: [{ product: rose, quantity: 1 }], delivery: { pincode: '12' } })).body).toMatchObject({
        success: false,
        message: 'Enter the 6-digit PIN code of the delivery address',
      });
      const slot = await quote({ orderItems: [{ product: rose, quantity: 1 }], delivery: { slot: 'Midnight' } });
      expect([slot.status, slot.body.message]).toEqual([400, 'Choose one of the delivery slots: Morning 8–12, Afternoon 12–4, Evening 4–8']);
      const bulk = await quote({ orderItems: [{ product: rose, quantity: 201 }] });
      expect([bulk.status, bulk.body.message]).toEqual([
        400,
        'You can order at most 200 of one product. For larger quantities, please request a wholesale quote on our export page: /export',
      ]);
    });
  });

  describe('placing with offers', () => {
    it("charges exactly the quote, freezes each line's share, and the order shows its discounts and delivery fee", async () => {
      const buyer = await t.createUser();
      const code = uniqueCode('FLAT');
      await createOffer({ name: 'Flat ₹100 off', code, kind: 'amount', amount: 100 });
      const lines = [
        { product: rose, quantity: 5 },
        { product: fern, quantity: 3 },
      ];
      const quoted = await quote({ orderItems: lines, code, delivery: { pincode: '635109', slot: 'Evening 4–8' } }, buyer.token);
      const placed = await place(buyer, { orderItems: lines, code });
      expect(placed.status).toBe(201);
      const order = placed.body;
      expect(order.totalAmount).toBe(quoted.body.total);
      // 600 + 99.99 of items: ₹100 spread by amount (85.715… / 14.284…), the rounding paisa to the larger remainder.
      expect(order.orderItems.map((line) => line.discount)).toEqual([85.72, 14.28]);
      expect(order).toMatchObject({ deliveryFee: 40, discounts: [{ name: 'Flat ₹100 off', code, amount: 100 }], totalAmount: 639.99 });
      expect(await getOrder(t, buyer, order._id)).toEqual(order);
    });

    it('refuses a code that cannot be used with 409 and its reason, and places nothing', async () => {
      const buyer = await t.createUser();
      const code = uniqueCode('GONE');
      await createOffer({ name: 'Expired', code, kind: 'percent', percent: 10, validFrom: '2020-01-01', validUntil: '2020-01-31' });
      const before = await stockOf(t, rose);
      const res = await place(buyer, { code });
      expect([res.status, res.body]).toEqual([409, { success: false, message: 'This code has expired', field: 'code' }]);
      expect(await stockOf(t, rose)).toBe(before);
      expect((await t.request('GET', '/api/orders/my-orders', { token: buyer.token })).body).toEqual([]);
    });

    it('gives a first-order discount once per account and once per phone number', async () => {
      const code = uniqueCode('HELLO');
      await createOffer({ name: 'Welcome 15%', code, kind: 'percent', percent: 15, firstOrderOnly: true });
      const first = await t.createUser();
      const phone = '9876501234';
      const withPhone = { ...delivery(), recipientPhone: phone };
      expect((await place(first, { code, delivery: withPhone })).status).toBe(201);
      const again = await place(first, { code, delivery: withPhone });
      expect([again.status, again.body.message]).toEqual([409, 'This code is for a first order']);
      const newAccountSamePhone = await t.createUser();
      const farmed = await place(newAccountSamePhone, { code, delivery: withPhone });
      expect([farmed.status, farmed.body.message]).toEqual([409, 'This code is for a first order']);
    });

    it('gives a use back when its order is cancelled, and when its payment window ends', async () => {
      const code = uniqueCode('ONE');
      const offer = await createOffer({ name: 'Only one', code, kind: 'percent', percent: 10, maxUses: 1 });
      const buyer = await t.createUser();
      const first = await place(buyer, { code });
      expect(first.status).toBe(201);
      const other = await t.createUser();
      expect((await place(other, { code })).body.message).toBe('This code has been used up');

      expect((await t.request('POST', `/api/orders/${first.body._id}/cancel`, { token: buyer.token })).status).toBe(200);
      const online = await place(other, { code, paymentMethod: 'razorpay' });
      expect(online.status).toBe(201);
      expect((await t.request<Offer[]>('GET', '/api/admin/offers', { token: admin.token })).body.find((entry) => entry._id === offer._id)?.uses).toBe(1);

      await t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '1 second' WHERE id = $1`, [online.body._id]);
      await t.workDue();
      expect((await getOrder(t, other, online.body._id)).status).toBe('cancelled');
      // The cancelled orders keep their frozen discounts; the use is free again.
      expect((await getOrder(t, other, online.body._id)).discounts).toEqual([{ name: 'Only one', code, amount: 60 }]);
      expect((await place(await t.createUser(), { code })).status).toBe(201);
    });

    it('refunds exactly what was paid for a cancelled paid order with a discount and a delivery fee', async () => {
      const buyer = await t.createUser();
      const code = uniqueCode('PAID');
      await createOffer({ name: 'Paid 20%', code, kind: 'percent', percent: 20 });
      const order = (await place(buyer, { code, paymentMethod: 'razorpay' })).body;
      expect(order.totalAmount).toBe(600 - 120 + 40);
      const { providerOrderId, amount } = await startPayment(t, buyer, order._id);
      expect(amount).toBe(52_000);
      expect((await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) })).status).toBe(200);
      expect((await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'cancelled' } })).status).toBe(200);
      await t.workDue();
      expect((await getOrder(t, buyer, order._id)).refund).toMatchObject({ amount: 520 });
    });

    it('makes single-use batch codes, each good for one order, and lists them as CSV', async () => {
      const offer = await createOffer({ name: 'ACME staff 15%', kind: 'percent', percent: 15, usesBatchCodes: true });
      const batch = await t.request('POST', `/api/admin/offers/${offer._id}/codes`, { token: admin.token, body: { count: 5 } });
      expect(batch.status).toBe(201);
      expect(new Set(batch.body.codes).size).toBe(5);
      const [code] = batch.body.codes as string[];
      expect((await place(await t.createUser(), { code })).status).toBe(201);
      expect((await place(await t.createUser(), { code })).body.message).toBe('This code has been used up');

      const csv = await t.request('GET', `/api/admin/offers/${offer._id}/codes.csv`, { token: admin.token });
      expect(csv.headers['content-type']).toContain('text/csv');
      const rows = csv.raw.toString().trim().split('\r\n');
      expect(rows[0]).toBe('code,used,order');
      expect(rows).toHaveLength(6);
      expect(rows.filter((row) => row.includes(',yes,'))).toHaveLength(1);
      const usage = await t.request('GET', `/api/admin/offers/${offer._id}/usage`, { token: admin.token });
      expect(usage.body).toMatchObject({ uses: 1, discountGiven: 90, revenue: 550 });
      // An offer without batch codes gets none.
      const plain = await createOffer({ name: 'Plain', kind: 'percent', percent: 1, code: uniqueCode('PLAIN') });
      expect((await t.request('POST', `/api/admin/offers/${plain._id}/codes`, { token: admin.token, body: { count: 1 } })).status).toBe(400);
    });
  });

  it(`answers 429 after ${REFUSED_CODES_PER_WINDOW} unknown codes from one address`, async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', JOB_WORKERS: 'false' });
    try {
      const [product] = await seedProducts(proxied, [{ stock: 5 }]);
      const headers = { 'x-forwarded-for': '198.51.100.77' };
      const guess = (code: string) => proxied.request('POST', '/api/orders/quote', { body: { orderItems: [{ product, quantity: 1 }], code }, headers });
      for (let i = 0; i < REFUSED_CODES_PER_WINDOW; i++) expect((await guess(`GUESS${i}`)).body.code.status).toBe('refused');
      const blocked = await guess('GUESS-LAST');
      expect([blocked.status, blocked.body.message]).toEqual([429, 'Too many offer codes were not valid. Please try again in 10 minutes.']);
      // Another address is not held up.
      expect(
        (
          await proxied.request('POST', '/api/orders/quote', {
            body: { orderItems: [{ product, quantity: 1 }], code: 'X1Y' },
            headers: { 'x-forwarded-for': '198.51.100.78' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
