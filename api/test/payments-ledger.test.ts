import type { Order } from '@thalir/contracts';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../src/payments/payment-gateway';
import { describeProviderError } from '../src/payments/razorpay.gateway';
import { getOrder } from './order-fixtures';
import { captured, refundEvent, sendWebhook, startPayment } from './payment-fixtures';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

describe('payments and refunds that add up, whatever the provider sends', () => {
  let t: TestApp;
  let admin: TestUser;
  let gateway: PaymentGateway;
  let providerRefundCount = 0;

  beforeAll(async () => {
    // Refunds are asked for by background work, which each test has done when it wants (workDue).
    t = await createTestApp({ METRICS_TOKEN: 'metrics-token-for-tests', JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
    gateway = t.app.get(PAYMENT_GATEWAY);
  });
  afterAll(() => t?.close());
  afterEach(() => jest.restoreAllMocks());

  const setStatus = (orderId: string, status: string) => t.request('PUT', `/api/orders/${orderId}/status`, { token: admin.token, body: { status } });
  const moneyCheck = async () => (await t.request('GET', '/api/admin/money-check', { token: admin.token })).body;
  const orderPaidWithoutPayment = (providerOrderId: string, amount: number) =>
    sendWebhook(t, 'order.paid', { order: { entity: { id: providerOrderId, entity: 'order', amount, amount_paid: amount, status: 'paid' } } });

  /** An online order the buyer paid in the sandbox popup, the shop not told yet: the ids and the signed fields. */
  async function paidInPopup(buyer: TestUser, pricePaise: number) {
    const [rose] = await seedProducts(t, [{ pricePaise, stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    const { providerOrderId, amount } = await startPayment(t, buyer, order._id);
    const popup = await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: providerOrderId, outcome: 'success' } });
    return { order, providerOrderId, amount, popup: popup.body as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } };
  }

  /**
   * Holds the provider's refund answers at "pending", so the test sends the webhooks that settle them;
   * `madeFor` has the due refund work done and answers the provider's refunds of one payment.
   */
  function refundsStayPending() {
    const made: { id: string; reference: string; amountPaise: number; paymentId: string }[] = [];
    jest.spyOn(gateway, 'refund').mockImplementation(async (request) => {
      // Asking twice with one reference refunds once, as with the real provider.
      let refund = made.find((existing) => existing.reference === request.reference);
      if (!refund) {
        refund = {
          id: `rfnd_Ledger${String(++providerRefundCount).padStart(6, '0')}`,
          reference: request.reference,
          amountPaise: request.amountPaise,
          paymentId: request.paymentId,
        };
        made.push(refund);
      }
      return { id: refund.id, status: 'pending', amountPaise: refund.amountPaise };
    });
    return {
      async madeFor(paymentId: string, count: number) {
        await t.workDue();
        const refunds = made.filter((refund) => refund.paymentId === paymentId);
        expect(refunds).toHaveLength(count);
        return refunds;
      },
    };
  }

  it('order.paid without the payment: the provider names it, and the same payment through payment.captured and verify stays one payment', async () => {
    const buyer = await t.createUser();
    const { order, providerOrderId, amount, popup } = await paidInPopup(buyer, 1250);

    expect((await orderPaidWithoutPayment(providerOrderId, amount)).status).toBe(200);
    const paid = await getOrder(t, buyer, order._id);
    expect(paid).toMatchObject({ status: 'pending', isPaid: true, refund: null });
    const [payment] = (await t.dataSource.query(
      `SELECT provider_payment_id AS id, amount_paise AS amount, method, credited, seen_via AS "seenVia" FROM payments WHERE order_id = $1`,
      [order._id],
    )) as { id: string; amount: number; method: string; credited: boolean; seenVia: string }[];
    expect(payment).toEqual({ id: popup.razorpay_payment_id, amount: 1250, method: 'upi', credited: true, seenVia: 'provider' });

    expect((await sendWebhook(t, 'payment.captured', captured(providerOrderId, popup.razorpay_payment_id, amount))).status).toBe(200);
    const verified = await t.request('POST', '/api/payments/verify', { token: buyer.token, body: { ...popup, orderId: order._id } });
    expect(verified.status).toBe(200);
    expect(await getOrder(t, buyer, order._id)).toMatchObject({ isPaid: true, paidAt: paid.paidAt, refund: null });

    // A staff cancel then refunds exactly what was received, once, through the provider.
    const cancelled = await setStatus(order._id, 'cancelled');
    expect(cancelled.body.refund).toMatchObject({ amount: 12.5, manual: false });
    await t.workDue();
    const settled = await getOrder(t, buyer, order._id);
    expect(settled.refund).toMatchObject({ status: 'processed', amount: 12.5, refunded: 12.5 });
    expect(await moneyCheck()).toEqual({ balanced: true, problemOrders: 0, orders: [] });
  });

  it('answers a signed webhook with 503 when the provider cannot be asked, so the provider sends it again', async () => {
    const buyer = await t.createUser();
    const { order, providerOrderId, amount } = await paidInPopup(buyer, 2000);
    // What the Razorpay gateway throws when the provider cannot be reached.
    jest.spyOn(gateway, 'receivedPayments').mockRejectedValueOnce(describeProviderError(new Error('connect ECONNREFUSED')));
    const eventId = 'evt_provider_down_1';
    expect((await sendWebhook(t, 'order.paid', { order: { entity: { id: providerOrderId, amount_paid: amount } } }, { eventId })).status).toBe(503);
    expect((await getOrder(t, buyer, order._id)).isPaid).toBe(false);
    expect((await sendWebhook(t, 'order.paid', { order: { entity: { id: providerOrderId, amount_paid: amount } } }, { eventId })).status).toBe(200);
    expect((await getOrder(t, buyer, order._id)).isPaid).toBe(true);
  });

  it('a payment of another amount is refunded in full and the order still waits for payment', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ pricePaise: 3000, stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }], 'razorpay');
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    expect((await sendWebhook(t, 'payment.captured', captured(providerOrderId, 'pay_ShortAmount001', 2900))).status).toBe(200);
    const seen = await getOrder(t, buyer, order._id);
    expect(seen).toMatchObject({ status: 'pending', isPaid: false, refund: { amount: 29, manual: false } });
    expect(seen.paymentDueBy).not.toBeNull();
  });

  it('a retry after refund.failed is a new request to the provider, with its own reference, and the staff see both attempts', async () => {
    const buyer = await t.createUser();
    const { order, popup } = await paidInPopup(buyer, 4000);
    expect((await t.request('POST', '/api/payments/verify', { token: buyer.token, body: { ...popup, orderId: order._id } })).status).toBe(200);
    const provider = refundsStayPending();
    await setStatus(order._id, 'cancelled');
    const [first] = await provider.madeFor(popup.razorpay_payment_id, 1);
    expect((await getOrder(t, admin, order._id)).refund?.attempts?.[0]?.providerRefundId).toBe(first.id);
    expect((await sendWebhook(t, 'refund.failed', refundEvent(first.id, popup.razorpay_payment_id, 4000, first.reference, 'failed'))).status).toBe(200);
    const failed = await getOrder(t, admin, order._id);
    expect(failed.refund).toMatchObject({ status: 'failed', refunded: 0 });

    const retried = await t.request('POST', `/api/admin/refunds/${failed.refund!._id}/retry`, { token: admin.token });
    expect([retried.status, retried.body.message]).toEqual([200, 'Refund requested again']);
    const [, second] = await provider.madeFor(popup.razorpay_payment_id, 2);
    expect(second.reference).not.toBe(first.reference);
    expect(second.amountPaise).toBe(4000);
    expect((await sendWebhook(t, 'refund.processed', refundEvent(second.id, popup.razorpay_payment_id, 4000, second.reference, 'processed'))).status).toBe(200);

    const settled = (await getOrder(t, admin, order._id)) as Order;
    expect(settled.refund).toMatchObject({ status: 'processed', refunded: 40, failureReason: null });
    expect(settled.refund?.attempts?.map((attempt) => [attempt.status, attempt.amount, attempt.providerRefundId])).toEqual([
      ['failed', 40, first.id],
      ['processed', 40, second.id],
    ]);
  });

  it('refund.processed for another amount is recorded and flagged, never taken as the whole refund; a retry asks for the rest', async () => {
    const buyer = await t.createUser();
    const { order, popup } = await paidInPopup(buyer, 4000);
    await t.request('POST', '/api/payments/verify', { token: buyer.token, body: { ...popup, orderId: order._id } });
    const provider = refundsStayPending();
    await setStatus(order._id, 'cancelled');
    const [first] = await provider.madeFor(popup.razorpay_payment_id, 1);
    expect((await getOrder(t, admin, order._id)).refund?.attempts?.[0]?.providerRefundId).toBe(first.id);

    expect((await sendWebhook(t, 'refund.processed', refundEvent(first.id, popup.razorpay_payment_id, 100, first.reference, 'processed'))).status).toBe(200);
    const short = await getOrder(t, admin, order._id);
    expect(short.refund).toMatchObject({
      status: 'mismatch',
      amount: 40,
      refunded: 1,
      failureReason: 'The payment provider reported ₹1.00 refunded, not ₹40.00',
    });
    // ₹39.00 is still owed back: the books balance, and the refund is flagged for staff.
    expect(await moneyCheck()).toMatchObject({ balanced: true });

    expect((await t.request('POST', `/api/admin/refunds/${short.refund!._id}/retry`, { token: admin.token })).status).toBe(200);
    const [, rest] = await provider.madeFor(popup.razorpay_payment_id, 2);
    expect(rest.amountPaise).toBe(3900);
    await sendWebhook(t, 'refund.processed', refundEvent(rest.id, popup.razorpay_payment_id, 3900, rest.reference, 'processed'));
    expect((await getOrder(t, admin, order._id)).refund).toMatchObject({ status: 'processed', refunded: 40 });
  });

  it('shows an order whose money does not add up on the money check and in the metric', async () => {
    const buyer = await t.createUser();
    const { order, popup } = await paidInPopup(buyer, 4000);
    await t.request('POST', '/api/payments/verify', { token: buyer.token, body: { ...popup, orderId: order._id } });
    const provider = refundsStayPending();
    await setStatus(order._id, 'cancelled');
    const [refund] = await provider.madeFor(popup.razorpay_payment_id, 1);
    expect((await getOrder(t, admin, order._id)).refund?.attempts?.[0]?.providerRefundId).toBe(refund.id);
    // The provider says it paid out more than was asked: money the shop has lost.
    await sendWebhook(t, 'refund.processed', refundEvent(refund.id, popup.razorpay_payment_id, 5000, refund.reference, 'processed'));

    const check = await moneyCheck();
    expect(check).toEqual({
      balanced: false,
      problemOrders: 1,
      orders: [
        { _id: order._id, invoiceNumber: order.invoiceNumber, status: 'cancelled', received: 40, kept: 0, refunded: 50, owed: 0, problems: ['unbalanced'] },
      ],
    });
    expect((await getOrder(t, admin, order._id)).refund).toMatchObject({ status: 'mismatch', refunded: 50 });
    const metrics = await t.request('GET', '/api/metrics', { headers: { authorization: 'Bearer metrics-token-for-tests' } });
    expect(metrics.body).toContain('thalir_money_check_problem_orders{problem="unbalanced"} 1');
    expect(metrics.body).toContain('thalir_refunds{status="mismatch"} 1');
    expect((await t.request('GET', '/api/admin/money-check', { token: buyer.token })).status).toBe(403);
    t.acceptMoneyProblem(order._id);
  });

  it('shows a paid order whose total is not what its lines, discounts and delivery add up to', async () => {
    const buyer = await t.createUser();
    const { order, popup } = await paidInPopup(buyer, 4000);
    await t.request('POST', '/api/payments/verify', { token: buyer.token, body: { ...popup, orderId: order._id } });
    // A line's frozen discount rewritten after the fact: the order no longer adds up to what was paid.
    await t.dataSource.query(`UPDATE order_items SET discount_paise = 500 WHERE order_id = $1`, [order._id]);
    t.acceptMoneyProblem(order._id);
    const check = await moneyCheck();
    expect(check.orders.filter((entry: { _id: string }) => entry._id === order._id)).toEqual([expect.objectContaining({ problems: ['mispriced'] })]);
    const metrics = await t.request('GET', '/api/metrics', { headers: { authorization: 'Bearer metrics-token-for-tests' } });
    expect(metrics.body).toContain('thalir_money_check_problem_orders{problem="mispriced"} 1');
  });
});
