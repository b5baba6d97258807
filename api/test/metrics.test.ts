import { OUTBOX_MESSAGES, OUTBOX_OLDEST_AGE, REFUNDS_BY_STATUS } from '../src/metrics/shop-metrics';
import { parseExposition, sampleValue } from './metrics-exposition';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

const postgresUrl = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'scrape-me-please-0123456789';

describe('GET /api/metrics (no METRICS_TOKEN, outside production)', () => {
  let t: TestApp;
  let buyer: TestUser;
  const scrape = async () => {
    const res = await t.request('GET', '/api/metrics');
    expect(res.status).toBe(200);
    return res.raw.toString('utf8');
  };

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await t.createUser();
  });
  afterAll(() => t.close());

  it('answers Prometheus text with process and event-loop metrics', async () => {
    const res = await t.request('GET', '/api/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { names } = parseExposition(res.raw.toString('utf8'));
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect([name, names.has(name)]).toEqual([name, true]);
    }
  });

  it('times requests by route template and status, never by raw URL', async () => {
    const [productId] = await seedProducts(t, [{ name: 'Metric Marigold' }]);
    await t.request('GET', `/api/products/${productId}`);
    await t.request('GET', `/api/products/${productId}`); // a cache hit, answered before Nest's pipeline
    await t.request('GET', '/api/products/00000000-0000-4000-8000-000000000000');
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/products/:id' };
    expect(sampleValue(text, 'thalir_http_request_duration_seconds_count', { ...labels, status_code: '200' })).toBe(2);
    expect(sampleValue(text, 'thalir_http_request_duration_seconds_count', { ...labels, status_code: '404' })).toBe(1);
    expect(sampleValue(text, 'thalir_http_request_duration_seconds_bucket', { ...labels, status_code: '200', le: '+Inf' })).toBe(2);
    expect(text).not.toContain(productId);
  });

  it('counts catalogue cache misses and hits', async () => {
    const before = await scrape();
    await t.request('GET', '/api/products?type=flower&sort=price');
    await t.request('GET', '/api/products?type=flower&sort=price');
    await t.request('GET', '/api/products?type=flower&sort=price');
    const after = await scrape();
    const change = (name: string) => sampleValue(after, name) - sampleValue(before, name);
    expect(change('thalir_catalog_cache_misses_total')).toBe(1);
    expect(change('thalir_catalog_cache_hits_total')).toBe(2);
  });

  it('counts orders placed by payment method', async () => {
    const [productId] = await seedProducts(t, [{ stock: 10 }]);
    const before = await scrape();
    await placeOrder(t, buyer, [{ product: productId, quantity: 1 }], 'cash');
    await placeOrder(t, buyer, [{ product: productId, quantity: 1 }], 'cash');
    await placeOrder(t, buyer, [{ product: productId, quantity: 1 }], 'razorpay');
    const refused = await t.request('POST', '/api/orders', {
      token: buyer.token,
      body: { orderItems: [{ product: productId, quantity: 50 }], paymentMethod: 'cash', address: '12 Lotus Street, Chennai 600001' },
    });
    expect(refused.status).toBe(409);
    const after = await scrape();
    const change = (method: string) =>
      sampleValue(after, 'thalir_orders_placed_total', { payment_method: method }) -
      sampleValue(before, 'thalir_orders_placed_total', { payment_method: method });
    expect(change('cash')).toBe(2);
    expect(change('razorpay')).toBe(1);
  });

  it('counts a verified online payment once, however often it is verified', async () => {
    const [productId] = await seedProducts(t, [{ stock: 10, pricePaise: 25000 }]);
    const order = await placeOrder(t, buyer, [{ product: productId, quantity: 1 }], 'razorpay');
    const providerOrder = await t.request('POST', '/api/payments/create-order', { token: buyer.token, body: { amount: 250, receipt: order._id } });
    const signed = await t.request('POST', '/api/payments/sandbox/pay', { token: buyer.token, body: { order_id: providerOrder.body.id, outcome: 'success' } });
    const before = sampleValue(await scrape(), 'thalir_payments_verified_total', { via: 'verify' });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await t.request('POST', '/api/payments/verify', { token: buyer.token, body: { ...signed.body, orderId: order._id } })).status).toBe(200);
    }
    expect(sampleValue(await scrape(), 'thalir_payments_verified_total', { via: 'verify' }) - before).toBe(1);
  });

  it('shows the database pool: size, connections in use and idle, callers waiting', async () => {
    const text = await scrape();
    expect(sampleValue(text, 'thalir_db_pool_max_connections')).toBeGreaterThan(0);
    const inUse = sampleValue(text, 'thalir_db_pool_connections', { state: 'in_use' });
    const idle = sampleValue(text, 'thalir_db_pool_connections', { state: 'idle' });
    expect(inUse + idle).toBeGreaterThan(0);
    expect(inUse + idle).toBeLessThanOrEqual(sampleValue(text, 'thalir_db_pool_max_connections'));
    expect(sampleValue(text, 'thalir_db_pool_waiting_requests')).toBe(0);
  });

  it('reads refunds by status and the outbox (waiting, given up, the oldest of each) from the database at each scrape', async () => {
    const [productId] = await seedProducts(t, [{ stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: productId, quantity: 1 }], 'cash');
    const before = await scrape();
    for (const gauge of [REFUNDS_BY_STATUS, OUTBOX_MESSAGES, OUTBOX_OLDEST_AGE])
      expect([gauge.name, parseExposition(before).names.has(gauge.name)]).toEqual([gauge.name, true]);
    // A refund row written straight in, for the gauge: money owed back for an order nobody paid.
    await t.dataSource.query(`INSERT INTO refunds (order_id, amount_paise, manual, reason, status) VALUES ($1, 10000, true, 'Cancelled by staff', 'failed')`, [
      order._id,
    ]);
    t.acceptMoneyProblem(order._id);
    // A mail waiting since an hour ago for its next try tomorrow (the delivery job leaves it be), and one given up on.
    await t.dataSource.query(
      `INSERT INTO outbox_mails (kind, recipient, subject, status, next_attempt_at, created_at) VALUES
         ('welcome', 'late@example.com', 'Welcome', 'pending', now() + interval '1 day', now() - interval '1 hour'),
         ('welcome', 'bounced@example.com', 'Welcome', 'failed', now(), now())`,
    );
    const after = await scrape();
    const change = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(change('thalir_refunds', { status: 'failed' })).toBe(1);
    expect(change('thalir_refunds', { status: 'pending' })).toBe(0);
    expect(change('thalir_outbox_messages', { state: 'failed' })).toBe(1);
    expect(sampleValue(after, 'thalir_outbox_messages', { state: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'thalir_outbox_oldest_age_seconds', { state: 'pending' })).toBeGreaterThanOrEqual(3600);
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it('answers only a request bearing the token', async () => {
    const none = await t.request('GET', '/api/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, message: 'The metrics token is missing or wrong' });
    expect((await t.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(401);
    // A customer's JWT is no metrics token.
    const customer = await t.createUser();
    expect((await t.request('GET', '/api/metrics', { token: customer.token })).status).toBe(401);
    const allowed = await t.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.raw.toString('utf8')).toContain('thalir_http_request_duration_seconds');
  });
});

describe('GET /api/metrics in production', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
    RAZORPAY_KEY_ID: 'rzp_test_metrics',
    RAZORPAY_KEY_SECRET: 'metrics-test-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'metrics-test-webhook-secret',
    SELLER_GSTIN: '33AAFCT5555K1Z2',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    LOG_LEVEL: 'silent',
  };

  // Production refuses the embedded database, so these need PostgreSQL.
  (postgresUrl ? it : it.skip)('is off without METRICS_TOKEN: 404, as for an unknown route', async () => {
    const t = await createTestApp(production);
    try {
      const res = await t.request('GET', '/api/metrics');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Not found' });
    } finally {
      await t.close();
    }
  });

  (postgresUrl ? it : it.skip)('answers the bearer of METRICS_TOKEN', async () => {
    const t = await createTestApp({ ...production, METRICS_TOKEN });
    try {
      expect((await t.request('GET', '/api/metrics')).status).toBe(401);
      expect((await t.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
