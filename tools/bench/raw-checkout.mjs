// The reference for checkout: the same SQL writes as placing an order (guarded stock decrement,
// order row, item rows, in one transaction) through a plain `pg` Pool, with no HTTP, auth or ORM.
// Runs in its own process like the API; prints one JSON line with the outcome.
import pg from 'pg';
import { DELIVERY_ADDRESS, orderLines } from './lib/order-mix.mjs';
import { percentile } from './lib/stats.mjs';

const config = JSON.parse(Buffer.from(process.argv[2], 'base64').toString('utf8'));
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize });

class OutOfStock extends Error {}

async function placeOrder(userId, lines) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Rows are locked in id order so two orders holding the same products cannot deadlock.
    const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
    const priced = [];
    for (const line of sorted) {
      const taken = await client.query(
        'UPDATE products SET stock = stock - $1, updated_at = now() WHERE id = $2 AND stock >= $1 RETURNING name, price_paise',
        [line.quantity, line.productId],
      );
      if (taken.rowCount === 0) throw new OutOfStock();
      priced.push({ ...line, name: taken.rows[0].name, pricePaise: taken.rows[0].price_paise });
    }
    const total = priced.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
    const order = await client.query(
      `INSERT INTO orders (user_id, total_paise, payment_method, address) VALUES ($1, $2, 'cash', $3) RETURNING id`,
      [userId, total, DELIVERY_ADDRESS],
    );
    const values = [];
    const params = [];
    priced.forEach((line, position) => {
      params.push(order.rows[0].id, line.productId, line.name, line.pricePaise, line.quantity, position);
      const base = position * 6;
      values.push(`($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6})`);
    });
    await client.query(`INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position) VALUES ${values.join(', ')}`, params);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function runBuyers(seconds, measure) {
  const deadline = Date.now() + seconds * 1000;
  const outcome = { orders: 0, conflicts: 0, errors: 0, latencies: [], firstError: null };
  const started = Date.now();
  await Promise.all(
    config.userIds.slice(0, config.concurrency).map(async (userId, buyer) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const lines = orderLines(buyer, n, config.productIds.length).map((line) => ({ productId: config.productIds[line.index], quantity: line.quantity }));
        const before = performance.now();
        try {
          await placeOrder(userId, lines);
          outcome.orders += 1;
          if (measure) outcome.latencies.push(performance.now() - before);
        } catch (error) {
          if (error instanceof OutOfStock) outcome.conflicts += 1;
          else {
            outcome.errors += 1;
            outcome.firstError ??= error.message;
          }
        }
      }
    }),
  );
  outcome.seconds = (Date.now() - started) / 1000;
  return outcome;
}

const warmup = config.warmupSeconds > 0 ? await runBuyers(config.warmupSeconds, false) : { orders: 0 };
const measured = await runBuyers(config.durationSeconds, true);
await pool.end();
console.log(
  JSON.stringify({
    warmupOrders: warmup.orders,
    orders: measured.orders,
    conflicts: measured.conflicts,
    errors: measured.errors,
    firstError: measured.firstError,
    seconds: measured.seconds,
    ordersPerSecond: measured.orders / measured.seconds,
    p50: percentile(measured.latencies, 50),
    p99: percentile(measured.latencies, 99),
  }),
);
