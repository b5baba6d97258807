import { randomBytes } from 'node:crypto';
import type { Order } from '@thalir/contracts';
import { seedProducts, stockOf } from './shop-fixtures';
import { createTestApp, type TestApp, type TestResponse } from './test-app';

// Races need real PostgreSQL: the embedded database runs one transaction at a time and hides them.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('offer limits under concurrent checkouts (PostgreSQL)', () => {
  const JWT_SECRET = randomBytes(32).toString('hex');
  const limits = { JWT_SECRET, JOB_WORKERS: 'false', ORDERS_PER_MINUTE_PER_ADDRESS: '1000' };
  let t: TestApp;
  /** A second API on the same database, with its own pool, as another process would have. */
  let second: TestApp;

  beforeAll(async () => {
    t = await createTestApp(limits);
    second = await createTestApp({ ...limits, DATABASE_URL: t.databaseUrl! });
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const tomorrow = () => new Date(Date.now() + 5.5 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  const checkout = (app: TestApp, token: string, product: string, code: string, phone: string) =>
    app.request<Order & { message?: string }>('POST', '/api/orders', {
      token,
      body: {
        orderItems: [{ product, quantity: 3 }],
        paymentMethod: 'cash',
        address: '4 Jasmine Lane, Hosur',
        delivery: { date: tomorrow(), slot: 'Evening 4–8', recipientPhone: phone, pincode: '635109' },
        code,
      },
    });

  /** What every placed order keeps, whatever raced it. */
  async function expectOrdersAddUp(orderIds: string[]) {
    const rows = (await t.dataSource.query(
      `SELECT o.id, o.total_paise AS total, o.delivery_fee_paise AS fee, o.delivery_discount_paise AS "feeOff",
         (SELECT sum(i.unit_price_paise * i.quantity) FROM order_items i WHERE i.order_id = o.id)::int AS items,
         (SELECT sum(i.discount_paise) FROM order_items i WHERE i.order_id = o.id)::int AS "lineDiscounts",
         (SELECT coalesce(sum(d.items_paise), 0) FROM order_discounts d WHERE d.order_id = o.id)::int AS "orderDiscounts"
       FROM orders o WHERE o.id = ANY($1)`,
      [orderIds],
    )) as { total: number; fee: number; feeOff: number; items: number; lineDiscounts: number; orderDiscounts: number }[];
    for (const row of rows) {
      expect(row.lineDiscounts).toBe(row.orderDiscounts);
      expect(row.total).toBe(row.items - row.orderDiscounts + row.fee - row.feeOff);
    }
  }

  it('50 concurrent checkouts of a code with 10 uses, through two processes: exactly 10 discounted orders, 40 refused with 409', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const offer = await t.request('POST', '/api/admin/offers', {
      token: admin.token,
      body: { name: 'Ten lucky customers', code: 'LUCKY10', kind: 'percent', percent: 10, maxUses: 10 },
    });
    expect(offer.status).toBe(201);
    const [rose] = await seedProducts(t, [{ pricePaise: 20_000, stock: 1000 }]);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => t.createUser()));

    const answers: TestResponse<Order & { message?: string }>[] = await Promise.all(
      buyers.map((buyer, index) => checkout(index % 2 ? second : t, buyer.token, rose, 'lucky10', `9${String(700000000 + index)}`)),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(10);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual(
      Array(40).fill([409, { success: false, message: 'This code has been used up', field: 'code' }]),
    );
    for (const answer of placed) expect(answer.body.discounts).toEqual([{ name: 'Ten lucky customers', code: 'LUCKY10', amount: 60 }]);
    // Nothing was placed for the refused ones: their stock is on the shelf.
    expect(await stockOf(t, rose)).toBe(1000 - 10 * 3);
    await expectOrdersAddUp(placed.map((answer) => answer.body._id));
    const [{ uses }] = await t.dataSource.query(`SELECT count(*)::int AS uses FROM order_discounts WHERE released_at IS NULL AND code = 'LUCKY10'`);
    expect(uses).toBe(10);
  });

  it('20 new accounts sharing one phone number race for a first-order discount: one gets it', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect(
      (
        await t.request('POST', '/api/admin/offers', {
          token: admin.token,
          body: { name: 'Welcome', code: 'WELCOME-RACE', kind: 'amount', amount: 50, firstOrderOnly: true },
        })
      ).status,
    ).toBe(201);
    const [lily] = await seedProducts(t, [{ pricePaise: 10_000, stock: 1000 }]);
    const accounts = await Promise.all(Array.from({ length: 20 }, () => t.createUser()));
    const answers = await Promise.all(accounts.map((account, index) => checkout(index % 2 ? second : t, account.token, lily, 'WELCOME-RACE', '9123456789')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.message))).toEqual(
      new Set(['This code is for a first order']),
    );
  });

  it('10 concurrent checkouts of one single-use code: one order gets it, the others are told it is used up', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const offer = await t.request('POST', '/api/admin/offers', {
      token: admin.token,
      body: { name: 'Corporate gift', kind: 'amount', amount: 25, usesBatchCodes: true },
    });
    const [code] = (await t.request('POST', `/api/admin/offers/${offer.body._id}/codes`, { token: admin.token, body: { count: 1 } })).body.codes as string[];
    const [marigold] = await seedProducts(t, [{ pricePaise: 5_000, stock: 1000 }]);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
    const answers = await Promise.all(
      buyers.map((buyer, index) => checkout(index % 2 ? second : t, buyer.token, marigold, code, `9${String(600000000 + index)}`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.message])).toEqual(
      Array(9).fill([409, 'This code has been used up']),
    );
  });
});
