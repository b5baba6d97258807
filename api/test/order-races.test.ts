import { randomBytes } from 'node:crypto';
import { OrdersService } from '../src/orders/orders.service';
import { balanced, eventually, ledger } from './order-fixtures';
import { captured, refundEvent, sendWebhook, signedPayment, startPayment } from './payment-fixtures';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

// Races need real PostgreSQL: the embedded database runs one transaction at a time and hides them.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('order lifecycle races (PostgreSQL)', () => {
  const JWT_SECRET = randomBytes(32).toString('hex');
  let t: TestApp;
  /** A second API on the same database, with its own pool, as another process would have. */
  let second: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // No job workers: the sweeps race when a test starts them, and refunds are asked for when it has them done (workDue).
    t = await createTestApp({ JWT_SECRET, MAX_UNPAID_ORDERS: '1000', JOB_WORKERS: 'false' });
    second = await createTestApp({ JWT_SECRET, MAX_UNPAID_ORDERS: '1000', DATABASE_URL: t.databaseUrl!, JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Both processes do their due background work at once. */
  const workDueInBoth = () => Promise.all([t.workDue(), second.workDue()]);
  const pendingRefunds = async (orderIds: string[]) =>
    (
      (await t.dataSource.query(`SELECT count(*)::int AS pending FROM refunds WHERE status = 'pending' AND order_id = ANY($1)`, [orderIds])) as {
        pending: number;
      }[]
    )[0].pending;
  const endWindows = (orderIds: string[]) =>
    t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '1 second' WHERE id = ANY($1)`, [orderIds]);
  const historyOf = async (orderId: string) =>
    (
      (await t.dataSource.query(`SELECT status, actor FROM order_status_changes WHERE order_id = $1 ORDER BY changed_at, id`, [orderId])) as {
        status: string;
        actor: string;
      }[]
    ).map((row) => `${row.status}:${row.actor}`);

  it('expiry sweep vs verify vs webhook for one order, 15 times: paid and kept, or cancelled and refunded, never both or neither', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ pricePaise: 25000, stock: 100 }]);
    const orderIds: string[] = [];
    const outcomes = { kept: 0, refunded: 0 };
    for (let round = 0; round < 15; round++) {
      const order = await placeOrder(t, buyer, [{ product: rose, quantity: 2 }], 'razorpay');
      orderIds.push(order._id);
      const { providerOrderId, amount } = await startPayment(t, buyer, order._id);
      const payment = signedPayment(t, order._id, providerOrderId);
      await endWindows([order._id]);

      // Each round starts the three in another order, so each gets to be first.
      const contenders = [
        () => (round % 2 ? second : t).app.get(OrdersService).expireHolds(),
        () => t.request('POST', '/api/payments/verify', { token: buyer.token, body: payment }),
        () => sendWebhook(second, 'payment.captured', captured(providerOrderId, payment.razorpay_payment_id, amount)),
      ];
      const started: Promise<unknown>[] = [];
      for (let i = 0; i < 3; i++) {
        const which = (i + round) % 3;
        started[which] = contenders[which]();
        await new Promise((resolve) => setTimeout(resolve, 8));
      }
      const [, verified, webhook] = (await Promise.all(started)) as [number, { status: number }, { status: number }];
      expect(webhook.status).toBe(200);
      const [row] = await t.dataSource.query(
        `SELECT status, is_paid AS "isPaid", (SELECT count(*)::int FROM refunds WHERE order_id = $1) AS refunds FROM orders WHERE id = $1`,
        [order._id],
      );
      if (row.status === 'cancelled') {
        expect([verified.status, row.isPaid, row.refunds]).toEqual([409, true, 1]);
        outcomes.refunded += 1;
      } else {
        expect([verified.status, row.status, row.isPaid, row.refunds]).toEqual([200, 'pending', true, 0]);
        outcomes.kept += 1;
      }
    }
    console.log(`sweep vs verify vs webhook, 15 rounds: ${outcomes.kept} kept, ${outcomes.refunded} refunded`);
    await workDueInBoth();
    expect(await pendingRefunds(orderIds)).toBe(0);
    expect(await ledger(t, { startStock: new Map([[rose, 100]]), receivedPaise: 15 * 50000, orderIds })).toEqual(balanced(15 * 50000));
  });

  it('two API processes sweeping at once release each expired order exactly once', async () => {
    const buyers = await Promise.all([0, 1, 2].map(() => t.createUser()));
    const products = await seedProducts(t, [{ stock: 200 }, { stock: 200 }, { stock: 200 }]);
    const orderIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const order = await placeOrder(
        t,
        buyers[i % 3],
        [
          { product: products[i % 3], quantity: 1 + (i % 4) },
          { product: products[(i + 1) % 3], quantity: 2 },
        ],
        'razorpay',
      );
      orderIds.push(order._id);
    }
    await endWindows(orderIds);
    const counts = await Promise.all([
      t.app.get(OrdersService).expireHolds(),
      second.app.get(OrdersService).expireHolds(),
      t.app.get(OrdersService).expireHolds(),
      second.app.get(OrdersService).expireHolds(),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(30);
    console.log(`two processes sweeping 30 expired orders: ${counts.join(' + ')}`);
    for (const orderId of orderIds) expect(await historyOf(orderId)).toEqual(['pending:buyer', 'cancelled:system']);
    expect(await ledger(t, { startStock: new Map(products.map((id) => [id, 200])), receivedPaise: 0, orderIds })).toEqual(balanced(0));
  });

  it('the buyer and an admin cancelling a paid order at once start one refund', async () => {
    const orderIds: string[] = [];
    const [lily] = await seedProducts(t, [{ pricePaise: 10000, stock: 100 }]);
    for (let round = 0; round < 10; round++) {
      const buyer = await t.createUser();
      const order = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }], 'razorpay');
      orderIds.push(order._id);
      const { providerOrderId } = await startPayment(t, buyer, order._id);
      await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) });
      const answers = await Promise.all([
        t.request('POST', `/api/orders/${order._id}/cancel`, { token: buyer.token }),
        second.request('PUT', `/api/orders/${order._id}/status`, { token: second.signToken(admin.id), body: { status: 'cancelled' } }),
        t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'cancelled' } }),
      ]);
      // Whoever came second found it cancelled already: the buyer hears 409, an admin a harmless 200.
      expect(answers.map((answer) => answer.status).sort()).toEqual(answers[0].status === 200 ? [200, 200, 200] : [200, 200, 409]);
      expect((await historyOf(order._id)).filter((entry) => entry.startsWith('cancelled'))).toHaveLength(1);
    }
    await workDueInBoth();
    expect(await pendingRefunds(orderIds)).toBe(0);
    const [{ refunds }] = await t.dataSource.query(`SELECT count(*)::int AS refunds FROM refunds WHERE order_id = ANY($1)`, [orderIds]);
    expect(refunds).toBe(10);
    expect(await ledger(t, { startStock: new Map([[lily, 100]]), receivedPaise: 10 * 10000, orderIds })).toEqual(balanced(10 * 10000));
  });

  it('a refund webhook delivered several times at once, as the refund call returns, settles the refund once', async () => {
    const buyer = await t.createUser();
    const [lily] = await seedProducts(t, [{ pricePaise: 10000, stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }], 'razorpay');
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    const payment = signedPayment(t, order._id, providerOrderId);
    await t.request('POST', '/api/payments/verify', { token: buyer.token, body: payment });
    await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'cancelled' } });
    await t.workDue();
    const [attempt] = (await t.dataSource.query(
      `SELECT a.id, a.gateway_refund_id AS "gatewayRefundId" FROM refund_attempts a JOIN refunds r ON r.id = a.refund_id WHERE r.order_id = $1`,
      [order._id],
    )) as { id: string; gatewayRefundId: string }[];
    const event = refundEvent(attempt.gatewayRefundId, payment.razorpay_payment_id, 10000, attempt.id, 'processed');
    const answers = await Promise.all(
      ['a', 'a', 'b', 'c'].map((suffix, i) => sendWebhook(i % 2 ? second : t, 'refund.processed', event, { eventId: `evt_race_${order._id}_${suffix}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const rows = await t.dataSource.query(`SELECT status FROM refunds WHERE order_id = $1`, [order._id]);
    expect(rows).toEqual([{ status: 'processed' }]);
  });
  // Last: another app's start takes over the process's one passport 'jwt' strategy (see auth.test.ts).
  it('a buyer placing 8 online orders at once gets exactly MAX_UNPAID_ORDERS of them', async () => {
    const limited = await createTestApp({ MAX_UNPAID_ORDERS: '3' });
    try {
      const buyer = await limited.createUser();
      const [rose] = await seedProducts(limited, [{ stock: 50 }]);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          limited.request('POST', '/api/orders', {
            token: buyer.token,
            body: { orderItems: [{ product: rose, quantity: 1 }], paymentMethod: 'razorpay', address: 'Hosur' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      const [{ stock }] = await limited.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [rose]);
      expect(stock).toBe(47);
    } finally {
      await limited.close();
    }
  });

  it('an order whose placing waited for its account being erased is refused, not placed on the erased account', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ stock: 5 }]);
    const erasure = t.dataSource.createQueryRunner();
    await erasure.connect();
    await erasure.startTransaction();
    try {
      // The erasure holds the account's row; the placing's session check passes (nothing committed yet), then waits for the lock.
      await erasure.query(`UPDATE users SET erased_at = now() WHERE id = $1`, [buyer.id]);
      const placing = t.request('POST', '/api/orders', {
        token: buyer.token,
        body: { orderItems: [{ product: rose, quantity: 1 }], paymentMethod: 'cash', address: '1 Lotus Street, Hosur' },
      });
      await eventually(
        async () => (await t.dataSource.query(`SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted`))[0].waiting,
        (waiting: number) => waiting > 0,
      );
      await erasure.commitTransaction();
      const refused = await placing;
      expect([refused.status, refused.body.message]).toEqual([401, 'Please sign in again']);
    } finally {
      if (erasure.isTransactionActive) await erasure.rollbackTransaction();
      await erasure.release();
    }
    const [{ orders }] = await t.dataSource.query(`SELECT count(*)::int AS orders FROM orders WHERE user_id = $1`, [buyer.id]);
    expect(orders).toBe(0);
  });
});
