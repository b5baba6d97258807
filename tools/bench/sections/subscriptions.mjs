// 9. Subscriptions: 10,000 subscriptions' deliveries of one day turned into orders by the API's job
// on PostgreSQL, next to a bare SQL script making the same orders from the same kind of rows.
import pg from 'pg';
import { sleep } from '../lib/api-server.mjs';
import { measuredRow, SkipError } from '../lib/report.mjs';
import { withShop } from '../lib/shop.mjs';

const SECTION = 'subscriptions';
const SUBSCRIPTIONS = 10_000;
const SUBSCRIBERS = 1_000;
/** The job runs every 30 s; a run that found work goes on until none is left. */
const JOB_WAIT_MS = 90_000;
const STEMS = [
  { name: 'jasmine string', pricePaise: 3000, quantity: 2 },
  { name: 'marigold', pricePaise: 500, quantity: 10 },
  { name: 'tulsi', pricePaise: 200, quantity: 5 },
];
const STOCK = 100_000_000;
/** The bare script's transactions, as many rows each as the API's batches. */
const BARE_BATCH = 500;

/** India's date tomorrow. */
const tomorrowInIndia = () => new Date(Date.now() + (5.5 + 24) * 3600_000).toISOString().slice(0, 10);

/**
 * A plan of three products, its subscribers, and `count` daily subscriptions each with a paid pack of
 * 30 deliveries and tomorrow's row scheduled, its cut-off at `cutoff` (straight into the database,
 * as the API would have left them after subscribing and paying).
 */
async function seedSubscriptions(db, label, count, cutoff) {
  const stamp = `${label}.${process.pid}.${Date.now()}`;
  await db.query('BEGIN');
  const { rows: products } = await db.query(
    `INSERT INTO products (name, description, price_paise, stock, type)
     SELECT 'Bench ' || stem.name || ' ' || $1, '', stem.price, $2, 'flower' FROM jsonb_to_recordset($3::jsonb) AS stem(name text, price int)
     RETURNING id`,
    [label, STOCK, JSON.stringify(STEMS.map((stem) => ({ name: stem.name, price: stem.pricePaise })))],
  );
  const {
    rows: [plan],
  } = await db.query(`INSERT INTO subscription_plans (slug, name, frequencies, price_paise, packs) VALUES ($1, $2, '{daily}', 6000, '{30}') RETURNING id`, [
    `bench-${label}-${process.pid}`,
    `Bench pooja basket ${label}`,
  ]);
  await db.query(
    `INSERT INTO subscription_plan_items (plan_id, product_id, quantity, position) SELECT $1, id, quantity, position - 1
     FROM unnest($2::uuid[], $3::int[]) WITH ORDINALITY AS item(id, quantity, position)`,
    [plan.id, products.map((product) => product.id), STEMS.map((stem) => stem.quantity)],
  );
  const { rows: users } = await db.query(
    `INSERT INTO users (name, email, password_hash) SELECT 'Bench subscriber ' || g, 'bench.subscriber.' || g || '.' || $1 || '@example.com', 'not-a-hash'
     FROM generate_series(1, $2::int) AS g RETURNING id`,
    [stamp, SUBSCRIBERS],
  );
  await db.query(
    `WITH subscription AS (
       INSERT INTO subscriptions (user_id, plan_id, frequency, start_date, slot, address, pincode, recipient_name, recipient_phone)
       SELECT ($1::uuid[])[1 + g % cardinality($1::uuid[])], $2, 'daily', $3::date, 'Morning 8–12', 'Bench street ' || g || ', Chennai', '600004',
         'Bench recipient', '+919840012345'
       FROM generate_series(1, $4::int) AS g
       RETURNING id, user_id, address, start_date
     ), pack_order AS (
       INSERT INTO orders (id, user_id, kind, subscription_id, total_paise, payment_method, address, status, is_paid, paid_at)
       SELECT gen_random_uuid(), user_id, 'subscription-pack', id, 180000, 'razorpay', address, 'processing', true, now() FROM subscription
       RETURNING id, subscription_id
     ), pack AS (
       INSERT INTO subscription_packs (subscription_id, order_id, deliveries, price_paise, paid_at)
       SELECT subscription_id, id, 30, 6000, now() FROM pack_order
     )
     INSERT INTO subscription_deliveries (subscription_id, delivery_date, slot, address, pincode, recipient_name, recipient_phone, cutoff_at, status)
     SELECT id, start_date, 'Morning 8–12', address, '600004', 'Bench recipient', '+919840012345', $5::timestamptz, 'scheduled' FROM subscription`,
    [users.map((user) => user.id), plan.id, tomorrowInIndia(), count, cutoff],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
  return { planId: plan.id, productIds: products.map((product) => product.id) };
}

/** The least the work takes in plain SQL: for each batch of rows, the orders, their lines, the stock, the credits and the rows. */
const BARE_BATCH_SQL = `
WITH due AS MATERIALIZED (
  SELECT d.subscription_id, d.delivery_date, d.slot, d.address, d.pincode, d.recipient_name, d.recipient_phone, s.user_id, gen_random_uuid() AS order_id
  FROM subscription_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
  WHERE s.plan_id = $1 AND d.status = 'scheduled' LIMIT $2 FOR UPDATE OF d SKIP LOCKED
), made AS (
  INSERT INTO orders (id, user_id, kind, subscription_id, total_paise, payment_method, is_paid, paid_at, address, status,
    delivery_date, delivery_slot, recipient_name, recipient_phone, delivery_pincode)
  SELECT order_id, user_id, 'subscription-delivery', subscription_id, 0, 'razorpay', true, now(), address, 'pending', delivery_date, slot, recipient_name,
    recipient_phone, pincode FROM due
), lines AS (
  INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position, hsn_code, gst_rate_bp, discount_paise)
  SELECT due.order_id, i.product_id, p.name, 0, i.quantity, i.position, p.hsn_code, p.gst_rate_bp, 0
  FROM due JOIN subscription_plan_items i ON i.plan_id = $1 JOIN products p ON p.id = i.product_id
), stock AS (
  UPDATE products p SET stock = p.stock - i.quantity * (SELECT count(*) FROM due) FROM subscription_plan_items i WHERE i.plan_id = $1 AND p.id = i.product_id
), credits AS (
  UPDATE subscription_packs k SET used = k.used + 1 FROM due WHERE k.subscription_id = due.subscription_id
), marked AS (
  UPDATE subscription_deliveries d SET status = 'ordered', order_id = due.order_id FROM due
  WHERE d.subscription_id = due.subscription_id AND d.delivery_date = due.delivery_date
)
SELECT count(*)::int AS made FROM due`;

async function bareRun(db, planId) {
  const started = performance.now();
  let made = 0;
  for (;;) {
    await db.query('BEGIN');
    const { rows } = await db.query(BARE_BATCH_SQL, [planId, BARE_BATCH]);
    await db.query('COMMIT');
    if (rows[0].made === 0) break;
    made += rows[0].made;
  }
  return { seconds: (performance.now() - started) / 1000, made };
}

/** Waits for the API's job to settle every row of the plan; the time from its first order to the last row settled. */
async function apiRun(db, planId) {
  const started = Date.now();
  for (;;) {
    const {
      rows: [state],
    } = await db.query(
      `SELECT count(*) FILTER (WHERE d.status = 'scheduled')::int AS waiting,
         (SELECT min(o.created_at) FROM orders o JOIN subscriptions s ON s.id = o.subscription_id WHERE s.plan_id = $1 AND o.kind = 'subscription-delivery') AS "firstOrderAt",
         clock_timestamp() AS now
       FROM subscription_deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE s.plan_id = $1`,
      [planId],
    );
    if (state.waiting === 0 && state.firstOrderAt) return { seconds: (state.now.getTime() - state.firstOrderAt.getTime()) / 1000 };
    if (Date.now() - started > JOB_WAIT_MS) throw new SkipError(`the delivery job left ${state.waiting} rows scheduled after ${JOB_WAIT_MS / 1000} s`);
    await sleep(50);
  }
}

/** What the job made, checked: one order per row, each with the plan's lines, the stock and one credit taken for each. */
async function problemsOf(db, planId, productIds) {
  const {
    rows: [check],
  } = await db.query(
    `SELECT
       (SELECT count(*) FROM orders o JOIN subscriptions s ON s.id = o.subscription_id WHERE s.plan_id = $1 AND o.kind = 'subscription-delivery')::int AS orders,
       (SELECT count(*) FROM subscription_deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE s.plan_id = $1 AND d.status = 'ordered' AND d.order_id IS NOT NULL)::int AS ordered,
       (SELECT sum(k.used) FROM subscription_packs k JOIN subscriptions s ON s.id = k.subscription_id WHERE s.plan_id = $1)::int AS used,
       (SELECT array_agg($3::bigint - stock ORDER BY id) FROM products WHERE id = ANY($2::uuid[])) AS taken`,
    [planId, productIds, STOCK],
  );
  const expectedTaken = productIds
    .map((id, index) => ({ id, quantity: STEMS[index].quantity }))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((item) => String(item.quantity * SUBSCRIPTIONS));
  const problems = [];
  if (check.orders !== SUBSCRIPTIONS || check.ordered !== SUBSCRIPTIONS) problems.push(`${check.orders} orders for ${check.ordered} ordered rows`);
  if (check.used !== SUBSCRIPTIONS) problems.push(`${check.used} credits used`);
  if (check.taken.map(String).join() !== expectedTaken.join()) problems.push(`stock taken ${check.taken.join('/')} instead of ${expectedTaken.join('/')}`);
  return problems;
}

export default {
  name: SECTION,
  title: `Subscriptions: ${SUBSCRIPTIONS.toLocaleString('en-US')} deliveries of a day made into orders on PostgreSQL`,
  async run({ log }) {
    return withShop({ label: SECTION, database: 'postgres', env: { SEED_DEMO_CATALOGUE: 'false' }, log }, async ({ databaseUrl }) => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        // The bare script's rows are due in an hour, so the API's job leaves them alone.
        const bareSet = await seedSubscriptions(db, 'bare', SUBSCRIPTIONS, new Date(Date.now() + 3600_000));
        const bare = await bareRun(db, bareSet.planId);
        log(`bare SQL: ${bare.made} orders in ${bare.seconds.toFixed(2)} s`);

        const seeded = Date.now();
        const apiSet = await seedSubscriptions(db, 'api', SUBSCRIPTIONS, new Date(Date.now() - 60_000));
        log(`seeded ${SUBSCRIPTIONS} subscriptions in ${((Date.now() - seeded) / 1000).toFixed(1)} s; waiting for the API's delivery job (every 30 s)`);
        const api = await apiRun(db, apiSet.planId);
        const problems = await problemsOf(db, apiSet.planId, apiSet.productIds);
        log(`API job: ${SUBSCRIPTIONS} deliveries in ${api.seconds.toFixed(2)} s${problems.length ? `; problems: ${problems.join(', ')}` : ''}`);
        return [
          measuredRow({
            section: SECTION,
            benchmark: `${SUBSCRIPTIONS.toLocaleString('en-US')} deliveries into orders`,
            measured: problems.length ? null : api.seconds,
            unit: 's',
            reference: bare.seconds,
            referenceLabel: 'bare SQL',
            goal: { on: 'measured', op: '<=', value: 10 },
            note: problems.join(', '),
            details: { subscriptions: SUBSCRIPTIONS, subscribers: SUBSCRIBERS, stems: STEMS, api, bare },
          }),
        ];
      } finally {
        await db.end();
      }
    });
  },
};
