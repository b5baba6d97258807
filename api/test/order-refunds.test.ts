import type { Order } from '@thalir/contracts';
import { PAYMENT_GATEWAY, type PaymentGateway, RefundRefusedError } from '../src/payments/payment-gateway';
import { RefundAttemptEntity } from '../src/refunds/refund-attempt.entity';
import { RefundEntity } from '../src/refunds/refund.entity';
import { balanced, getOrder, ledger } from './order-fixtures';
import { captured, refundEvent, sendWebhook, signedPayment, startPayment } from './payment-fixtures';
import { placeOrder, seedProducts, stockOf } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

describe('orders: cancelling, refunds and the unpaid-order limit', () => {
  let t: TestApp;
  let admin: TestUser;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    // Refunds are asked for by background work, which each test has done when it wants (workDue).
    t = await createTestApp({ JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
    gateway = t.app.get(PAYMENT_GATEWAY);
  });
  afterAll(() => t?.close());
  /** Lets a refund call a test held back go on, so a failed test does not leave its refund work hanging. */
  let releaseHeldRefund = () => {};
  afterEach(() => {
    releaseHeldRefund();
    jest.restoreAllMocks();
  });

  const setStatus = (orderId: string, status: string) => t.request('PUT', `/api/orders/${orderId}/status`, { token: admin.token, body: { status } });
  const cancel = (orderId: string, who: TestUser) => t.request('POST', `/api/orders/${orderId}/cancel`, { token: who.token });
  const refundsOf = (orderId: string) => t.dataSource.getRepository(RefundEntity).find({ where: { orderId } });
  const attemptsOf = async (orderId: string) =>
    t.dataSource.getRepository(RefundAttemptEntity).find({ where: { refundId: (await refundsOf(orderId))[0]?.id }, order: { createdAt: 'ASC' } });
  /** The order once the refund work that is due has been done. */
  const refundSettled = async (who: TestUser, orderId: string) => {
    await t.workDue();
    return getOrder(t, who, orderId);
  };

  /** A buyer's online order, paid through the sandbox: the order and the payment id. */
  async function paidOnlineOrder(buyer: TestUser, product: string, quantity = 2): Promise<{ order: Order; paymentId: string }> {
    const order = await placeOrder(t, buyer, [{ product, quantity }], 'razorpay');
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    const payment = signedPayment(t, order._id, providerOrderId);
    const verified = await t.request('POST', '/api/payments/verify', { token: buyer.token, body: payment });
    expect(verified.status).toBe(200);
    return { order: verified.body.order, paymentId: payment.razorpay_payment_id };
  }

  describe('an admin cancels a paid online order', () => {
    it('returns the stock and refunds the payment in full, once; the refunded order cannot be reopened', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ name: 'Red Rose', pricePaise: 62500, stock: 10 }]);
      const { order, paymentId } = await paidOnlineOrder(buyer, rose);
      expect(order.paymentDueBy).toBeNull();

      const cancelled = await setStatus(order._id, 'cancelled');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', isPaid: true, refund: { status: 'pending', amount: 1250, manual: false } });
      expect(await stockOf(t, rose)).toBe(10);
      // The status select sent twice (a double click) starts nothing more.
      expect((await setStatus(order._id, 'cancelled')).status).toBe(200);

      const settled = await refundSettled(buyer, order._id);
      expect(settled.refund).toMatchObject({ status: 'processed', amount: 1250 });
      const [refund, ...more] = await refundsOf(order._id);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({ paymentId, status: 'processed', reason: 'order cancelled after payment', amountPaise: 125000, refundedPaise: 125000 });
      expect(settled.refund?.attempts).toEqual([
        expect.objectContaining({ status: 'processed', amount: 1250, reported: 1250, providerRefundId: expect.stringMatching(/^rfnd_/) }),
      ]);

      const reopened = await setStatus(order._id, 'pending');
      expect([reopened.status, reopened.body.message]).toEqual([409, 'This order was refunded, so it cannot leave cancelled']);
      expect(await stockOf(t, rose)).toBe(10);
      expect(await ledger(t, { startStock: new Map([[rose, 10]]), receivedPaise: 125000, orderIds: [order._id] })).toEqual(balanced(125000));
    });

    it('records a paid cash order cancelled after delivery as a manual refund the staff settle', async () => {
      const buyer = await t.createUser();
      const [fern] = await seedProducts(t, [{ pricePaise: 4000, stock: 5 }]);
      const order = await placeOrder(t, buyer, [{ product: fern, quantity: 1 }]);
      expect((await setStatus(order._id, 'delivered')).body.isPaid).toBe(true);
      const cancelled = await setStatus(order._id, 'cancelled');
      expect(cancelled.body.refund).toMatchObject({ status: 'pending', amount: 40, manual: true });

      const refundId = cancelled.body.refund._id;
      expect((await t.request('POST', `/api/admin/refunds/${refundId}/retry`, { token: admin.token })).status).toBe(409);
      expect((await t.request('POST', `/api/admin/refunds/${refundId}/settle`, { token: buyer.token })).status).toBe(403);
      const settled = await t.request('POST', `/api/admin/refunds/${refundId}/settle`, { token: admin.token });
      expect(settled.status).toBe(200);
      expect((await getOrder(t, buyer, order._id)).refund).toMatchObject({ status: 'processed', manual: true });
      expect((await t.request('POST', `/api/admin/refunds/00000000-0000-4000-8000-000000000000/settle`, { token: admin.token })).status).toBe(404);
    });
  });

  describe('the buyer cancels', () => {
    it('cancels a pending order: 200 with the cancelled order, stock back, recorded as the buyer with a reason', async () => {
      const buyer = await t.createUser();
      const [lily] = await seedProducts(t, [{ stock: 6 }]);
      const order = await placeOrder(t, buyer, [{ product: lily, quantity: 4 }], 'razorpay');
      expect(await stockOf(t, lily)).toBe(2);

      const res = await cancel(order._id, buyer);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: order._id, status: 'cancelled', isPaid: false, paymentDueBy: null, refund: null });
      expect(res.body.statusHistory.at(-1)).toEqual({ status: 'cancelled', at: expect.any(String), by: 'buyer', reason: 'cancelled by customer' });
      expect(await stockOf(t, lily)).toBe(6);

      const again = await cancel(order._id, buyer);
      expect([again.status, again.body.message]).toEqual([409, 'This order is already cancelled']);
      expect(await stockOf(t, lily)).toBe(6);
    });

    it('refunds a paid order it cancels', async () => {
      const buyer = await t.createUser();
      const [lily] = await seedProducts(t, [{ pricePaise: 30000, stock: 6 }]);
      const { order } = await paidOnlineOrder(buyer, lily, 1);
      expect((await cancel(order._id, buyer)).body.refund).toMatchObject({ amount: 300, manual: false });
      expect((await refundSettled(buyer, order._id)).refund?.status).toBe('processed');
    });

    it('answers 409 once the order is processing or later, and 404 for another customer or an unknown id', async () => {
      const buyer = await t.createUser();
      const stranger = await t.createUser();
      const [lily] = await seedProducts(t, [{ stock: 6 }]);
      const order = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }]);

      const foreign = await cancel(order._id, stranger);
      expect([foreign.status, foreign.body.message]).toEqual([404, 'Order not found']);
      expect((await cancel('00000000-0000-4000-8000-000000000000', buyer)).status).toBe(404);
      expect((await cancel('not-an-id', buyer)).status).toBe(404);
      expect((await t.request('POST', `/api/orders/${order._id}/cancel`)).status).toBe(401);

      for (const status of ['processing', 'shipped', 'delivered']) {
        await setStatus(order._id, status);
        const late = await cancel(order._id, buyer);
        expect([late.status, late.body.message]).toEqual([409, `This order is already ${status} and can no longer be cancelled`]);
      }
      expect((await getOrder(t, buyer, order._id)).status).toBe('delivered');
      expect(await stockOf(t, lily)).toBe(5);
    });
  });

  describe('payments the shop cannot keep', () => {
    it('refunds a second payment of a paid order and tells the customer with 409', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ pricePaise: 10000, stock: 5 }]);
      const { order } = await paidOnlineOrder(buyer, rose, 1);
      const { providerOrderId } = {
        providerOrderId: (await t.dataSource.query(`SELECT razorpay_order_id AS id FROM orders WHERE id = $1`, [order._id]))[0].id,
      };

      const second = await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) });
      expect([second.status, second.body.message]).toEqual([409, 'This order was already paid, so this second payment will be refunded to you in full.']);
      const settled = await refundSettled(buyer, order._id);
      expect(settled).toMatchObject({ status: 'pending', isPaid: true, refund: { status: 'processed', amount: 100 } });
      expect(await ledger(t, { startStock: new Map([[rose, 5]]), receivedPaise: 20000, orderIds: [order._id] })).toEqual(balanced(20000));
    });
  });

  describe('refunds and the provider', () => {
    it('follows a refund.processed webhook that arrives before the refund call returns, and the same webhook twice', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ pricePaise: 20000, stock: 5 }]);
      const { order, paymentId } = await paidOnlineOrder(buyer, rose, 1);

      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = releaseHeldRefund = resolve));
      let asked!: (reference: string) => void;
      const refundAsked = new Promise<string>((resolve) => (asked = resolve));
      const realRefund = gateway.refund.bind(gateway);
      jest.spyOn(gateway, 'refund').mockImplementation(async (request) => {
        asked(request.reference);
        await answered;
        return { ...(await realRefund(request)), id: 'rfnd_EarlyWebhook01', status: 'pending' };
      });

      await setStatus(order._id, 'cancelled');
      const refundWork = t.workDue();
      const reference = await refundAsked;
      const event = refundEvent('rfnd_EarlyWebhook01', paymentId, 20000, reference, 'processed');
      for (const eventId of ['evt_refund_early', 'evt_refund_early', 'evt_refund_early_again']) {
        expect((await sendWebhook(t, 'refund.processed', event, { eventId })).status).toBe(200);
      }
      expect((await getOrder(t, buyer, order._id)).refund?.status).toBe('processed');

      answer();
      // The call's own (older) answer, "pending", must not undo the processed refund.
      await refundWork;
      const [refund] = await refundsOf(order._id);
      expect(refund).toMatchObject({ status: 'processed', refundedPaise: 20000 });
      expect(await attemptsOf(order._id)).toEqual([expect.objectContaining({ status: 'processed', gatewayRefundId: 'rfnd_EarlyWebhook01' })]);
      expect(gateway.refund).toHaveBeenCalledTimes(1);
    });

    it('marks a refund the provider refuses as failed, with the reason, and the staff can ask again', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ pricePaise: 20000, stock: 5 }]);
      const { order } = await paidOnlineOrder(buyer, rose, 1);
      const refusal = jest
        .spyOn(gateway, 'refund')
        .mockRejectedValueOnce(new RefundRefusedError('Razorpay refused the refund: The payment has not been captured'));

      await setStatus(order._id, 'cancelled');
      const failed = await refundSettled(buyer, order._id);
      expect(failed.refund).toMatchObject({ status: 'failed', failureReason: 'Razorpay refused the refund: The payment has not been captured' });
      refusal.mockRestore();

      const retried = await t.request('POST', `/api/admin/refunds/${failed.refund!._id}/retry`, { token: admin.token });
      expect(retried.status).toBe(200);
      expect((await refundSettled(buyer, order._id)).refund).toMatchObject({ status: 'processed', failureReason: null });
      expect((await t.request('POST', `/api/admin/refunds/${failed.refund!._id}/retry`, { token: admin.token })).status).toBe(409);
    });

    it('records a refund.failed webhook', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ pricePaise: 20000, stock: 5 }]);
      const { order, paymentId } = await paidOnlineOrder(buyer, rose, 1);
      jest.spyOn(gateway, 'refund').mockResolvedValue({ id: 'rfnd_WillFail0001', status: 'pending', amountPaise: 20000 });
      await setStatus(order._id, 'cancelled');
      await t.workDue();
      expect(await attemptsOf(order._id)).toEqual([expect.objectContaining({ status: 'pending', gatewayRefundId: 'rfnd_WillFail0001' })]);

      expect((await sendWebhook(t, 'refund.failed', refundEvent('rfnd_WillFail0001', paymentId, 20000, null, 'failed'))).status).toBe(200);
      expect((await getOrder(t, buyer, order._id)).refund?.status).toBe('failed');
      // Webhooks for refunds the shop never made change nothing and still answer 2xx.
      expect((await sendWebhook(t, 'refund.processed', refundEvent('rfnd_Unknown00001', 'pay_Unknown', 100, 'not-a-uuid', 'processed'))).status).toBe(200);
    });
  });

  describe('unpaid online orders per customer', () => {
    it('allows MAX_UNPAID_ORDERS (3) waiting for payment, then 429 until one is paid or cancelled', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ stock: 50 }]);
      const waiting = [];
      for (let i = 0; i < 3; i++) waiting.push(await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay'));

      const refused = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: { orderItems: [{ product: rose, quantity: 1 }], paymentMethod: 'razorpay', address: '12 Lotus Street, Chennai 600001' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        success: false,
        message: 'You already have 3 orders waiting for payment. Please pay for or cancel one of them before placing another.',
      });
      expect(await stockOf(t, rose)).toBe(47);
      // Cash on delivery waits for no payment window.
      await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'cash');

      await cancel(waiting[0]._id, buyer);
      const { providerOrderId } = await startPayment(t, buyer, waiting[1]._id);
      await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, waiting[1]._id, providerOrderId) });
      await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
      await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
      expect(
        (
          await t.request('POST', '/api/orders', {
            token: buyer.token,
            body: { orderItems: [{ product: rose, quantity: 1 }], paymentMethod: 'razorpay', address: 'Hosur' },
          })
        ).status,
      ).toBe(429);
    });

    it('shows the payment window on an unpaid online order', async () => {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ stock: 5 }]);
      const order = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
      const windowMs = new Date(order.paymentDueBy!).getTime() - new Date(order.createdAt).getTime();
      expect(Math.abs(windowMs - 30 * 60_000)).toBeLessThan(5_000);
      const cash = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'cash');
      expect(cash.paymentDueBy).toBeNull();
    });
  });

  it('ignores a crediting webhook that names no payment for a cancelled order, and refunds the one that does', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ pricePaise: 15000, stock: 5 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    const { providerOrderId, amount } = await startPayment(t, buyer, order._id);
    await cancel(order._id, buyer);

    const orderOnly = { order: { entity: { id: providerOrderId, entity: 'order', amount, amount_paid: amount, status: 'paid' } } };
    expect((await sendWebhook(t, 'order.paid', orderOnly)).status).toBe(200);
    expect(await getOrder(t, buyer, order._id)).toMatchObject({ isPaid: false, refund: null });

    expect((await sendWebhook(t, 'payment.captured', captured(providerOrderId, 'pay_LateWebhook001', amount))).status).toBe(200);
    const late = await refundSettled(buyer, order._id);
    expect(late).toMatchObject({ status: 'cancelled', isPaid: true, refund: { status: 'processed', amount: 150 } });
    expect(await ledger(t, { startStock: new Map([[rose, 5]]), receivedPaise: 15000, orderIds: [order._id] })).toEqual(balanced(15000));
  });
});
