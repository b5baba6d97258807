// 3. Invoice PDF, sequential GETs: the first download of each order's invoice (a fresh PDF: the goal),
// then downloads the API may answer from its cache of PDF bytes, and revalidations (If-None-Match,
// 304). Next to the same orders' JSON (GET /api/orders/:id: same auth and lookup, no PDF) as the reference.
import { call } from '../lib/api-server.mjs';
import { DELIVERY_ADDRESS } from '../lib/order-mix.mjs';
import { measuredRow, SkipError } from '../lib/report.mjs';
import { requireCall, waitForMailSent, withShop } from '../lib/shop.mjs';
import { percentile } from '../lib/stats.mjs';

const SECTION = 'invoice';
/** A typical order has 1–5 lines; order n has 1 + n % 5, one of each product. */
const MAX_LINES = 5;
/**
 * Orders whose invoices are fetched first (never measured): pdfkit and fontkit take about a hundred
 * documents before V8 has optimised them (renders of 2–10 ms, then 1–1.5 ms), and the goal is
 * about the running shop, as the load sections' warm-up is.
 */
const WARMUP_ORDERS = 100;
/** Cached downloads and revalidations go round-robin over this many already downloaded orders. */
const REPEATED_ORDERS = 20;

async function timedGets(apiUrl, paths, token, count, headersFor = () => ({})) {
  const latencies = [];
  const statuses = new Set();
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const path = paths[i % paths.length];
    const before = performance.now();
    const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headersFor(i) } });
    const body = Buffer.from(await response.arrayBuffer());
    latencies.push(performance.now() - before);
    if (response.status !== 200 && response.status !== 304) throw new Error(`GET ${path} answered ${response.status}: ${body.toString().slice(0, 120)}`);
    statuses.add(response.status);
    bytes += body.length;
  }
  return { requests: count, p50: percentile(latencies, 50), p99: percentile(latencies, 99), meanBytes: Math.round(bytes / count), statuses: [...statuses] };
}

export default {
  name: SECTION,
  title: 'Invoice PDF (sequential GET /api/orders/:id/invoice)',
  async run({ options, log }) {
    const fresh = options.quick ? 50 : 200;
    const repeats = options.quick ? 50 : 200;
    const orderCount = WARMUP_ORDERS + fresh;
    const setup = async ({ api }) => {
      const products = ((await call(api.url, 'GET', '/api/products')).json?.data ?? []).sort((a, b) => b.stock - a.stock);
      // Order n takes one of products n … n+lines-1 (round-robin over the k best stocked): about
      // 3 · orders / k units of each, a few more where the rounds end. The most products that have that.
      const unitsEach = (k) => Math.ceil((orderCount * (MAX_LINES + 1)) / 2 / k) + MAX_LINES;
      let k = products.length;
      while (k >= MAX_LINES && products[k - 1].stock < unitsEach(k)) k--;
      if (k < MAX_LINES) throw new SkipError(`too little demo stock for ${orderCount} orders of 1–${MAX_LINES} lines`);
      const stocked = products.slice(0, k);
      const registered = await call(api.url, 'POST', '/api/auth/register', {
        body: { name: 'Invoice Bench Buyer', email: `invoice.bench.${process.pid}.${Date.now()}@example.com`, password: 'Petals#2026' },
      });
      requireCall(registered, 'POST /api/auth/register', 201);
      const { token } = registered.json;

      const orderIds = [];
      for (let n = 0; n < orderCount; n++) {
        const lines = Array.from({ length: 1 + (n % MAX_LINES) }, (_, offset) => stocked[(n + offset) % stocked.length]);
        const placed = await call(api.url, 'POST', '/api/orders', {
          token,
          body: { orderItems: lines.map((product) => ({ product: product._id, quantity: 1 })), paymentMethod: 'cash', address: DELIVERY_ADDRESS },
        });
        requireCall(placed, 'POST /api/orders', 201);
        orderIds.push(placed.json._id);
      }
      return { token, orderIds };
    };
    // One buyer places every order of the run in seconds: past the shop's limits on open cash orders and orders a minute.
    const env = { MAX_OPEN_CASH_ORDERS: '1000000', ORDERS_PER_MINUTE_PER_ACCOUNT: '1000000', ORDERS_PER_MINUTE_PER_ADDRESS: '1000000' };
    const shop = { label: SECTION, database: options.database, env, profile: options.profile, log, setup };
    return withShop(shop, async ({ api, databaseLabel, prepared: { token, orderIds } }) => {
      const invoicePath = (id) => `/api/orders/${id}/invoice`;
      const warmupIds = orderIds.slice(0, WARMUP_ORDERS);
      const freshIds = orderIds.slice(WARMUP_ORDERS);
      const probe = await fetch(`${api.url}${invoicePath(warmupIds[0])}`, { headers: { authorization: `Bearer ${token}` } });
      const probeBody = Buffer.from(await probe.arrayBuffer());
      if (probe.status !== 200) {
        requireCall({ status: probe.status, json: safeJson(probeBody), text: probeBody.toString() }, 'GET /api/orders/:id/invoice', 200);
      }
      if (!String(probe.headers.get('content-type')).startsWith('application/pdf') || probeBody.subarray(0, 5).toString() !== '%PDF-') {
        throw new SkipError(`GET /api/orders/:id/invoice did not answer a PDF (content-type ${probe.headers.get('content-type')})`);
      }

      const orderPaths = freshIds.slice(0, REPEATED_ORDERS).map((id) => `/api/orders/${id}`);
      const jsonAvailable = (await call(api.url, 'GET', orderPaths[0], { token })).status === 200;
      log(
        `${databaseLabel}; ${WARMUP_ORDERS} warm-up orders, then the first invoice of ${fresh} orders (1–${MAX_LINES} lines), ` +
          `${repeats} repeated downloads and ${repeats} revalidations over ${REPEATED_ORDERS} of them${jsonAvailable ? `, ${repeats} order JSONs` : ''}`,
      );
      await waitForMailSent(api.url, log);
      await timedGets(api.url, warmupIds.map(invoicePath), token, WARMUP_ORDERS);
      const first = await timedGets(api.url, freshIds.map(invoicePath), token, fresh);

      const repeatedPaths = freshIds.slice(0, REPEATED_ORDERS).map(invoicePath);
      const etags = [];
      for (const path of repeatedPaths) {
        const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        etags.push(response.headers.get('etag'));
      }
      const repeated = await timedGets(api.url, repeatedPaths, token, repeats);
      const revalidated = etags.every(Boolean)
        ? await timedGets(api.url, repeatedPaths, token, repeats, (i) => ({ 'if-none-match': etags[i % etags.length] }))
        : null;

      let json = null;
      if (jsonAvailable) {
        await timedGets(
          api.url,
          warmupIds.map((id) => `/api/orders/${id}`),
          token,
          WARMUP_ORDERS,
        );
        json = await timedGets(api.url, orderPaths, token, repeats);
      }
      const reference = (value) => (json ? value : null);
      const details = {
        database: databaseLabel,
        pdfBytes: first.meanBytes,
        firstDownloads: first,
        repeatedDownloads: repeated,
        revalidations: revalidated,
        orderJson: json,
      };
      return [
        measuredRow({
          section: SECTION,
          benchmark: 'GET /api/orders/:id/invoice p50 (first download)',
          measured: first.p50,
          unit: 'ms',
          reference: reference(json?.p50),
          referenceLabel: 'order JSON',
          goal: { on: 'measured', op: '<=', value: 5 },
          details,
        }),
        measuredRow({
          section: SECTION,
          benchmark: 'GET /api/orders/:id/invoice p99 (first download)',
          measured: first.p99,
          unit: 'ms',
          reference: reference(json?.p99),
          referenceLabel: 'order JSON',
          goal: { on: 'measured', op: '<=', value: 10 },
          note: `${(first.meanBytes / 1024).toFixed(1)} KB per PDF`,
        }),
        measuredRow({
          section: SECTION,
          benchmark: 'repeated download p50 (cached PDF)',
          measured: repeated.p50,
          unit: 'ms',
          reference: reference(json?.p50),
          referenceLabel: 'order JSON',
          note: `p99 ${repeated.p99.toFixed(1)} ms`,
        }),
        revalidated
          ? measuredRow({
              section: SECTION,
              benchmark: 'revalidation p50 (If-None-Match)',
              measured: revalidated.p50,
              unit: 'ms',
              reference: reference(json?.p50),
              referenceLabel: 'order JSON',
              note: `answers ${revalidated.statuses.join(', ')}; p99 ${revalidated.p99.toFixed(1)} ms`,
            })
          : measuredRow({ section: SECTION, benchmark: 'revalidation p50 (If-None-Match)', measured: null, unit: 'ms', note: 'no ETag on the invoice' }),
      ];
    });
  },
};

function safeJson(buffer) {
  try {
    return JSON.parse(buffer.toString());
  } catch {
    return null;
  }
}
