import { randomBytes } from 'node:crypto';
import type { Subscription, SubscriptionPlan } from '@thalir/contracts';
import { SubscriptionDeliveries } from '../src/subscriptions/subscription-deliveries';
import { cutoffAt } from '../src/subscriptions/subscription-schedule';
import { seedProducts, stockOf } from './shop-fixtures';
import { signedPayment, startPayment } from './payment-fixtures';
import { createPlan, creditLedger, indiaDay, paidSubscription, subscribe } from './subscription-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

// Races need real PostgreSQL: the embedded database runs one transaction at a time and hides them.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('subscription races (PostgreSQL): the delivery job in two processes, a skip against the cut-off, a crash mid-way', () => {
  const JWT_SECRET = randomBytes(32).toString('hex');
  let t: TestApp;
  /** A second API on the same database, with its own pool, as another process would have. */
  let second: TestApp;
  let staff: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ JWT_SECRET, MAX_UNPAID_ORDERS: '1000', JOB_WORKERS: 'false' });
    second = await createTestApp({ JWT_SECRET, MAX_UNPAID_ORDERS: '1000', DATABASE_URL: t.databaseUrl!, JOB_WORKERS: 'false' });
    staff = await t.createUser({ role: 'admin' });
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const jobIn = (app: TestApp) => app.app.get(SubscriptionDeliveries);

  /**
   * A plan of its own product (so each test counts its own stock), and `count` paid daily
   * subscriptions from tomorrow; the days earlier tests left scheduled are called off, so the job
   * works on this test's days alone.
   */
  async function subscriptions(
    count: number,
    stock = 10_000,
  ): Promise<{ plan: SubscriptionPlan; product: string; subscriptions: Subscription[]; buyer: TestUser }> {
    await t.dataSource.query(`UPDATE subscription_deliveries SET status = 'cancelled' WHERE status = 'scheduled'`);
    const [product] = await seedProducts(t, [{ name: 'Jasmine string', stock }]);
    const plan = await createPlan(t, staff, [{ productId: product, quantity: 3 }]);
    const buyer = await t.createUser();
    const made: Subscription[] = [];
    for (let index = 0; index < count; index++) made.push(await paidSubscription(t, buyer, plan));
    return { plan, product, subscriptions: made, buyer };
  }

  /** Moves both processes' clocks just past tomorrow morning's cut-off. */
  function passTomorrowsCutoff() {
    const ahead = cutoffAt(indiaDay(t, 1), 'Morning 8–12', t.config.delivery)!.getTime() - t.clock.now().getTime() + 1_000;
    if (ahead <= 0) return;
    t.clock.advance(ahead);
    second.clock.advance(ahead);
  }

  /** Every subscription's credits add up, and each has at most one delivery order a day (the database's index makes sure). */
  async function expectLedgersBalanced(ids: string[]) {
    for (const id of ids) {
      const ledger = await creditLedger(t, id);
      expect(ledger.consistent).toBe(true);
      expect(ledger.bought).toBe(ledger.used + ledger.left + ledger.refunded);
      expect(ledger.used).toBe(ledger.deliveryOrders);
    }
  }

  it('two processes make the due deliveries at once: each becomes exactly one order, its stock and one credit taken once', async () => {
    const { product, subscriptions: subs } = await subscriptions(40);
    const stockBefore = await stockOf(t, product);
    passTomorrowsCutoff();

    // Small batches, so the two processes' claims interleave.
    const [first, other] = await Promise.all([jobIn(t).makeDue(Number.POSITIVE_INFINITY, 3), jobIn(second).makeDue(Number.POSITIVE_INFINITY, 3)]);
    expect(first + other).toBeGreaterThanOrEqual(40);
    expect(first).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);

    const ids = subs.map((subscription) => subscription._id);
    const [{ orders, distinctDays }] = (await t.dataSource.query(
      `SELECT count(*)::int AS orders, count(DISTINCT (subscription_id, delivery_date))::int AS "distinctDays"
       FROM orders WHERE kind = 'subscription-delivery' AND subscription_id = ANY($1)`,
      [ids],
    )) as { orders: number; distinctDays: number }[];
    expect({ orders, distinctDays }).toEqual({ orders: 40, distinctDays: 40 });
    expect(await stockOf(t, product)).toBe(stockBefore - 40 * 3);
    await expectLedgersBalanced(ids);
    // Running again, in either process, makes nothing more.
    expect(await Promise.all([jobIn(t).makeDue(), jobIn(second).makeDue()])).toEqual([0, 0]);
  });

  /** How far after the race starts each round's cut-off falls. */
  const CUTOFF_OFFSETS_MS = [0, 5, 10, 20, 40];

  it('a skip against the cut-off, 20 times: exactly one wins, and the credits agree', async () => {
    const { subscriptions: subs, buyer } = await subscriptions(20);
    const outcomes = { skipped: 0, made: 0 };
    for (const [round, subscription] of subs.entries()) {
      const date = indiaDay(t, 1);
      // The cut-off falls a few milliseconds from now, around the two contenders' starts (the change goes through HTTP and starts later).
      await t.dataSource.query(
        `UPDATE subscription_deliveries SET cutoff_at = clock_timestamp() + $3 * interval '1 millisecond' WHERE subscription_id = $1 AND delivery_date = $2`,
        [subscription._id, date, CUTOFF_OFFSETS_MS[round % CUTOFF_OFFSETS_MS.length] + t.clock.aheadMs],
      );
      const contenders = [
        () => t.request('PATCH', `/api/subscriptions/${subscription._id}/deliveries/${date}`, { token: buyer.token, body: { skip: true } }),
        () => jobIn(second).makeDue(),
      ];
      const [skip] = await Promise.all(
        round % 2 === 0
          ? contenders.map((run) => run())
          : [...contenders]
              .reverse()
              .map((run) => run())
              .reverse(),
      );
      // Whatever the job skipped while the customer's change held the row, it settles now (the cut-off has passed for sure).
      second.clock.advance(1_000);
      t.clock.advance(1_000);
      await jobIn(second).makeDue();

      const [row] = (await t.dataSource.query(
        `SELECT status, order_id AS "orderId" FROM subscription_deliveries WHERE subscription_id = $1 AND delivery_date = $2`,
        [subscription._id, date],
      )) as { status: string; orderId: string | null }[];
      const ledger = await creditLedger(t, subscription._id);
      const answer = skip as { status: number; body: { message?: string } };
      if (answer.status === 200) {
        expect([row.status, row.orderId, ledger.used, ledger.deliveryOrders]).toEqual(['skipped', null, 0, 0]);
        outcomes.skipped += 1;
      } else {
        expect([answer.status, answer.body.message]).toEqual([409, expect.stringMatching(/^It is too late to change the delivery of /)]);
        expect([row.status, ledger.used, ledger.deliveryOrders]).toEqual(['ordered', 1, 1]);
        outcomes.made += 1;
      }
      expect(ledger.bought).toBe(ledger.used + ledger.left + ledger.refunded);
    }
    expect(outcomes.skipped + outcomes.made).toBe(20);
    // Reported in the note: how often each side won.
    console.log(`skip against the cut-off, 20 rounds: ${outcomes.skipped} skipped before it, ${outcomes.made} made at it`);
  });

  it("a pack's payment against the subscription's cancelling, 12 times: the money comes back in full, once, whichever wins", async () => {
    await t.dataSource.query(`UPDATE subscription_deliveries SET status = 'cancelled' WHERE status = 'scheduled'`);
    const [product] = await seedProducts(t, [{ name: 'Marigold', stock: 1_000 }]);
    const plan = await createPlan(t, staff, [{ productId: product, quantity: 5 }]);
    const buyer = await t.createUser();
    const outcomes = { paidThenCancelled: 0, cancelledThenRefunded: 0 };
    for (let round = 0; round < 12; round++) {
      const { subscription, order } = await subscribe(t, buyer, plan);
      const { providerOrderId } = await startPayment(t, buyer, order._id);
      const payment = signedPayment(t, order._id, providerOrderId);
      const contenders = [
        // Each process signs with its own sandbox secret: the payment is verified by the one that started it.
        () => t.request('POST', '/api/payments/verify', { token: buyer.token, body: payment }),
        () => second.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token }),
      ];
      const [verify, cancel] = await Promise.all(
        round % 2 === 0
          ? contenders.map((run) => run())
          : [...contenders]
              .reverse()
              .map((run) => run())
              .reverse(),
      );
      expect(cancel.status).toBe(200);
      const [pack] = (await t.dataSource.query(
        `SELECT o.status, o.is_paid AS "isPaid", k.paid_at IS NOT NULL AS credited, k.refunded,
           (SELECT json_agg(json_build_object('amount', r.amount_paise, 'reason', r.reason)) FROM refunds r WHERE r.order_id = o.id) AS refunds
         FROM orders o JOIN subscription_packs k ON k.order_id = o.id WHERE o.id = $1`,
        [order._id],
      )) as { status: string; isPaid: boolean; credited: boolean; refunded: number; refunds: { amount: number; reason: string }[] }[];
      expect(pack).toMatchObject({ status: 'cancelled', isPaid: true });
      // One refund of the whole ₹420, for one reason or the other.
      expect(pack.refunds).toHaveLength(1);
      expect(pack.refunds[0].amount).toBe(42_000);
      if (pack.credited) {
        expect([verify.status, pack.refunded, pack.refunds[0].reason]).toEqual([200, 7, 'unused deliveries of a cancelled subscription']);
        outcomes.paidThenCancelled += 1;
      } else {
        expect([verify.status, pack.refunded, pack.refunds[0].reason]).toEqual([409, 0, 'refund after late payment']);
        outcomes.cancelledThenRefunded += 1;
      }
    }
    console.log(
      `payment against cancelling, 12 rounds: ${outcomes.paidThenCancelled} paid then refunded as unused, ${outcomes.cancelledThenRefunded} cancelled then refunded as late`,
    );
  });

  it('the delivery job against cancelling, 10 subscriptions at once: each delivery is made or called off, and bought = used + left + refunded', async () => {
    const { subscriptions: subs, buyer } = await subscriptions(10);
    passTomorrowsCutoff();
    const results = await Promise.all([
      jobIn(second).makeDue(Number.POSITIVE_INFINITY, 1),
      ...subs.map((subscription) => t.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token })),
    ]);
    expect(results.slice(1).map((answer) => (answer as { status: number }).status)).toEqual(subs.map(() => 200));
    let made = 0;
    for (const subscription of subs) {
      const ledger = await creditLedger(t, subscription._id);
      expect(ledger).toMatchObject({ consistent: true, left: 0, bought: 7 });
      expect(ledger.used + ledger.refunded).toBe(7);
      expect(ledger.used).toBe(ledger.deliveryOrders);
      made += ledger.used;
      const [refund] = (await t.dataSource.query(`SELECT amount_paise AS amount FROM refunds WHERE order_id = $1`, [subscription.packs[0].orderId])) as {
        amount: number;
      }[];
      expect(refund.amount).toBe(ledger.refunded * 6000);
    }
    console.log(`the job against cancelling, 10 subscriptions: ${made} deliveries made before their cancelling, ${10 - made} called off`);
  });

  it('a crash between batches, and one inside a batch: run again, every delivery is made once', async () => {
    const { product, subscriptions: subs } = await subscriptions(12);
    const stockBefore = await stockOf(t, product);
    passTomorrowsCutoff();
    const ids = subs.map((subscription) => subscription._id);

    // The process stops after two batches of three (a crash between them loses nothing committed).
    expect(await jobIn(t).makeDue(2, 3)).toBe(6);
    // The next batch fails midway inside the database: its first order is written, then the fourth insert fails.
    await t.dataSource.query(`
      CREATE SEQUENCE crash_counter;
      CREATE FUNCTION crash_on_fourth_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'subscription-delivery' AND nextval('crash_counter') = 4 THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER crash_on_fourth_order BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION crash_on_fourth_order();`);
    await expect(jobIn(t).makeDue(Number.POSITIVE_INFINITY, 6)).rejects.toThrow(/simulated crash/);
    await t.dataSource.query(`DROP TRIGGER crash_on_fourth_order ON orders; DROP FUNCTION crash_on_fourth_order(); DROP SEQUENCE crash_counter;`);
    const [{ made }] = (await t.dataSource.query(
      `SELECT count(*)::int AS made FROM orders WHERE kind = 'subscription-delivery' AND subscription_id = ANY($1)`,
      [ids],
    )) as { made: number }[];
    expect(made).toBe(6);

    // Another process takes over where it stopped.
    expect(await jobIn(second).makeDue()).toBe(6);
    const [{ orders }] = (await t.dataSource.query(
      `SELECT count(*)::int AS orders FROM orders WHERE kind = 'subscription-delivery' AND subscription_id = ANY($1)`,
      [ids],
    )) as { orders: number }[];
    expect(orders).toBe(12);
    expect(await stockOf(t, product)).toBe(stockBefore - 12 * 3);
    await expectLedgersBalanced(ids);

    // The database itself refuses a second delivery order for a subscription's day.
    await expect(
      t.dataSource.query(
        `INSERT INTO orders (user_id, kind, subscription_id, total_paise, payment_method, address, delivery_date, delivery_slot)
         SELECT user_id, kind, subscription_id, 0, payment_method, address, delivery_date, delivery_slot FROM orders
         WHERE kind = 'subscription-delivery' AND subscription_id = $1`,
        [ids[0]],
      ),
    ).rejects.toThrow(/orders_one_delivery_per_subscription_day/);
  });
});
