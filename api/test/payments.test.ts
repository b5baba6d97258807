import { PaymentEventEntity } from '../src/payments/payment-event.entity';
import { captured, hmac, orderPaid, sandboxSecrets, sendWebhook as sendWebhookTo } from './payment-fixtures';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

describe('payments (sandbox provider, secrets generated in DATA_DIR)', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let productId: string;
  let keySecret: string;
  let webhookSecret: string;

  beforeAll(async () => {
    t = await createTestApp({ MAX_UNPAID_ORDERS: '1000' });
    buyer = await t.createUser();
    other = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
    [productId] = await seedProducts(t, [{ name: 'Red Rose', pricePaise: 12050, stock: 1000 }]);
    ({ keySecret, webhookSecret } = sandboxSecrets(t));
  });
  afterAll(() => t.close());

  const onlineOrder = (quantity = 2, who = buyer) => placeOrder(t, who, [{ product: productId, quantity, price: 0.01 }], 'razorpay');
  const createPaymentOrder = (orderId: string, who = buyer, amount = 1) =>
    t.request('POST', '/api/payments/create-order', { token: who.token, body: { amount, receipt: orderId } });
  const getOrder = async (orderId: string) => (await t.request('GET', `/api/orders/${orderId}`, { token: admin.token })).body;
  const verify = (body: Record<string, string>, who = buyer) => t.request('POST', '/api/payments/verify', { token: who.token, body });

  const sendWebhook = (event: string, entities: Record<string, unknown>, options: { eventId?: string; secret?: string; signature?: string } = {}) =>
    sendWebhookTo(t, event, entities, options);

  async function startedPayment(quantity = 2) {
    const order = await onlineOrder(quantity);
    const payment = (await createPaymentOrder(order._id)).body;
    return { order, providerOrderId: payment.id as string, amount: payment.amount as number };
  }

  describe('configuration and the sandbox script', () => {
    it('tells the checkout page which provider and script to use', async () => {
      const res = await t.request('GET', '/api/payments/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ provider: 'sandbox', key: 'rzp_test_sandbox', checkoutScript: '/api/payments/sandbox/checkout.js' });
    });

    it('serves the sandbox checkout script as JavaScript', async () => {
      const res = await t.request('GET', '/api/payments/sandbox/checkout.js');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.body).toContain('window.Razorpay');
    });
  });

  describe('create-order', () => {
    it("charges the shop order's amount in paise, whatever the client sends, and answers the same provider order again", async () => {
      const order = await onlineOrder(2);
      const first = await createPaymentOrder(order._id, buyer, 1);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        amount: 24100,
        currency: 'INR',
        receipt: order._id,
        key: 'rzp_test_sandbox',
      });
      const again = await createPaymentOrder(order._id, buyer, 999999);
      expect(again.body).toEqual(first.body);
      const [stored] = await t.dataSource.query(`SELECT razorpay_order_id FROM orders WHERE id = $1`, [order._id]);
      expect(stored.razorpay_order_id).toBe(first.body.id);
    });

    it("answers 404 for another customer's order and for unknown or malformed ids", async () => {
      const order = await onlineOrder();
      const foreign = await createPaymentOrder(order._id, other);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ success: false, message: 'Order not found' });
      expect((await createPaymentOrder('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await createPaymentOrder('not-an-order')).status).toBe(404);
      expect((await t.request('POST', '/api/payments/create-order', { body: { receipt: order._id } })).status).toBe(401);
      expect((await t.request('POST', '/api/payments/create-order', { token: buyer.token, body: {} })).status).toBe(400);
    });

    it('refuses cash orders (400), cancelled orders and paid orders (409)', async () => {
      const cash = await placeOrder(t, buyer, [{ product: productId, quantity: 1 }], 'cash');
      const cashRes = await createPaymentOrder(cash._id);
      expect(cashRes.status).toBe(400);
      expect(cashRes.body.message).toBe('This order is paid in cash on delivery, not online');

      const cancelled = await onlineOrder();
      await t.request('PUT', `/api/orders/${cancelled._id}/status`, { token: admin.token, body: { status: 'cancelled' } });
      const cancelledRes = await createPaymentOrder(cancelled._id);
      expect(cancelledRes.status).toBe(409);
      expect(cancelledRes.body.message).toBe('This order has been cancelled');

      const { order, providerOrderId } = await startedPayment();
      const paymentId = 'pay_PaidAlready001';
      await verify({
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac(keySecret, `${providerOrderId}|${paymentId}`),
        orderId: order._id,
      });
      const paidRes = await createPaymentOrder(order._id);
      expect(paidRes.status).toBe(409);
      expect(paidRes.body.message).toBe('This order is already paid');
    });
  });

  describe('verify', () => {
    it('refuses a forged signature with 400 and leaves the order unpaid', async () => {
      const { order, providerOrderId } = await startedPayment();
      const paymentId = 'pay_Forged000000001';
      for (const signature of [hmac('not-the-secret', `${providerOrderId}|${paymentId}`), 'abc', '0'.repeat(64)]) {
        const res = await verify({ razorpay_order_id: providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId: order._id });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message: 'Payment verification failed' });
      }
      expect((await getOrder(order._id)).isPaid).toBe(false);
    });

    it('checks against the provider order stored on the shop order, not the one the browser sends', async () => {
      // A genuine payment of a cheap order must not pay for an expensive one.
      const cheap = await startedPayment(1);
      const dear = await startedPayment(50);
      const paymentId = 'pay_CheapPayment001';
      const cheapSignature = hmac(keySecret, `${cheap.providerOrderId}|${paymentId}`);
      const res = await verify({
        razorpay_order_id: cheap.providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: cheapSignature,
        orderId: dear.order._id,
      });
      expect(res.status).toBe(400);
      expect((await getOrder(dear.order._id)).isPaid).toBe(false);
    });

    it('marks the order paid once; repeating the verification is harmless', async () => {
      const { order, providerOrderId } = await startedPayment();
      const paymentId = 'pay_GoodPayment0001';
      const body = {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac(keySecret, `${providerOrderId}|${paymentId}`),
        orderId: order._id,
      };
      const first = await verify(body);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, order: expect.objectContaining({ _id: order._id, isPaid: true, paidAt: expect.any(String) }) });
      const replay = await verify(body);
      expect(replay.status).toBe(200);
      expect(replay.body.order.paidAt).toBe(first.body.order.paidAt);
    });

    it("answers 404 for another customer's order and 400 before any payment was started", async () => {
      const { order, providerOrderId } = await startedPayment();
      const paymentId = 'pay_NotYours000001';
      const body = {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac(keySecret, `${providerOrderId}|${paymentId}`),
        orderId: order._id,
      };
      expect((await verify(body, other)).status).toBe(404);

      const unstarted = await onlineOrder();
      const res = await verify({ ...body, orderId: unstarted._id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('No online payment was started for this order');
      const malformed = await verify({ ...body, razorpay_payment_id: "pay_1' OR 1=1" });
      expect(malformed.status).toBe(400);
    });
  });

  describe('webhook', () => {
    it('refuses a bad or missing signature with 400 and changes nothing', async () => {
      const { order, providerOrderId, amount } = await startedPayment();
      const forged = await sendWebhook('payment.captured', captured(providerOrderId, 'pay_Webhook0000001', amount), { secret: 'wrong' });
      expect(forged.status).toBe(400);
      expect(forged.body).toEqual({ success: false, message: 'Invalid webhook signature' });
      const missing = await t.request('POST', '/api/payments/webhook', { body: { event: 'payment.captured' } });
      expect(missing.status).toBe(400);
      expect((await getOrder(order._id)).isPaid).toBe(false);
    });

    it('checks the signature over the raw bytes: the same JSON re-serialised does not match', async () => {
      const { providerOrderId, amount } = await startedPayment();
      const compact = JSON.stringify({ event: 'payment.captured', payload: captured(providerOrderId, 'pay_Raw00000000001', amount) });
      const reformatted = JSON.stringify(JSON.parse(compact), null, 4);
      const res = await t.request('POST', '/api/payments/webhook', {
        payload: reformatted,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(webhookSecret, compact), 'x-razorpay-event-id': 'evt_raw_1' },
      });
      expect(res.status).toBe(400);
    });

    it('marks the order paid on payment.captured, and a replayed event id has no second effect', async () => {
      const { order, providerOrderId, amount } = await startedPayment();
      const first = await sendWebhook('payment.captured', captured(providerOrderId, 'pay_Captured000001', amount), { eventId: 'evt_replay_1' });
      expect(first.status).toBe(200);
      const paid = await getOrder(order._id);
      expect(paid.isPaid).toBe(true);

      const replay = await sendWebhook('payment.captured', captured(providerOrderId, 'pay_Captured000001', amount), { eventId: 'evt_replay_1' });
      expect(replay.status).toBe(200);
      expect((await getOrder(order._id)).paidAt).toBe(paid.paidAt);
      expect(await t.dataSource.getRepository(PaymentEventEntity).countBy({ eventId: 'evt_replay_1' })).toBe(1);
    });

    it('credits once when order.paid arrives before payment.captured', async () => {
      const { order, providerOrderId, amount } = await startedPayment();
      expect((await sendWebhook('order.paid', orderPaid(providerOrderId, 'pay_OutOfOrder0001', amount))).status).toBe(200);
      const paid = await getOrder(order._id);
      expect(paid.isPaid).toBe(true);
      expect((await sendWebhook('payment.captured', captured(providerOrderId, 'pay_OutOfOrder0001', amount))).status).toBe(200);
      expect((await getOrder(order._id)).paidAt).toBe(paid.paidAt);
    });

    it('credits one payment once whether verify or the webhook comes first', async () => {
      const first = await startedPayment();
      const paymentId = 'pay_VerifyFirst001';
      const body = {
        razorpay_order_id: first.providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac(keySecret, `${first.providerOrderId}|${paymentId}`),
        orderId: first.order._id,
      };
      const verified = await verify(body);
      await sendWebhook('payment.captured', captured(first.providerOrderId, paymentId, first.amount));
      expect((await getOrder(first.order._id)).paidAt).toBe(verified.body.order.paidAt);

      const second = await startedPayment();
      const secondPayment = 'pay_WebhookFirst01';
      await sendWebhook('payment.captured', captured(second.providerOrderId, secondPayment, second.amount));
      const paidAt = (await getOrder(second.order._id)).paidAt;
      expect(paidAt).toEqual(expect.any(String));
      const late = await verify({
        razorpay_order_id: second.providerOrderId,
        razorpay_payment_id: secondPayment,
        razorpay_signature: hmac(keySecret, `${second.providerOrderId}|${secondPayment}`),
        orderId: second.order._id,
      });
      expect(late.status).toBe(200);
      expect(late.body.order.paidAt).toBe(paidAt);
    });

    it('answers 2xx and pays nothing for other events, unknown orders or a wrong amount', async () => {
      const { order, providerOrderId, amount } = await startedPayment();
      expect((await sendWebhook('payment.failed', captured(providerOrderId, 'pay_Failed00000001', amount))).status).toBe(200);
      expect((await sendWebhook('payment.captured', captured(providerOrderId, 'pay_Cheaper0000001', amount - 100))).status).toBe(200);
      expect((await sendWebhook('payment.captured', captured('order_Unknown0000001', 'pay_Elsewhere00001', amount))).status).toBe(200);
      expect((await getOrder(order._id)).isPaid).toBe(false);
    });
  });

  describe('sandbox pay', () => {
    it('pays through the same flow: sandbox pay, then verify marks the order paid', async () => {
      const { order, providerOrderId } = await startedPayment();
      const paid = await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: providerOrderId, outcome: 'success' } });
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
        razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const verified = await verify({ ...paid.body, orderId: order._id });
      expect(verified.status).toBe(200);
      expect(verified.body.order.isPaid).toBe(true);
    });

    it("answers a failed payment with 400 'Payment failed' and Razorpay's error object in paymentError", async () => {
      const { order, providerOrderId } = await startedPayment();
      const res = await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: providerOrderId, outcome: 'failure' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Payment failed',
        paymentError: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          reason: 'payment_failed',
          metadata: { order_id: providerOrderId, payment_id: expect.any(String) },
        },
      });
      expect((await getOrder(order._id)).isPaid).toBe(false);
    });

    it("only pays the caller's own provider orders", async () => {
      const { providerOrderId } = await startedPayment();
      const res = await t.request('POST', '/api/payments/sandbox/pay', { token: other.token, body: { order_id: providerOrderId, outcome: 'success' } });
      expect(res.status).toBe(404);
      expect((await t.request('POST', '/api/payments/sandbox/pay', { body: { order_id: providerOrderId, outcome: 'success' } })).status).toBe(401);
      expect((await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: providerOrderId, outcome: 'maybe' } })).status).toBe(
        400,
      );
    });
  });
});

describe('payments (sandbox provider signing with RAZORPAY_KEY_SECRET)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENTS_PROVIDER: 'sandbox',
      RAZORPAY_KEY_SECRET: 'configured_key_secret',
      RAZORPAY_WEBHOOK_SECRET: 'configured_webhook_secret',
    });
  });
  afterAll(() => t.close());

  it('signs sandbox payments and checks webhooks with the configured secrets', async () => {
    const buyer = await t.createUser();
    const [product] = await seedProducts(t, [{ pricePaise: 5000, stock: 5 }]);
    const order = await placeOrder(t, buyer, [{ product, quantity: 1 }], 'razorpay');
    const payment = (await t.request('POST', '/api/payments/create-order', { token: buyer.token, body: { receipt: order._id } })).body;
    const paid = (await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: payment.id, outcome: 'success' } })).body;
    expect(paid.razorpay_signature).toBe(hmac('configured_key_secret', `${payment.id}|${paid.razorpay_payment_id}`));

    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_Configured0001', order_id: payment.id, amount: 5000 } } },
    });
    const res = await t.request('POST', '/api/payments/webhook', {
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac('configured_webhook_secret', raw),
        'x-razorpay-event-id': 'evt_configured_1',
      },
    });
    expect(res.status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT is_paid FROM orders WHERE id = $1`, [order._id]);
    expect(row.is_paid).toBe(true);
  });
});

describe('payments (real provider configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RAZORPAY_KEY_ID: 'rzp_test_configured', RAZORPAY_KEY_SECRET: 'configured_key_secret' });
  });
  afterAll(() => t.close());

  it("points the checkout page at Razorpay's script and hides the sandbox", async () => {
    expect((await t.request('GET', '/api/payments/config')).body).toEqual({
      provider: 'razorpay',
      key: 'rzp_test_configured',
      checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect((await t.request('GET', '/api/payments/sandbox/checkout.js')).status).toBe(404);
    const buyer = await t.createUser();
    const res = await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: 'order_Anything00001', outcome: 'success' } });
    expect(res.status).toBe(404);
  });

  it('refuses webhooks when no webhook secret is configured', async () => {
    const raw = JSON.stringify({ event: 'payment.captured', payload: {} });
    const res = await t.request('POST', '/api/payments/webhook', {
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac('', raw), 'x-razorpay-event-id': 'evt_nosecret' },
    });
    expect(res.status).toBe(400);
  });
});
