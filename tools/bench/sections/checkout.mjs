// 2. Checkout: 50 concurrent buyers placing orders through the API on PostgreSQL, against a plain
// `pg` script doing the same SQL writes; then a low-stock phase that must not oversell.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { call } from '../lib/api-server.mjs';
import { LOAD_HEADERS } from '../lib/load.mjs';
import { DELIVERY_ADDRESS, orderLines } from '../lib/order-mix.mjs';
import { measuredRow, SkipError } from '../lib/report.mjs';
import { requireCall, waitForMailSent, withShop } from '../lib/shop.mjs';
import { percentile } from '../lib/stats.mjs';

const SECTION = 'checkout';
const BUYERS = 50;
/** The API's PostgreSQL pool (api/src/database/database.module.ts); the raw script gets the same. */
const POOL_SIZE = 20;
const PRODUCTS = 20;
const HIGH_STOCK = 10_000_000;
const LOW_STOCK = { products: 3, stock: 10, attemptsPerBuyer: 3 };
const PASSWORD = 'Petals#2026';
/** Connections reading the catalogue while the buyers check out, and the lists' page size (the shop's grid). */
const READERS = 10;
const READ_PAGE_SIZE = 24;

/** Inserts products straight into the API's database (its products trigger tells the API's catalogue cache). */
async function insertProducts(db, label, count, stock) {
  const { rows } = await db.query(
    `INSERT INTO products (name, description, price_paise, stock, type)
     SELECT $1 || ' ' || g, 'Benchmark stock item ' || g, 1000 + g * 37, $2, CASE WHEN g % 2 = 0 THEN 'flower' ELSE 'green_leaf' END
     FROM generate_series(1, $3) AS g
     RETURNING id`,
    [`Bench ${label}`, stock, count],
  );
  return rows.map((row) => row.id);
}

/** Stock plus units sold must equal the starting stock for every product; returns the discrepancy. */
async function stockLedger(db, productIds, startStock) {
  const { rows } = await db.query(
    `SELECT p.id, p.stock, COALESCE(SUM(oi.quantity), 0)::int AS sold
     FROM products p LEFT JOIN order_items oi ON oi.product_id = p.id
     WHERE p.id = ANY($1::uuid[]) GROUP BY p.id, p.stock`,
    [productIds],
  );
  const sold = rows.reduce((sum, row) => sum + row.sold, 0);
  const mismatched = rows.filter((row) => row.stock + row.sold !== startStock || row.stock < 0);
  const oversold = rows.reduce((sum, row) => sum + Math.max(0, row.sold - startStock), 0);
  return { sold, oversold, mismatched: mismatched.length, stockLeft: rows.reduce((sum, row) => sum + row.stock, 0) };
}

/**
 * Samples the scratch database's sessions every 100 ms while a phase runs: how many run a query,
 * wait for a lock, or sit "idle in transaction" (a transaction open, holding its row locks, while
 * the client is busy elsewhere). Explains a gap between the API and the raw script.
 */
function sampleSessions(db, databaseUrl) {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const totals = { samples: 0, active: 0, waitingForLock: 0, idleInTransaction: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
                count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting_for_lock,
                count(*) FILTER (WHERE state = 'idle in transaction')::int AS idle_in_transaction
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      totals.samples += 1;
      totals.active += rows[0].active;
      totals.waitingForLock += rows[0].waiting_for_lock;
      totals.idleInTransaction += rows[0].idle_in_transaction;
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  // Sampling is a diagnostic: a failed sample ends it, it never fails the section.
  const finished = loop.catch(() => undefined);
  return async () => {
    running = false;
    await finished;
    const mean = (value) => +(value / Math.max(1, totals.samples)).toFixed(1);
    return {
      samples: totals.samples,
      active: mean(totals.active),
      waitingForLock: mean(totals.waitingForLock),
      idleInTransaction: mean(totals.idleInTransaction),
    };
  };
}

const describeSessions = (s) => `${s.active} active (${s.waitingForLock} waiting for a lock), ${s.idleInTransaction} idle in transaction`;

async function registerBuyers(apiUrl, count) {
  const stamp = `${process.pid}.${Date.now()}`;
  const buyers = [];
  // A few at a time: registration hashes a password, which is slow on purpose.
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, (_, offset) => {
        const index = start + offset;
        return call(apiUrl, 'POST', '/api/auth/register', {
          body: { name: `Bench Buyer ${index}`, email: `bench.buyer.${index}.${stamp}@example.com`, password: PASSWORD },
        });
      }),
    );
    for (const response of batch) {
      requireCall(response, 'POST /api/auth/register', 201);
      const { token, user } = response.json ?? {};
      if (!token || !user?._id) throw new SkipError('POST /api/auth/register answered without {token, user._id}');
      buyers.push({ token, userId: user._id, name: user.name, email: user.email });
    }
  }
  return buyers;
}

function withStatus(row, status) {
  return status ? { ...row, status } : row;
}

function orderBody(lines, productIds, code) {
  return {
    orderItems: lines.map((line) => ({ product: productIds[line.index], quantity: line.quantity })),
    paymentMethod: 'cash',
    address: DELIVERY_ADDRESS,
    ...(code ? { code } : {}),
  };
}

/** An offer code every order may use (10% off, no limits), written straight into the API's database. */
const BENCH_CODE = 'BENCH10';
async function insertOfferCode(db) {
  const { rows } = await db.query(`INSERT INTO offers (name, kind, percent_bp) VALUES ('Benchmark 10% off', 'percent', 1000) RETURNING id`);
  await db.query(`INSERT INTO offer_codes (code, offer_id, single_use) VALUES ($1, $2, false)`, [BENCH_CODE, rows[0].id]);
}

/** Every buyer places orders back to back until the time is up (each with `code` when given). */
async function apiBuyers(apiUrl, buyers, productIds, seconds, measure, code = null) {
  const deadline = Date.now() + seconds * 1000;
  const outcome = { orders: 0, conflicts: 0, errors: 0, latencies: [], firstError: null };
  const started = Date.now();
  await Promise.all(
    buyers.map(async (buyer, index) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const before = performance.now();
        // A refused or reset connection under load is a failed order, not the end of the run.
        const response = await call(apiUrl, 'POST', '/api/orders', {
          token: buyer.token,
          body: orderBody(orderLines(index, n, productIds.length), productIds, code),
        }).catch((error) => ({ status: 0, json: null, text: `${error.message} (${error.cause?.code ?? 'network'})` }));
        if (response.status === 201) {
          outcome.orders += 1;
          if (measure) outcome.latencies.push(performance.now() - before);
        } else if (response.status === 409) outcome.conflicts += 1;
        else {
          outcome.errors += 1;
          outcome.firstError ??= `${response.status} ${response.json?.message ?? response.text.slice(0, 100)}`;
        }
      }
    }),
  );
  outcome.seconds = (Date.now() - started) / 1000;
  return outcome;
}

/** The catalogue cache's hit and miss counters of the API process (GET /api/metrics, open outside production). */
async function catalogCacheCounters(apiUrl) {
  const text = await (await fetch(`${apiUrl}/api/metrics`)).text();
  const counter = (name) => {
    const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!match) throw new SkipError(`GET /api/metrics has no ${name}`);
    return Number(match[1]);
  };
  return { hits: counter('thalir_catalog_cache_hits_total'), misses: counter('thalir_catalog_cache_misses_total') };
}

/**
 * What shoppers read while others check out, in one sequence each reader connection repeats: every
 * product's page, and the lists a visitor walks (the whole catalogue, the first pages newest first,
 * each type, each order).
 */
async function catalogueReads(apiUrl) {
  const { json } = await call(apiUrl, 'GET', '/api/products');
  const productPaths = json.data.map((product) => `/api/products/${product._id}`);
  const listPaths = [
    '/api/products',
    ...[1, 2, 3, 4].map((page) => `/api/products?page=${page}&limit=${READ_PAGE_SIZE}`),
    ...['flower', 'green_leaf'].map((type) => `/api/products?type=${type}&page=1&limit=${READ_PAGE_SIZE}`),
    ...['price', '-price', 'name'].map((sort) => `/api/products?sort=${sort}&page=1&limit=${READ_PAGE_SIZE}`),
  ];
  return { products: productPaths.length, lists: listPaths.length, requests: [...productPaths, ...listPaths].map((path) => ({ method: 'GET', path })) };
}

/** Buyers checking out while readers read the catalogue: how often a catalogue read was answered from the cache. */
async function hitRatioWhileBuying(apiUrl, buyers, productIds, seconds) {
  const reads = await catalogueReads(apiUrl);
  // One pass first, so the ratio is that of a shop in use rather than of its first reads.
  await autocannon({ url: apiUrl, connections: 1, amount: reads.requests.length, headers: LOAD_HEADERS, requests: reads.requests });
  const before = await catalogCacheCounters(apiUrl);
  const [buying, reading] = await Promise.all([
    apiBuyers(apiUrl, buyers, productIds, seconds, false),
    autocannon({ url: apiUrl, connections: READERS, duration: seconds, headers: LOAD_HEADERS, requests: reads.requests }),
  ]);
  const after = await catalogCacheCounters(apiUrl);
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  return { buying, reading, reads, hits, misses, ratio: hits / Math.max(1, hits + misses) };
}

/** Once the buyers have stopped: how many products' answers (served from the cache) show a stock the database does not hold. */
async function answersShowingOtherStock(apiUrl, db, productIds) {
  const { rows } = await db.query('SELECT id, stock FROM products WHERE id = ANY($1)', [productIds]);
  const answers = await Promise.all(productIds.map((id) => call(apiUrl, 'GET', `/api/products/${id}`)));
  const stockOf = new Map(rows.map((row) => [row.id, row.stock]));
  return answers.filter((answer, index) => answer.json?.data?.stock !== stockOf.get(productIds[index])).length;
}

function rawCheckout(config) {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('../raw-checkout.mjs', import.meta.url));
    const child = spawn(process.execPath, [script, Buffer.from(JSON.stringify(config)).toString('base64')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`raw checkout failed (${code}): ${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

/** All buyers at once, a few single-line orders each, on products with little stock. */
async function lowStockRush(apiUrl, buyers, productIds) {
  const statuses = {};
  let unitsConfirmed = 0;
  await Promise.all(
    buyers.map(async (buyer, index) => {
      for (let attempt = 0; attempt < LOW_STOCK.attemptsPerBuyer; attempt++) {
        const quantity = 1 + ((index + attempt) % 2);
        const product = productIds[(index + attempt) % productIds.length];
        const response = await call(apiUrl, 'POST', '/api/orders', {
          token: buyer.token,
          body: { orderItems: [{ product, quantity }], paymentMethod: 'cash', address: DELIVERY_ADDRESS },
        }).catch(() => ({ status: 'network error' }));
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 201) unitsConfirmed += quantity;
      }
    }),
  );
  return { statuses, unitsConfirmed };
}

export default {
  name: SECTION,
  title: `Checkout on PostgreSQL (${BUYERS} concurrent buyers, API vs the same SQL writes through a pg Pool of ${POOL_SIZE})`,
  async run({ options, log }) {
    const setup = async ({ api, databaseUrl }) => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const probeProducts = await insertProducts(db, 'probe', 2, 100);
        const [probeBuyer] = await registerBuyers(api.url, 1);
        const probe = await call(api.url, 'POST', '/api/orders', { token: probeBuyer.token, body: orderBody(orderLines(0, 0, 2), probeProducts) });
        requireCall(probe, 'POST /api/orders', 201);
        // The raw script writes the same mails as the API: the buyer's, and the staff's when it sends one.
        const { rows } = await db.query(`SELECT recipient FROM outbox_mails WHERE kind = 'staff-new-order' AND payload->>'orderId' = $1`, [probe.json._id]);
        log(`registering ${BUYERS} buyers through POST /api/auth/register`);
        return { staffEmail: rows[0]?.recipient ?? null, buyers: [probeBuyer, ...(await registerBuyers(api.url, BUYERS - 1))] };
      } finally {
        await db.end();
      }
    };
    // 50 accounts from one address, each placing cash orders as fast as it can: past the limits a shop
    // keeps on sign-ups, open cash orders and orders a minute. The limits are still counted on every order.
    const env = {
      SEED_DEMO_CATALOGUE: 'false',
      REGISTER_LIMIT_PER_HOUR: '1000',
      MAX_OPEN_CASH_ORDERS: '1000000',
      ORDERS_PER_MINUTE_PER_ACCOUNT: '1000000',
      ORDERS_PER_MINUTE_PER_ADDRESS: '1000000',
    };
    const shop = { label: SECTION, database: 'postgres', env, profile: options.profile, log, setup };
    return withShop(shop, async ({ api, databaseUrl, prepared: { buyers, staffEmail } }) => {
      const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
      try {
        const apiProducts = await insertProducts(db, 'api', PRODUCTS, HIGH_STOCK);
        log(`API: warm-up ${options.warmupSeconds} s, then ${options.durationSeconds} s of ${BUYERS} buyers on ${PRODUCTS} products`);
        if (options.warmupSeconds > 0) await apiBuyers(api.url, buyers, apiProducts, options.warmupSeconds, false);
        const stopApiSampling = sampleSessions(db, databaseUrl);
        const viaApi = await apiBuyers(api.url, buyers, apiProducts, options.durationSeconds, true);
        const apiSessions = await stopApiSampling();
        log(`API phase, mean sessions: ${describeSessions(apiSessions)}`);
        const apiLedger = await stockLedger(db, apiProducts, HIGH_STOCK);

        // The API sends the mails of its orders after them; the next phase should not share the CPU with that.
        await waitForMailSent(api.url, log);
        // The same orders with an offer code: the pricing reads the offer and the placing checks it.
        await insertOfferCode(db);
        const codeProducts = await insertProducts(db, 'code', PRODUCTS, HIGH_STOCK);
        log(`API with the code ${BENCH_CODE}: warm-up ${options.warmupSeconds} s, then ${options.durationSeconds} s`);
        if (options.warmupSeconds > 0) await apiBuyers(api.url, buyers, codeProducts, options.warmupSeconds, false, BENCH_CODE);
        const withCode = await apiBuyers(api.url, buyers, codeProducts, options.durationSeconds, true, BENCH_CODE);
        const codeLedger = await stockLedger(db, codeProducts, HIGH_STOCK);
        const { rows: discounted } = await db.query(
          `SELECT count(DISTINCT d.order_id)::int AS orders FROM order_discounts d JOIN order_items i ON i.order_id = d.order_id WHERE i.product_id = ANY($1::uuid[]) AND d.code = $2`,
          [codeProducts, BENCH_CODE],
        );

        // The API sends the mails of its orders after them; the raw script should not share the CPU with that.
        await waitForMailSent(api.url, log);
        const rawProducts = await insertProducts(db, 'raw', PRODUCTS, HIGH_STOCK);
        log(`raw pg: warm-up ${options.warmupSeconds} s, then ${options.durationSeconds} s, ${BUYERS} workers on a Pool of ${POOL_SIZE}`);
        const stopRawSampling = sampleSessions(db, databaseUrl);
        const raw = await rawCheckout({
          databaseUrl,
          productIds: rawProducts,
          buyers: buyers.map(({ userId, name, email }) => ({ userId, name, email })),
          staffEmail,
          concurrency: BUYERS,
          poolSize: POOL_SIZE,
          warmupSeconds: options.warmupSeconds,
          durationSeconds: options.durationSeconds,
        });
        const rawSessions = await stopRawSampling();
        log(`raw phase (warm-up included), mean sessions: ${describeSessions(rawSessions)}`);
        const rawLedger = await stockLedger(db, rawProducts, HIGH_STOCK);

        await waitForMailSent(api.url, log);
        log(`catalogue reads (${READERS} connections) while ${BUYERS} buyers check out on the first ${PRODUCTS} products: ${options.durationSeconds} s`);
        const whileBuying = await hitRatioWhileBuying(api.url, buyers, apiProducts, options.durationSeconds);
        log(`${whileBuying.hits} hits, ${whileBuying.misses} misses; ${whileBuying.buying.orders} orders placed meanwhile`);
        const readsLedger = await stockLedger(db, apiProducts, HIGH_STOCK);
        const staleAnswers = await answersShowingOtherStock(api.url, db, apiProducts);

        const lowProducts = await insertProducts(db, 'low', LOW_STOCK.products, LOW_STOCK.stock);
        log(`low stock: ${BUYERS} buyers × ${LOW_STOCK.attemptsPerBuyer} orders at once on ${LOW_STOCK.products} products with ${LOW_STOCK.stock} each`);
        const rush = await lowStockRush(api.url, buyers, lowProducts);
        const lowLedger = await stockLedger(db, lowProducts, LOW_STOCK.stock);

        const apiNote = [
          viaApi.errors ? `${viaApi.errors} failed orders, first: ${viaApi.firstError}` : '',
          viaApi.conflicts ? `${viaApi.conflicts} unexpected 409` : '',
          apiLedger.mismatched ? `${apiLedger.mismatched} products with stock + sold ≠ start` : '',
        ]
          .filter(Boolean)
          .join('; ');
        const rawNote = raw.errors ? `raw: ${raw.errors} errors, first: ${raw.firstError}` : '';
        const unexpectedStatuses = Object.keys(rush.statuses).filter((status) => status !== '201' && status !== '409');
        const oversold = apiLedger.oversold + lowLedger.oversold;
        const ledgerBroken = apiLedger.mismatched + lowLedger.mismatched;
        const soldMatchesAnswers = lowLedger.sold === rush.unitsConfirmed;
        const lowNote = [
          `low stock: ${lowLedger.sold} of ${LOW_STOCK.products * LOW_STOCK.stock} units sold, answers ${JSON.stringify(rush.statuses)}`,
          ledgerBroken ? `${ledgerBroken} products with stock + sold ≠ start` : 'stock + sold = start on every product',
          soldMatchesAnswers ? '' : `201 answers confirmed ${rush.unitsConfirmed} units but ${lowLedger.sold} were recorded`,
          unexpectedStatuses.length ? `unexpected statuses ${unexpectedStatuses.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ');

        return [
          measuredRow({
            section: SECTION,
            benchmark: 'POST /api/orders orders/s',
            measured: viaApi.orders / viaApi.seconds,
            unit: 'orders/s',
            reference: raw.ordersPerSecond,
            referenceLabel: 'raw pg',
            goal: { on: 'ratio', op: '>=', value: 0.5 },
            note: [apiNote, rawNote].filter(Boolean).join('; '),
            details: {
              buyers: BUYERS,
              poolSize: POOL_SIZE,
              products: PRODUCTS,
              sessions: { api: apiSessions, raw: rawSessions },
              api: { ...viaApi, latencies: undefined, p50: percentile(viaApi.latencies, 50), p99: percentile(viaApi.latencies, 99) },
              raw,
              apiLedger,
              rawLedger,
            },
          }),
          measuredRow({
            section: SECTION,
            benchmark: 'POST /api/orders with a code orders/s',
            measured: withCode.orders / withCode.seconds,
            unit: 'orders/s',
            reference: viaApi.orders / viaApi.seconds,
            referenceLabel: 'API without a code',
            goal: { on: 'ratio', op: '>=', value: 0.9 },
            note: [
              `${((withCode.orders / withCode.seconds / raw.ordersPerSecond) * 100).toFixed(0)}% of raw pg (goal ≥ 50%)`,
              withCode.errors ? `${withCode.errors} failed orders, first: ${withCode.firstError}` : '',
              withCode.conflicts ? `${withCode.conflicts} unexpected 409` : '',
              codeLedger.mismatched ? `${codeLedger.mismatched} products with stock + sold ≠ start` : '',
              discounted[0].orders < withCode.orders ? `only ${discounted[0].orders} orders carry the discount` : '',
            ]
              .filter(Boolean)
              .join('; '),
            details: {
              api: { ...withCode, latencies: undefined, p50: percentile(withCode.latencies, 50), p99: percentile(withCode.latencies, 99) },
              ledger: codeLedger,
            },
          }),
          measuredRow({
            section: SECTION,
            benchmark: 'POST /api/orders p99',
            measured: percentile(viaApi.latencies, 99),
            unit: 'ms',
            reference: raw.p99,
            referenceLabel: 'raw pg',
          }),
          measuredRow({
            section: SECTION,
            benchmark: 'catalogue cache hit ratio while buyers check out',
            measured: whileBuying.ratio,
            unit: 'fraction',
            goal: { on: 'measured', op: '>=', value: 0.9 },
            note: [
              `${whileBuying.hits} hits of ${whileBuying.hits + whileBuying.misses} reads (${Math.round(whileBuying.reading.requests.average)} reads/s)`,
              `${(whileBuying.buying.orders / whileBuying.buying.seconds).toFixed(1)} orders/s meanwhile`,
              whileBuying.buying.errors ? `${whileBuying.buying.errors} failed orders, first: ${whileBuying.buying.firstError}` : '',
              whileBuying.reading.non2xx ? `${whileBuying.reading.non2xx} reads not 2xx` : '',
              readsLedger.mismatched ? `${readsLedger.mismatched} products with stock + sold ≠ start` : '',
            ]
              .filter(Boolean)
              .join('; '),
            details: {
              readers: READERS,
              readSequence: { products: whileBuying.reads.products, lists: whileBuying.reads.lists },
              hits: whileBuying.hits,
              misses: whileBuying.misses,
              readsPerSecond: whileBuying.reading.requests.average,
              readP99: whileBuying.reading.latency.p99,
              orders: whileBuying.buying.orders,
            },
          }),
          measuredRow({
            section: SECTION,
            benchmark: 'cached product answers showing another stock than the database, after the buyers',
            measured: staleAnswers,
            unit: 'count',
            goal: { on: 'measured', op: '<=', value: 0 },
            note: `GET /api/products/:id of the ${apiProducts.length} products bought, against their rows`,
          }),
          withStatus(
            measuredRow({
              section: SECTION,
              benchmark: 'oversold units + stock ledger errors',
              measured: oversold + ledgerBroken + (soldMatchesAnswers ? 0 : Math.abs(lowLedger.sold - rush.unitsConfirmed)),
              unit: 'count',
              goal: { on: 'measured', op: '<=', value: 0 },
              note: lowNote,
              details: { lowStock: { ...LOW_STOCK, ...rush, ledger: lowLedger }, highStock: apiLedger },
            }),
            // Answers other than 201/409 (network errors, 5xx) leave the ledger check without a verdict.
            unexpectedStatuses.length ? 'fail' : null,
          ),
        ];
      } finally {
        await db.end();
      }
    });
  },
};
