// The reference for checkout: the same SQL writes as placing an order, through a plain `pg` Pool,
// with no HTTP, auth or ORM, written the plain way (one statement per write, in one transaction):
// the guarded stock decrement per line, the order row with its delivery, the item rows with their
// HSN code and GST rate, the first history entry, the outbox mails (buyer, and staff as the API
// sends them) and the
// invoice number from the year's counter, taken last as the shop did before its one-statement
// checkout, so the one lock every order shares is held only until the commit.
// Runs in its own process like the API; prints one JSON line with the outcome.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DELIVERY_ADDRESS, orderLines } from './lib/order-mix.mjs';
import { percentile } from './lib/stats.mjs';

const config = JSON.parse(Buffer.from(process.argv[2], 'base64').toString('utf8'));
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize });

class OutOfStock extends Error {}

/** Tomorrow in India, the first slot: what the API records for an order that names no delivery. */
function delivery() {
  const india = new Date(Date.now() + (5 * 60 + 30) * 60_000 + 86_400_000);
  return { date: india.toISOString().slice(0, 10), slot: 'Morning 8–12' };
}

function financialYear() {
  const india = new Date(Date.now() + (5 * 60 + 30) * 60_000);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

async function placeOrder(buyer, lines) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Rows are locked in id order so two orders holding the same products cannot deadlock.
    const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
    const priced = new Map();
    for (const line of sorted) {
      const taken = await client.query(
        `UPDATE products SET stock = stock - $1, updated_at = now() WHERE id = $2 AND stock >= $1
         RETURNING name, price_paise, hsn_code, gst_rate_bp`,
        [line.quantity, line.productId],
      );
      if (taken.rowCount === 0) throw new OutOfStock();
      priced.set(line.productId, { ...line, ...taken.rows[0] });
    }
    const items = lines.map((line) => priced.get(line.productId));
    const total = items.reduce((sum, line) => sum + line.price_paise * line.quantity, 0);
    const orderId = randomUUID();
    const { date, slot } = delivery();
    await client.query(
      `INSERT INTO orders (id, user_id, total_paise, payment_method, address, delivery_date, delivery_slot, recipient_name)
       VALUES ($1, $2, $3, 'cash', $4, $5, $6, $7)`,
      [orderId, buyer.userId, total, DELIVERY_ADDRESS, date, slot, buyer.name],
    );
    const values = [];
    const params = [];
    items.forEach((line, position) => {
      params.push(orderId, line.productId, line.name, line.price_paise, line.quantity, position, line.hsn_code, line.gst_rate_bp);
      const base = position * 8;
      values.push(`(${Array.from({ length: 8 }, (_, column) => `$${base + column + 1}`).join(', ')})`);
    });
    await client.query(
      `INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position, hsn_code, gst_rate_bp) VALUES ${values.join(', ')}`,
      params,
    );
    await client.query(`INSERT INTO order_status_changes (order_id, status, actor, changed_by) VALUES ($1, 'pending', 'buyer', $2)`, [orderId, buyer.userId]);
    const short = orderId.slice(-6).toUpperCase();
    const payload = JSON.stringify({ orderId });
    const mails = [['order-placed', buyer.email, `Your Thalir Blooms order ${short} is placed`]];
    if (config.staffEmail) mails.push(['staff-new-order', config.staffEmail, `New order ${short}`]);
    await client.query(
      `INSERT INTO outbox_mails (kind, recipient, subject, payload) VALUES ${mails.map((_, i) => `($${i * 3 + 2}, $${i * 3 + 3}, $${i * 3 + 4}, $1)`).join(', ')}`,
      [payload, ...mails.flat()],
    );
    const year = financialYear();
    await client.query(
      `WITH next AS (
         INSERT INTO invoice_counters (financial_year, last_number) VALUES ($1, 1)
         ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1
         RETURNING last_number
       )
       UPDATE orders SET invoice_number = $2 || lpad(next.last_number::text, 6, '0') FROM next WHERE orders.id = $3`,
      [year, `TB/${year}/`, orderId],
    );
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
    config.buyers.slice(0, config.concurrency).map(async (buyer, index) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const lines = orderLines(index, n, config.productIds.length).map((line) => ({ productId: config.productIds[line.index], quantity: line.quantity }));
        const before = performance.now();
        try {
          await placeOrder(buyer, lines);
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
