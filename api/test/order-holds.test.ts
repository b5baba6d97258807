import { LATE_PAYMENT_REFUNDED } from '../src/payments/payments.service';
import { balanced, getOrder, ledger } from './order-fixtures';
import { captured, sendWebhook, signedPayment, startPayment } from './payment-fixtures';
import { placeOrder, seedProducts, stockOf } from './shop-fixtures';
import { createTestApp, TestApp } from './test-app';

/**
 * The app runs no job workers: a test ends a payment window by moving its end into the past, then has
 * the due work done (`workDue`: the expiry sweep, refunds), so whatever the sweep leaves alone it
 * never touches. That the workers sweep within 15 s of a window's end, in every process, is the
 * cluster test's (cluster.test.ts).
 */
describe('payment holds that expire', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKERS: 'false' });
  });
  afterAll(() => t?.close());

  const endWindows = (...orderIds: string[]) =>
    t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '1 second' WHERE id = ANY($1) AND payment_due_at IS NOT NULL`, [orderIds]);

  it('holds the stock for the payment window, then the system cancels the order and returns the stock', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 3 }], 'razorpay');
    expect(await stockOf(t, rose)).toBe(7);
    const dueBy = new Date(order.paymentDueBy!).getTime();
    expect(Math.abs(dueBy - new Date(order.createdAt).getTime() - t.config.paymentHoldMs)).toBeLessThan(1_000);
    await t.workDue();
    expect(await getOrder(t, buyer, order._id)).toMatchObject({ status: 'pending', paymentDueBy: order.paymentDueBy });
    expect(await stockOf(t, rose)).toBe(7);

    await endWindows(order._id);
    await t.workDue();
    const expired = await getOrder(t, buyer, order._id);
    expect(expired.status).toBe('cancelled');
    expect(expired).toMatchObject({ isPaid: false, paymentDueBy: null, refund: null });
    expect(expired.statusHistory?.at(-1)).toEqual({ status: 'cancelled', at: expect.any(String), by: 'system', reason: 'payment window expired' });
    expect(await stockOf(t, rose)).toBe(10);
  });

  it('never expires a paid order or a cash order', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ stock: 10 }]);
    const online = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    const { providerOrderId } = await startPayment(t, buyer, online._id);
    expect((await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, online._id, providerOrderId) })).status).toBe(200);
    const cash = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'cash');
    // An unpaid one beside them, so the sweep is seen to run.
    const unpaid = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');

    await endWindows(online._id, cash._id, unpaid._id);
    await t.workDue();
    expect((await getOrder(t, buyer, unpaid._id)).status).toBe('cancelled');
    expect(await getOrder(t, buyer, online._id)).toMatchObject({ status: 'pending', isPaid: true, paymentDueBy: null });
    expect((await getOrder(t, buyer, cash._id)).status).toBe('pending');
    expect(await stockOf(t, rose)).toBe(8);
  });

  it('refunds a payment that arrives after the window closed, whichever way it arrives, and says so with 409', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ pricePaise: 50000, stock: 4 }]);
    const viaVerify = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    const viaWebhook = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    const verifyPayment = await startPayment(t, buyer, viaVerify._id);
    const webhookPayment = await startPayment(t, buyer, viaWebhook._id);
    await endWindows(viaVerify._id, viaWebhook._id);
    await t.workDue();
    for (const order of [viaVerify, viaWebhook]) expect((await getOrder(t, buyer, order._id)).status).toBe('cancelled');
    expect(await stockOf(t, rose)).toBe(4);

    const body = signedPayment(t, viaVerify._id, verifyPayment.providerOrderId);
    for (let attempt = 0; attempt < 2; attempt++) {
      const late = await t.request('POST', '/api/payments/verify', { token: buyer.token, body });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ success: false, message: LATE_PAYMENT_REFUNDED });
    }
    expect((await sendWebhook(t, 'payment.captured', captured(webhookPayment.providerOrderId, 'pay_AfterTheWindow1', webhookPayment.amount))).status).toBe(200);

    await t.workDue();
    for (const order of [viaVerify, viaWebhook]) {
      const settled = await getOrder(t, buyer, order._id);
      expect(settled).toMatchObject({ status: 'cancelled', isPaid: true, refund: { amount: 500, manual: false } });
    }
    const [{ reasons }] = await t.dataSource.query(`SELECT array_agg(DISTINCT reason) AS reasons FROM refunds WHERE order_id = ANY($1)`, [
      [viaVerify._id, viaWebhook._id],
    ]);
    expect(reasons).toEqual(['refund after late payment']);
    // The stock stays on the shelf: a refunded late payment buys nothing.
    expect(await stockOf(t, rose)).toBe(4);
    expect(await ledger(t, { startStock: new Map([[rose, 4]]), receivedPaise: 100000, orderIds: [viaVerify._id, viaWebhook._id] })).toEqual(balanced(100000));
  });

  it('refuses to start a payment once the order has expired', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ stock: 4 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    await endWindows(order._id);
    await t.workDue();
    expect((await getOrder(t, buyer, order._id)).status).toBe('cancelled');
    const res = await t.request('POST', '/api/payments/create-order', { token: buyer.token, body: { amount: 1, receipt: order._id } });
    expect([res.status, res.body.message]).toEqual([409, 'This order has been cancelled']);
  });

  it('gives an unpaid online order reopened by staff a new payment window', async () => {
    const buyer = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const [rose] = await seedProducts(t, [{ stock: 4 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 2 }], 'razorpay');
    await endWindows(order._id);
    await t.workDue();
    expect((await getOrder(t, buyer, order._id)).status).toBe('cancelled');
    const reopened = await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'pending' } });
    expect(reopened.status).toBe(200);
    const windowMs = new Date(reopened.body.paymentDueBy).getTime() - Date.now();
    expect(windowMs).toBeGreaterThan(t.config.paymentHoldMs - 60_000);
    expect(windowMs).toBeLessThanOrEqual(t.config.paymentHoldMs);
    expect(await stockOf(t, rose)).toBe(2);
    await t.workDue();
    expect((await getOrder(t, buyer, order._id)).status).toBe('pending');
    await endWindows(order._id);
    await t.workDue();
    expect((await getOrder(t, buyer, order._id)).status).toBe('cancelled');
    expect(await stockOf(t, rose)).toBe(4);
  });
});
