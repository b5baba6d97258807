// 3. Invoice PDF: latency of sequential GET /api/orders/:id/invoice, next to the same order's JSON
// (GET /api/orders/:id: same auth and lookup, no PDF) as the reference.
import { call } from '../lib/api-server.mjs';
import { DELIVERY_ADDRESS } from '../lib/order-mix.mjs';
import { measuredRow, SkipError } from '../lib/report.mjs';
import { requireCall, withShop } from '../lib/shop.mjs';
import { percentile } from '../lib/stats.mjs';

const SECTION = 'invoice';
/** Invoices are fetched round-robin over several orders, so a per-order cache alone cannot answer them. */
const ORDERS = 20;
const WARMUP_REQUESTS = 10;

async function timedGets(apiUrl, paths, token, count) {
  const latencies = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const before = performance.now();
    const response = await fetch(`${apiUrl}${paths[i % paths.length]}`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await response.arrayBuffer());
    latencies.push(performance.now() - before);
    if (response.status !== 200) throw new Error(`GET ${paths[i % paths.length]} answered ${response.status}: ${body.toString().slice(0, 120)}`);
    bytes += body.length;
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), meanBytes: Math.round(bytes / count) };
}

export default {
  name: SECTION,
  title: 'Invoice PDF (sequential GET /api/orders/:id/invoice)',
  async run({ options, log }) {
    const count = options.quick ? 50 : 200;
    const setup = async ({ api }) => {
      // Each order takes one of each of its products, so every product used needs stock for all of them.
      const products = ((await call(api.url, 'GET', '/api/products')).json?.data ?? []).filter((product) => product.stock >= ORDERS);
      if (products.length === 0) throw new SkipError(`no demo product with ${ORDERS} in stock to order (GET /api/products)`);
      const registered = await call(api.url, 'POST', '/api/auth/register', {
        body: { name: 'Invoice Bench Buyer', email: `invoice.bench.${process.pid}.${Date.now()}@example.com`, password: 'Petals#2026' },
      });
      requireCall(registered, 'POST /api/auth/register', 201);
      const { token } = registered.json;

      const orderIds = [];
      for (let n = 0; n < ORDERS; n++) {
        const lines = [0, 1, 2].slice(0, 1 + (n % 3)).map((offset) => products[(n + offset) % products.length]);
        const unique = [...new Map(lines.map((product) => [product._id, product])).values()];
        const placed = await call(api.url, 'POST', '/api/orders', {
          token,
          body: { orderItems: unique.map((product) => ({ product: product._id, quantity: 1 })), paymentMethod: 'cash', address: DELIVERY_ADDRESS },
        });
        requireCall(placed, 'POST /api/orders', 201);
        orderIds.push(placed.json._id);
      }
      return { token, orderIds };
    };
    const shop = { label: SECTION, database: options.database, profile: options.profile, log, setup };
    return withShop(shop, async ({ api, databaseLabel, prepared: { token, orderIds } }) => {
      const invoicePaths = orderIds.map((id) => `/api/orders/${id}/invoice`);
      const probe = await fetch(`${api.url}${invoicePaths[0]}`, { headers: { authorization: `Bearer ${token}` } });
      const probeBody = Buffer.from(await probe.arrayBuffer());
      if (probe.status !== 200) {
        requireCall({ status: probe.status, json: safeJson(probeBody), text: probeBody.toString() }, 'GET /api/orders/:id/invoice', 200);
      }
      if (!String(probe.headers.get('content-type')).startsWith('application/pdf') || probeBody.subarray(0, 5).toString() !== '%PDF-') {
        throw new SkipError(`GET /api/orders/:id/invoice did not answer a PDF (content-type ${probe.headers.get('content-type')})`);
      }

      const orderPaths = orderIds.map((id) => `/api/orders/${id}`);
      const jsonAvailable = (await call(api.url, 'GET', orderPaths[0], { token })).status === 200;
      log(`${databaseLabel}; ${WARMUP_REQUESTS} warm-up, then ${count} sequential invoices over ${ORDERS} orders${jsonAvailable ? ', then the same for the order JSON' : ''}`);
      await timedGets(api.url, invoicePaths, token, WARMUP_REQUESTS);
      const invoices = await timedGets(api.url, invoicePaths, token, count);
      let json = null;
      if (jsonAvailable) {
        await timedGets(api.url, orderPaths, token, WARMUP_REQUESTS);
        json = await timedGets(api.url, orderPaths, token, count);
      }
      const reference = (value) => (json ? value : null);
      return [
        measuredRow({
          section: SECTION,
          benchmark: 'GET /api/orders/:id/invoice p50',
          measured: invoices.p50,
          unit: 'ms',
          reference: reference(json?.p50),
          referenceLabel: 'order JSON',
          goal: { on: 'measured', op: '<=', value: 10 },
          details: { requests: count, orders: ORDERS, database: databaseLabel, pdfBytes: invoices.meanBytes, invoices, orderJson: json },
        }),
        measuredRow({
          section: SECTION,
          benchmark: 'GET /api/orders/:id/invoice p99',
          measured: invoices.p99,
          unit: 'ms',
          reference: reference(json?.p99),
          referenceLabel: 'order JSON',
          note: `${(invoices.meanBytes / 1024).toFixed(1)} KB per PDF`,
        }),
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
