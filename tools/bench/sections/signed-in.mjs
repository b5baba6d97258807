// Signed-in reads, sequential as one customer makes them: GET /api/orders/:id with the customer's
// token, next to a bare node:http + pg server doing the same token check and the same statements
// (tools/bench/signed-in-bare.mjs), in alternating rounds of one run.
import { randomBytes } from 'node:crypto';
import { call } from '../lib/api-server.mjs';
import { distRoot } from '../lib/dist-snapshot.mjs';
import { startReferenceServer } from '../lib/load.mjs';
import { DELIVERY_ADDRESS } from '../lib/order-mix.mjs';
import { measuredRow, SkipError } from '../lib/report.mjs';
import { requireCall, waitForMailSent, withShop } from '../lib/shop.mjs';
import { percentile } from '../lib/stats.mjs';

const SECTION = 'signed-in';
/** The API's default (SESSION_CACHE_MS), given to both servers. */
const SESSION_CACHE_MS = 500;
const ROUNDS = 4;

async function timedGets(baseUrl, paths, token, count) {
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const before = performance.now();
    const response = await fetch(`${baseUrl}${paths[i % paths.length]}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    latencies.push(performance.now() - before);
    if (response.status !== 200) throw new Error(`GET ${paths[i % paths.length]} on ${baseUrl} answered ${response.status}`);
  }
  return latencies;
}

const summary = (latencies) => ({ requests: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });

/** What one answer looks like on the wire (fetch asks for gzip, deflate and br, as browsers do). */
async function wireShape(baseUrl, path, token) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.arrayBuffer();
  return { contentEncoding: response.headers.get('content-encoding'), decodedBytes: body.byteLength };
}

export default {
  name: SECTION,
  title: 'Signed-in reads (sequential GET /api/orders/:id)',
  async run({ options, log }) {
    const perRound = options.quick ? 100 : 500;
    const jwtSecret = randomBytes(32).toString('hex');
    const env = { JWT_SECRET: jwtSecret, SESSION_CACHE_MS: String(SESSION_CACHE_MS), MAX_OPEN_CASH_ORDERS: '1000', ORDERS_PER_MINUTE_PER_ACCOUNT: '1000' };
    const setup = async ({ api }) => {
      const products = ((await call(api.url, 'GET', '/api/products')).json?.data ?? []).filter((product) => product.stock >= 20);
      if (products.length < 3) throw new SkipError('too little demo stock');
      const registered = await call(api.url, 'POST', '/api/auth/register', {
        body: { name: 'Signed-in Bench Buyer', email: `signed-in.bench.${process.pid}.${Date.now()}@example.com`, password: 'Petals#2026' },
      });
      requireCall(registered, 'POST /api/auth/register', 201);
      const { token } = registered.json;
      const orderIds = [];
      for (let n = 0; n < 10; n++) {
        const lines = products.slice(0, 1 + (n % 3)).map((product) => ({ product: product._id, quantity: 1 }));
        const placed = await call(api.url, 'POST', '/api/orders', { token, body: { orderItems: lines, paymentMethod: 'cash', address: DELIVERY_ADDRESS } });
        requireCall(placed, 'POST /api/orders', 201);
        orderIds.push(placed.json._id);
      }
      return { token, orderIds };
    };
    // The label names a scratch database: no hyphen.
    return withShop({ label: 'signed_in', database: 'postgres', env, profile: options.profile, log, setup }, async ({ api, databaseUrl, prepared }) => {
      const { token, orderIds } = prepared;
      const paths = orderIds.map((id) => `/api/orders/${id}`);
      await waitForMailSent(api.url, log);
      const bare = await startReferenceServer('signed-in-bare.mjs', { databaseUrl, jwtSecret, sessionCacheMs: SESSION_CACHE_MS, distRoot: distRoot() });
      try {
        log(`PostgreSQL; ${ROUNDS} alternating rounds of ${perRound} sequential GETs over ${paths.length} orders, API then bare server`);
        // Warm-up: both servers' code paths and connections.
        await timedGets(api.url, paths, token, perRound);
        await timedGets(bare.url, paths, token, perRound);
        const apiLatencies = [];
        const bareLatencies = [];
        for (let round = 0; round < ROUNDS; round++) {
          apiLatencies.push(...(await timedGets(api.url, paths, token, perRound)));
          bareLatencies.push(...(await timedGets(bare.url, paths, token, perRound)));
        }
        const measured = summary(apiLatencies);
        const reference = summary(bareLatencies);
        const details = {
          database: 'PostgreSQL',
          sessionCacheMs: SESSION_CACHE_MS,
          api: { ...measured, ...(await wireShape(api.url, paths[0], token)) },
          bare: { ...reference, ...(await wireShape(bare.url, paths[0], token)) },
        };
        return [
          measuredRow({
            section: SECTION,
            benchmark: 'GET /api/orders/:id p50 (signed in)',
            measured: measured.p50,
            unit: 'ms',
            reference: reference.p50,
            referenceLabel: 'bare node:http + pg',
            goal: { on: 'measured', op: '<=', value: 2 },
            details,
          }),
          measuredRow({
            section: SECTION,
            benchmark: 'GET /api/orders/:id, bare p50 ÷ API p50 (speed relative to the bare server)',
            measured: reference.p50 / measured.p50,
            unit: '×',
            goal: { on: 'measured', op: '>=', value: 0.6 },
            note: `p99 ${measured.p99.toFixed(2)} ms (bare ${reference.p99.toFixed(2)} ms)`,
          }),
        ];
      } finally {
        await bare.stop();
      }
    });
  },
};
