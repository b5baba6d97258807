import type { Order } from '@thalir/contracts';
import { addDays, indiaClock } from '../src/delivery/delivery-rules';
import { pdfText } from './pdf-text';
import { seedProducts } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

const today = () => indiaClock(new Date()).date;
const TOMORROW_CLOSED = () => addDays(today(), 1);

describe('delivery at checkout', () => {
  let t: TestApp;
  let buyer: TestUser;
  let rose: string;

  beforeAll(async () => {
    t = await createTestApp({ DELIVERY_CLOSED_DATES: TOMORROW_CLOSED(), MAX_UNPAID_ORDERS: '1000' });
    buyer = await t.createUser({ name: 'Kavya Buyer' });
    [rose] = await seedProducts(t, [{ name: 'Red Rose', stock: 1000 }]);
  });
  afterAll(() => t?.close());

  const place = (delivery: unknown) =>
    t.request('POST', '/api/orders', {
      token: buyer.token,
      body: { orderItems: [{ product: rose, quantity: 1 }], paymentMethod: 'cash', address: '14 Rayakottai Road, Hosur', delivery },
    });
  const dayAfter = () => addDays(today(), 2);
  const valid = (changes: Record<string, unknown> = {}) => ({
    date: dayAfter(),
    slot: 'Evening 4–8',
    recipientName: 'Amma',
    recipientPhone: '98765 43210',
    pincode: '635109',
    giftMessage: 'Happy birthday, Amma! With love from Kavya.',
    ...changes,
  });

  it('tells the storefront the open dates, their slots, the cut-off and whether a PIN code is served', async () => {
    const served = await t.request('GET', '/api/delivery/options?pincode=635109');
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.body.served).toBe(true);
    expect(served.body.cutoff).toBe('2:00 PM');
    const dates = served.body.dates as { date: string; slots: string[] }[];
    expect(dates.map((day) => day.date)).not.toContain(TOMORROW_CLOSED());
    expect(dates.find((day) => day.date === dayAfter())?.slots).toEqual(['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8']);
    expect(dates.at(-1)!.date).toBe(addDays(today(), 30));

    const unserved = await t.request('GET', '/api/delivery/options?pincode=110001');
    expect(unserved.body).toMatchObject({ served: false, message: 'We cannot deliver to 110001 yet' });
    expect((await t.request('GET', '/api/delivery/options')).body.served).toBeNull();
    for (const bad of ['11000', 'abcdef', '1100011']) {
      const refused = await t.request('GET', `/api/delivery/options?pincode=${bad}`);
      expect([refused.status, refused.body.message]).toEqual([400, 'Enter the 6-digit PIN code of the delivery address']);
    }
  });

  it('records the date, slot, recipient, PIN code and gift message, with the phone written one way', async () => {
    const res = await place(valid());
    expect(res.status).toBe(201);
    expect((res.body as Order).delivery).toEqual({
      date: dayAfter(),
      slot: 'Evening 4–8',
      recipientName: 'Amma',
      recipientPhone: '+919876543210',
      pincode: '635109',
      giftMessage: 'Happy birthday, Amma! With love from Kavya.',
    });
    const again = await t.request('GET', `/api/orders/${res.body._id}`, { token: buyer.token });
    expect(again.body.delivery).toEqual(res.body.delivery);
  });

  it('sends to the buyer when no recipient is named, and books the first open slot when no delivery is given', async () => {
    const named = await place(valid({ recipientName: '', giftMessage: '' }));
    expect(named.body.delivery).toMatchObject({ recipientName: 'Kavya Buyer', giftMessage: null });
    const bare = await place(undefined);
    expect(bare.status).toBe(201);
    const options = (await t.request('GET', '/api/delivery/options')).body;
    expect(bare.body.delivery).toEqual({
      date: options.dates[0].date,
      slot: options.dates[0].slots[0],
      recipientName: 'Kavya Buyer',
      recipientPhone: null,
      pincode: null,
      giftMessage: null,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unserved PIN code', { pincode: '110001' }, 'We cannot deliver to 110001 yet'],
    ['a PIN code of 5 digits', { pincode: '63510' }, 'Enter the 6-digit PIN code of the delivery address'],
    ['a closed day', { date: TOMORROW_CLOSED() }, 'We do not deliver on'],
    ['yesterday', { date: addDays(today(), -1) }, 'has passed; please choose another day'],
    ['too far ahead', { date: addDays(today(), 31) }, 'We take orders up to 30 days ahead'],
    ['no such day', { date: '2026-02-30' }, 'Choose a delivery date'],
    ['an unknown slot', { slot: 'Midnight' }, 'Choose one of the delivery slots: Morning 8–12, Afternoon 12–4, Evening 4–8'],
    ['a foreign phone', { recipientPhone: '+1 415 555 0100' }, "Enter the recipient's 10-digit Indian mobile number (optionally with +91)"],
    ['a 251-character gift message', { giftMessage: 'x'.repeat(251) }, 'Gift message can be at most 250 characters'],
    ['no PIN code', { pincode: undefined }, 'Enter the 6-digit PIN code of the delivery address'],
    ['a number for a date', { date: 20261127 }, 'Choose a delivery date'],
  ])('refuses %s with 400 and a message a customer understands, taking no stock', async (_case, changes, message) => {
    const [{ stock: before }] = await t.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [rose]);
    const res = await place(valid(changes));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const [{ stock: after }] = await t.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [rose]);
    expect(after).toBe(before);
  });

  it('refuses a delivery that is not an object', async () => {
    expect((await place('tomorrow')).status).toBe(400);
  });
});

describe('orders by delivery (back office)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAX_UNPAID_ORDERS: '1000' });
  });
  afterAll(() => t?.close());

  it('filters the orders list by delivery date and sorts it by date, then slot in the day’s order', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ stock: 100 }]);
    const day = (offset: number) => addDays(today(), offset);
    const placed: Record<string, string> = {};
    for (const [date, slot] of [
      [day(3), 'Evening 4–8'],
      [day(2), 'Afternoon 12–4'],
      [day(3), 'Morning 8–12'],
      [day(2), 'Evening 4–8'],
    ]) {
      const res = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: {
          orderItems: [{ product: rose, quantity: 1 }],
          paymentMethod: 'cash',
          address: 'Hosur',
          delivery: { date, slot, recipientPhone: '9876543210', pincode: '635109' },
        },
      });
      placed[`${date} ${slot}`] = res.body._id;
    }
    const list = async (query: string) =>
      ((await t.request('GET', `/api/orders?${query}`, { token: admin.token })).body as Order[]).map(
        (order) => `${order.delivery!.date} ${order.delivery!.slot}`,
      );
    // Newest first unless asked otherwise: the morning order was placed after the evening one.
    expect(await list(`deliveryDate=${day(3)}&page=1&limit=20`)).toEqual([`${day(3)} Morning 8–12`, `${day(3)} Evening 4–8`]);
    expect(await list('sort=delivery&page=1&limit=20')).toEqual([
      `${day(2)} Afternoon 12–4`,
      `${day(2)} Evening 4–8`,
      `${day(3)} Morning 8–12`,
      `${day(3)} Evening 4–8`,
    ]);
    expect((await t.request('GET', '/api/orders?deliveryDate=tomorrow', { token: admin.token })).status).toBe(400);
    expect((await t.request('GET', '/api/orders?sort=price', { token: admin.token })).status).toBe(400);
  });
});

describe("the day's delivery run (back office)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAX_UNPAID_ORDERS: '1000' });
  });
  afterAll(() => t?.close());

  it('groups a date’s orders by slot with what the driver needs, and the cash to collect', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const buyer = await t.createUser({ name: 'Kavya' });
    const [rose, fern] = await seedProducts(t, [
      { name: 'Red Rose', pricePaise: 12050, stock: 100 },
      { name: 'Fern', pricePaise: 4000, stock: 100 },
    ]);
    const date = addDays(today(), 4);
    const place = async (slot: string, paymentMethod: 'cash' | 'razorpay', extra: Record<string, unknown> = {}) =>
      (
        await t.request('POST', '/api/orders', {
          token: buyer.token,
          body: {
            orderItems: [
              { product: rose, quantity: 2 },
              { product: fern, quantity: 1 },
            ],
            paymentMethod,
            address: '9 Gulmohar Road, Hosur',
            delivery: { date, slot, recipientPhone: '9876543210', pincode: '635109', ...extra },
          },
        })
      ).body as Order;
    const evening = await place('Evening 4–8', 'cash', { recipientName: 'Amma', giftMessage: 'Happy birthday!' });
    const morning = await place('Morning 8–12', 'razorpay');
    const cancelled = await place('Morning 8–12', 'cash');
    await t.request('PUT', `/api/orders/${cancelled._id}/status`, { token: admin.token, body: { status: 'cancelled' } });
    await place('Evening 4–8', 'cash', { date: addDays(today(), 5) });

    const run = await t.request('GET', `/api/admin/deliveries/${date}`, { token: admin.token });
    expect(run.status).toBe(200);
    expect(run.body).toEqual({
      date,
      collectTotal: 281,
      slots: [
        {
          slot: 'Morning 8–12',
          stops: [expect.objectContaining({ _id: morning._id, recipientName: 'Kavya', paymentMethod: 'razorpay', isPaid: false, collect: 0 })],
        },
        {
          slot: 'Evening 4–8',
          stops: [
            {
              _id: evening._id,
              recipientName: 'Amma',
              recipientPhone: '+919876543210',
              address: '9 Gulmohar Road, Hosur',
              pincode: '635109',
              items: [
                { name: 'Red Rose', quantity: 2 },
                { name: 'Fern', quantity: 1 },
              ],
              giftMessage: 'Happy birthday!',
              status: 'pending',
              paymentMethod: 'cash',
              isPaid: false,
              collect: 281,
              courier: null,
              cashCollected: null,
              lastFailedAttempt: null,
            },
          ],
        },
      ],
      // The owner can take stops too.
      couriers: expect.arrayContaining([{ _id: admin.id, name: expect.any(String) }]),
    });
    expect((await t.request('GET', `/api/admin/deliveries/${date}`, { token: buyer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/deliveries/2026-13-01', { token: admin.token })).status).toBe(400);
    expect((await t.request('GET', `/api/admin/deliveries/${addDays(today(), 20)}`, { token: admin.token })).body).toEqual({
      date: addDays(today(), 20),
      slots: [],
      collectTotal: 0,
      couriers: expect.arrayContaining([{ _id: admin.id, name: expect.any(String) }]),
    });

    // The printable sheet of the same run.
    const sheet = await t.request('GET', `/api/admin/deliveries/${date}.pdf`, { token: admin.token });
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.headers['content-disposition']).toBe(`attachment; filename="Deliveries_${date}.pdf"`);
    const { text, pages } = await pdfText(sheet.raw);
    expect(pages).toBe(2); // a page per slot
    const day = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
    for (const expected of [
      `Deliveries · ${day}`,
      '2 stops in all · cash to collect ₹281.00',
      'Morning 8–12 1 stop · collect ₹0.00',
      'AWAITING PAYMENT',
      'Evening 4–8 1 stop · collect ₹281.00',
      'Amma +919876543210',
      '9 Gulmohar Road, Hosur, PIN 635109',
      '2 × Red Rose, 1 × Fern',
      'Card: “Happy birthday!”',
      'COLLECT CASH ₹281.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(cancelled._id.slice(-6).toUpperCase());
    expect((await t.request('GET', `/api/admin/deliveries/${date}.pdf`, { token: buyer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/deliveries/2026-13-01.pdf', { token: admin.token })).status).toBe(400);
    expect((await pdfText((await t.request('GET', `/api/admin/deliveries/${addDays(today(), 20)}.pdf`, { token: admin.token })).raw)).text).toContain(
      'No deliveries on this date.',
    );
  });
});
