import { financialYearOf, invoiceSeries } from '../src/tax/financial-year';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, TestApp } from './test-app';

describe('invoice numbers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives 50 orders placed at once 50 numbers of the year, with no gap and no repeat, and keeps them', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
    const [rose, scarce] = await seedProducts(t, [{ stock: 1000 }, { stock: 0 }]);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        // Every sixth order fails (no stock): a rolled-back order must not use up a number.
        t.request('POST', '/api/orders', {
          token: buyers[i % 10].token,
          body: { orderItems: [{ product: i % 6 === 5 ? scarce : rose, quantity: 1 }], paymentMethod: 'cash', address: 'Hosur' },
        }),
      ),
    );
    const placed = results.filter((res) => res.status === 201);
    expect(placed).toHaveLength(50);
    const series = invoiceSeries(financialYearOf(new Date()));
    const numbers = placed.map((res) => res.body.invoiceNumber as string);
    expect(numbers.every((number) => number.startsWith(series))).toBe(true);
    expect(numbers.map((number) => Number(number.slice(series.length))).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const admin = await t.createUser({ role: 'admin' });
    const order = placed[0].body;
    await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'cancelled' } });
    await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'processing' } });
    expect((await t.request('GET', `/api/orders/${order._id}`, { token: admin.token })).body.invoiceNumber).toBe(order.invoiceNumber);
    const next = await placeOrder(t, buyers[0], [{ product: rose, quantity: 1 }]);
    expect(next.invoiceNumber).toBe(`${series}000051`);
  });
});
