import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

/** YYYY-MM-DD of a moment as a day in India. */
function istDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
const DAY_MS = 24 * 60 * 60 * 1000;

describe('GET /api/admin/stats/sales', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  const url = '/api/admin/stats/sales';
  const setStatus = (id: string, status: string) => t.request('PUT', `/api/orders/${id}/status`, { token: admin.token, body: { status } });
  const backdate = (id: string, days: number) =>
    t.dataSource.query(`UPDATE orders SET created_at = now() - $2::int * interval '1 day' WHERE id = $1`, [id, days]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    buyer = await t.createUser();
  });
  afterAll(() => t.close());

  it('is admin-only: 401 for visitors, 403 for customers', async () => {
    expect((await t.request('GET', url)).status).toBe(401);
    const forbidden = await t.request('GET', url, { token: buyer.token });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.body.message).toBe('string');
  });

  it('answers one entry per shop day, zeros included, ending today (30 by default)', async () => {
    const res = await t.request('GET', url, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1).date).toBe(istDate(new Date()));
    expect(res.body.days[0].date).toBe(istDate(new Date(Date.now() - 29 * DAY_MS)));
    for (const day of res.body.days)
      expect(day).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), orders: expect.any(Number), revenue: expect.any(Number) });
    expect((await t.request('GET', `${url}?days=1`, { token: admin.token })).body.days).toHaveLength(1);
    expect((await t.request('GET', `${url}?days=366`, { token: admin.token })).body.days).toHaveLength(366);
  });

  it('refuses days outside 1–366 or not whole with 400', async () => {
    for (const days of ['0', '367', '1.5', 'abc', '', '-3']) {
      const res = await t.request('GET', `${url}?days=${days}`, { token: admin.token });
      expect({ days, status: res.status, message: res.body.message }).toEqual({ days, status: 400, message: 'days must be a whole number from 1 to 366' });
    }
  });

  it('counts orders per day, revenue of paid orders that are not cancelled, statuses, top products and low stock', async () => {
    const products = await seedProducts(t, [
      { name: 'Stats Rose', pricePaise: 50000, stock: 100 },
      { name: 'Stats Lily', pricePaise: 30000, stock: 100 },
      { name: 'Stats Orchid', pricePaise: 90000, stock: 100 },
      { name: 'Stats Fern', pricePaise: 2000, stock: 100 },
      { name: 'Stats Tulip', pricePaise: 15000, stock: 100 },
      { name: 'Stats Daisy', pricePaise: 1000, stock: 100 },
      { name: 'Stats Aster', pricePaise: 1500, stock: 100 },
    ]);
    const [rose, lily, orchid, fern, tulip, daisy, aster] = products;

    const deliveredToday = await placeOrder(t, buyer, [
      { product: rose, quantity: 2 },
      { product: fern, quantity: 5 },
    ]); // ₹1,100
    await setStatus(deliveredToday._id, 'delivered');
    await placeOrder(t, buyer, [
      { product: lily, quantity: 1 },
      { product: daisy, quantity: 1 },
      { product: aster, quantity: 1 },
    ]); // unpaid ₹325
    const cancelled = await placeOrder(t, buyer, [{ product: orchid, quantity: 10 }]); // ₹9,000, paid then cancelled
    await setStatus(cancelled._id, 'delivered');
    await setStatus(cancelled._id, 'cancelled');
    const threeDaysAgo = await placeOrder(t, buyer, [{ product: tulip, quantity: 4 }]); // ₹600 paid
    await setStatus(threeDaysAgo._id, 'shipped');
    await setStatus(threeDaysAgo._id, 'delivered');
    await backdate(threeDaysAgo._id, 3);
    const longAgo = await placeOrder(t, buyer, [{ product: orchid, quantity: 1 }]); // ₹900, outside 30 days
    await setStatus(longAgo._id, 'delivered');
    await backdate(longAgo._id, 40);

    const res = await t.request('GET', url, { token: admin.token });
    expect(res.status).toBe(200);
    const byDate = new Map(res.body.days.map((day: { date: string }) => [day.date, day]));
    expect(byDate.get(istDate(new Date()))).toEqual({ date: istDate(new Date()), orders: 3, revenue: 1100 });
    expect(byDate.get(istDate(new Date(Date.now() - 3 * DAY_MS)))).toEqual({ date: istDate(new Date(Date.now() - 3 * DAY_MS)), orders: 1, revenue: 600 });
    const totals = res.body.days.reduce(
      (sum: { orders: number; revenue: number }, day: { orders: number; revenue: number }) => ({
        orders: sum.orders + day.orders,
        revenue: sum.revenue + day.revenue,
      }),
      { orders: 0, revenue: 0 },
    );
    expect(totals).toEqual({ orders: 4, revenue: 1700 });

    expect(res.body.byStatus).toEqual({ pending: 1, processing: 0, shipped: 0, delivered: 2, cancelled: 1 });
    expect(res.body.topProducts).toEqual([
      { product: rose, name: 'Stats Rose', quantity: 2, revenue: 1000 },
      { product: tulip, name: 'Stats Tulip', quantity: 4, revenue: 600 },
      { product: lily, name: 'Stats Lily', quantity: 1, revenue: 300 },
      { product: fern, name: 'Stats Fern', quantity: 5, revenue: 100 },
      { product: aster, name: 'Stats Aster', quantity: 1, revenue: 15 },
    ]);

    const wider = await t.request('GET', `${url}?days=60`, { token: admin.token });
    expect(wider.body.days).toHaveLength(60);
    expect(wider.body.byStatus.delivered).toBe(3);
    expect(wider.body.topProducts[1]).toEqual({ product: orchid, name: 'Stats Orchid', quantity: 1, revenue: 900 });
  });

  it('lists up to 10 products with stock of 10 or less, lowest first, as Products', async () => {
    await seedProducts(
      t,
      Array.from({ length: 12 }, (_, i) => ({ name: `Low ${String(i).padStart(2, '0')}`, stock: i, pricePaise: 1000 })),
    );
    const res = await t.request('GET', url, { token: admin.token });
    expect(res.body.lowStock).toHaveLength(10);
    const stocks = res.body.lowStock.map((product: { stock: number }) => product.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks.every((stock: number) => stock <= 10)).toBe(true);
    expect(res.body.lowStock[0]).toEqual({
      _id: expect.any(String),
      name: 'Low 00',
      price: 10,
      stock: 0,
      type: 'flower',
      description: '',
      image: expect.any(String),
      imageCard: expect.any(String),
      hsnCode: expect.any(String),
      gstRate: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });
});
