import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { CatalogCache, listCacheKey, productCacheKey } from '../src/catalog/cache/catalog-cache';
import { MetricsService } from '../src/metrics/metrics.service';
import { insertProducts, rosePicture, sendForm } from './catalog-fixtures';
import { captureLogs, createTestApp, TestApp, TestUser } from './test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : describe.skip;

/** A GET over a real socket (the catalogue's fast path sits in front of Fastify, where inject() does not go). */
function socketGet(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; raw: Buffer }> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('catalogue cache: ready bytes, revalidation and invalidation', () => {
  let t: TestApp;
  let admin: TestUser;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    ids = await insertProducts(
      t,
      Array.from({ length: 30 }, (_, i) => ({
        name: `Rose ${String(i).padStart(2, '0')}`,
        pricePaise: 1000 + i * 50,
        stock: 10,
        description: 'A long-stemmed rose. Cut at first bloom. Grown in Hosur.',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** A GET whose body stays raw bytes (the shared helper would parse compressed JSON as text). */
  const rawGet = (url: string, headers: Record<string, string>) => socketGet(t, url, headers);
  const stockOf = async (id: string) => (await t.request('GET', `/api/products/${id}`)).body.data.stock as number;
  const listStock = async (id: string) =>
    ((await t.request('GET', '/api/products?page=1&limit=50')).body.data as { _id: string; stock: number }[]).find((p) => p._id === id)?.stock;

  it('answers with an ETag and no-cache, and 304 when the browser already has that version', async () => {
    const first = await t.request('GET', '/api/products?page=1&limit=10');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await t.request('GET', '/api/products?page=1&limit=10', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);

    const strongForm = String(first.headers.etag).replace(/^W\//, '');
    expect((await t.request('GET', '/api/products?page=1&limit=10', { headers: { 'if-none-match': `"other", ${strongForm}` } })).status).toBe(304);
    expect((await t.request('GET', '/api/products?page=1&limit=10', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);

    const one = await t.request('GET', `/api/products/${ids[0]}`);
    expect((await t.request('GET', `/api/products/${ids[0]}`, { headers: { 'if-none-match': String(one.headers.etag) } })).status).toBe(304);
  });

  it('answers a cached read with the same headers as the first, uncached one', async () => {
    const id = ids[13];
    const varying = new Set(['date', 'x-request-id']);
    const comparable = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !varying.has(name)));
    for (const url of [`/api/products/${id}`, '/api/products?sort=name&page=2&limit=3']) {
      t.app.get(CatalogCache).invalidate();
      const first = await rawGet(url, { 'accept-encoding': 'br' });
      const cached = await rawGet(url, { 'accept-encoding': 'br' });
      expect(comparable(cached.headers)).toEqual(comparable(first.headers));
      expect(cached.headers['x-request-id']).toEqual(expect.any(String));
      expect(cached.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(cached.raw.equals(first.raw)).toBe(true);
    }
  });

  it('serves brotli or gzip as the browser accepts, the same JSON either way', async () => {
    const plain = await t.request('GET', '/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet('/api/products', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.raw).toString())).toEqual(plain.body);
    const gzip = await rawGet('/api/products', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.raw).toString())).toEqual(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.raw.length);
  });

  it('shows a change made through the API on the very next read', async () => {
    const id = ids[1];
    const before = await t.request('GET', `/api/products/${id}`);
    await stockOf(id);
    await listStock(id);
    const res = await sendForm(t, 'PUT', `/api/admin/products/${id}`, admin.token, { stock: '77', name: 'Rose Renamed' });
    expect(res.status).toBe(200);
    expect(await stockOf(id)).toBe(77);
    expect(await listStock(id)).toBe(77);
    const after = await t.request('GET', `/api/products/${id}`, { headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.status).toBe(200);
    expect(after.body.data.name).toBe('Rose Renamed');
  });

  it('shows new and deleted products at once', async () => {
    const count = async () => (await t.request('GET', '/api/products?page=1')).body.total as number;
    const start = await count();
    const created = await sendForm(t, 'POST', '/api/products', admin.token, { name: 'Fresh Tulip', price: '120', type: 'flower', image: await rosePicture() });
    expect(await count()).toBe(start + 1);
    await t.request('DELETE', `/api/products/${created.body.data._id}`, { token: admin.token });
    expect(await count()).toBe(start);
    expect((await t.request('GET', `/api/products/${created.body.data._id}`)).status).toBe(404);
  });

  it('shows stock taken by plain SQL in this process (as orders take it) on the next read', async () => {
    const id = ids[2];
    expect(await stockOf(id)).toBe(10);
    expect(await listStock(id)).toBe(10);
    await t.dataSource.query(`UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1`, [3, id]);
    expect(await stockOf(id)).toBe(7);
    expect(await listStock(id)).toBe(7);

    await t.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE products SET stock = 0 WHERE id = $1`, [id]);
      await manager.query(`UPDATE products SET price_paise = 999 WHERE id = $1`, [ids[3]]);
    });
    expect(await stockOf(id)).toBe(0);
    expect((await t.request('GET', `/api/products/${ids[3]}`)).body.data.price).toBe(9.99);
  });

  it('shows stock an order took without reading the database again, as a fresh read would show it', async () => {
    const cache = t.app.get(CatalogCache);
    // By name, 5 a page: Rose 00–04 on page 1, Rose 05–09 on page 2.
    const sold = ids[0];
    const reads = [`/api/products/${sold}`, '/api/products?sort=name&page=1&limit=5', '/api/products?sort=name&page=2&limit=5', '/api/products'];
    for (const url of reads) expect((await t.request('GET', url)).status).toBe(200);
    const before = await Promise.all(reads.map((url) => t.request('GET', url)));

    await t.dataSource.query(`UPDATE products SET stock = stock - 1, updated_at = now() WHERE id = $1`, [sold]);
    const queries = jest.spyOn(t.dataSource, 'query');
    const rewritten = await Promise.all(reads.map((url) => t.request('GET', url)));
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
    expect(rewritten[0].body.data.stock).toBe(9);
    expect(rewritten[0].body.data.updatedAt).not.toBe(before[0].body.data.updatedAt);
    expect(rewritten[1].body.data.find((p: { _id: string }) => p._id === sold).stock).toBe(9);
    // The page without the rose is the same answer; the others are new versions of themselves.
    expect(rewritten.map((answer, index) => answer.headers.etag === before[index].headers.etag)).toEqual([false, false, true, false]);

    cache.invalidate();
    const fresh = await Promise.all(reads.map((url) => t.request('GET', url)));
    expect(fresh.map((answer) => answer.raw.toString())).toEqual(rewritten.map((answer) => answer.raw.toString()));
    expect(fresh.map((answer) => answer.headers.etag)).toEqual(rewritten.map((answer) => answer.headers.etag));
  });

  it('drops the answers showing a product whose stock changed with something else', async () => {
    const cache = t.app.get(CatalogCache);
    const [changed, other] = [ids[1], ids[7]];
    const stockBefore = await stockOf(changed);
    await t.request('GET', `/api/products/${other}`);
    await t.request('GET', '/api/products?page=1&limit=50');
    const cached = () => [productCacheKey(changed), productCacheKey(other), listCacheKey('page=1&limit=50')].map((key) => Boolean(cache.peek(key)));
    expect(cached()).toEqual([true, true, true]);
    await t.dataSource.query(`UPDATE products SET stock = stock - 1, hsn_code = '060420' WHERE id = $1`, [changed]);
    expect(cached()).toEqual([false, true, false]);
    expect((await t.request('GET', `/api/products/${changed}`)).body.data).toMatchObject({ stock: stockBefore - 1, hsnCode: '060420' });
  });

  it('keeps totals across stock changes but recounts when rows come, go or change what filters see', async () => {
    const countQueries = jest.spyOn(t.dataSource, 'query');
    const recounts = () => countQueries.mock.calls.filter(([sql]) => String(sql).includes('count(*)')).length;
    try {
      const total = async (query = '') => (await t.request('GET', `/api/products?page=1&limit=5${query}`)).body.total as number;
      const start = await total();
      const searched = await total('&q=tulip');
      const counted = recounts();
      await t.dataSource.query(`UPDATE products SET stock = stock + 1 WHERE id = $1`, [ids[12]]);
      expect(await total()).toBe(start);
      expect(recounts()).toBe(counted);

      const [added] = await insertProducts(t, [{ name: 'Parrot Tulip' }]);
      expect(await total()).toBe(start + 1);
      expect(await total('&q=tulip')).toBe(searched + 1);
      await t.dataSource.query(`UPDATE products SET name = 'Parrot Rose' WHERE id = $1`, [added]);
      expect(await total('&q=tulip')).toBe(searched);
      await t.dataSource.query(`DELETE FROM products WHERE id = $1`, [added]);
      expect(await total()).toBe(start);
      expect(recounts()).toBeGreaterThan(counted);
    } finally {
      countQueries.mockRestore();
    }
  });

  it('does not store what a rolled-back change would have shown', async () => {
    const id = ids[4];
    await expect(
      t.dataSource.transaction(async (manager) => {
        await manager.query(`UPDATE products SET stock = 5000 WHERE id = $1`, [id]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await stockOf(id)).toBe(10);
  });

  it('moves the catalogue version once per committed transaction', async () => {
    const version = async () => Number((await t.dataSource.query(`SELECT version FROM catalog_state WHERE id = 1`))[0].version);
    const start = await version();
    await t.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE products SET stock = stock + 1 WHERE id = $1`, [ids[5]]);
      await manager.query(`UPDATE products SET stock = stock + 1 WHERE id = $1`, [ids[6]]);
    });
    expect(await version()).toBe(start + 1);
    await t.dataSource.query(`UPDATE products SET stock = stock + 1 WHERE id = ANY($1)`, [[ids[5], ids[6], ids[7]]]);
    expect(await version()).toBe(start + 2);
    await t.dataSource.query(`SELECT count(*) FROM products`);
    expect(await version()).toBe(start + 2);
  });

  it('lets other modules drop the cache themselves', async () => {
    const cache = t.app.get(CatalogCache);
    const first = await t.request('GET', `/api/products/${ids[8]}`);
    expect(cache.peek(`product/${ids[8]}`)).toBeDefined();
    cache.invalidate();
    expect(cache.peek(`product/${ids[8]}`)).toBeUndefined();
    expect((await t.request('GET', `/api/products/${ids[8]}`)).body).toEqual(first.body);
  });

  describeOnPostgres('across API processes on one PostgreSQL', () => {
    it('hears a change committed by another connection (another process) through LISTEN', async () => {
      const id = ids[9];
      expect(await stockOf(id)).toBe(10);
      const other = new Client({ connectionString: t.databaseUrl! });
      await other.connect();
      try {
        await other.query(`UPDATE products SET stock = 42 WHERE id = $1`, [id]);
      } finally {
        await other.end();
      }
      expect(
        await eventually(
          () => stockOf(id),
          (stock) => stock === 42,
        ),
      ).toBe(42);
      expect(
        await eventually(
          () => listStock(id),
          (stock) => stock === 42,
        ),
      ).toBe(42);
    });

    it('never deadlocks two transactions that each change one product and then another', async () => {
      const [a, b] = [new Client({ connectionString: t.databaseUrl! }), new Client({ connectionString: t.databaseUrl! })];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query('BEGIN');
        await b.query('BEGIN');
        await a.query(`UPDATE products SET stock = stock - 1 WHERE id = $1`, [ids[10]]);
        await b.query(`UPDATE products SET stock = stock - 1 WHERE id = $1`, [ids[11]]);
        // a now waits for b's row; b then commits, and a must go on (an immediate version bump would deadlock here).
        const aWaits = a.query(`UPDATE products SET stock = stock - 1 WHERE id = $1`, [ids[11]]);
        await b.query('COMMIT');
        await aWaits;
        await a.query('COMMIT');
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
      expect(
        await eventually(
          () => stockOf(ids[11]),
          (stock) => stock === 8,
        ),
      ).toBe(8);
    });
  });
});

describe('catalogue cache: hits answered before Fastify', () => {
  const ALLOWED_ORIGIN = 'https://admin.example.com';
  let t: TestApp;
  let id: string;
  const { logStream, lines: logLines } = captureLogs();

  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: ALLOWED_ORIGIN, LOG_JSON: 'true', LOG_LEVEL: 'info' }, { logStream });
    [id] = await insertProducts(t, [{ name: 'Jasmine string', pricePaise: 4000, stock: 5, description: 'Madurai malli.' }]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await socketGet(t, `/api/products/${id}`);
  });
  afterAll(() => t.close());

  it('logs a hit and times it under its route template, with the request id it answered', async () => {
    const hit = await socketGet(t, `/api/products/${id}?token=secret-value`, { 'x-request-id': 'hit-0001' });
    expect(hit.status).toBe(200);
    expect(hit.headers['x-request-id']).toBe('hit-0001');
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    const line = logLines.map((text) => JSON.parse(text)).find((entry) => entry.reqId === 'hit-0001');
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 }, req: { method: 'GET' } });
    expect(line.req.url).not.toContain('secret-value');
    const metrics = await t.app.get(MetricsService).registry.metrics();
    expect(metrics).toMatch(/thalir_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status_code="200"\} [1-9]/);
    expect(metrics).not.toContain(id);
  });

  it('leaves cross-origin reads to Fastify, which adds CORS, and answers them the same bytes', async () => {
    const sameOrigin = await socketGet(t, `/api/products/${id}`);
    const crossOrigin = await socketGet(t, `/api/products/${id}`, { origin: ALLOWED_ORIGIN });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(crossOrigin.raw.equals(sameOrigin.raw)).toBe(true);
  });

  it('leaves addresses that only look like the cached ones to Fastify', async () => {
    const escaped = encodeURIComponent(id).replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16)}`);
    const decoded = await socketGet(t, `/api/products/${escaped}`);
    expect(decoded.status).toBe(200);
    expect(JSON.parse(decoded.raw.toString()).data._id).toBe(id);
    expect((await socketGet(t, `/api/products/${id}/extra`)).status).toBe(404);
    const head = await new Promise<number>((resolve, reject) => {
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      httpRequest({ host: '127.0.0.1', port, path: `/api/products/${id}`, method: 'HEAD' }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
  });
});

describe('catalogue cache: the demo catalogue', () => {
  it('seeds at least 24 products of both types, with artwork, and three subscription plans, on an empty database', async () => {
    const t = await createTestApp({ SEED_DEMO_CATALOGUE: 'true' });
    try {
      const res = await t.request('GET', '/api/products');
      const products = res.body.data as { type: string; price: number; stock: number; image: string; description: string }[];
      expect(products.length).toBeGreaterThanOrEqual(24);
      expect(new Set(products.map((p) => p.type))).toEqual(new Set(['flower', 'green_leaf']));
      expect(products.some((p) => p.stock === 0)).toBe(true);
      expect(products.filter((p) => p.stock > 0 && p.stock <= 5).length).toBeGreaterThanOrEqual(2);
      expect(products.some((p) => !Number.isInteger(p.price))).toBe(true);
      for (const product of products) {
        expect(product.price).toBeGreaterThanOrEqual(18);
        expect(product.price).toBeLessThanOrEqual(450);
        expect(product.description.split('. ').length).toBeGreaterThanOrEqual(3);
        expect(product.image).toMatch(/^\/uploads\/products\/.+-detail\.webp$/);
      }
      const image = await t.request('GET', products[0].image);
      expect(image.status).toBe(200);

      // Three subscription plans, each delivering demo products; the pooja basket comes in the morning only.
      const plans = (await t.request('GET', '/api/subscription-plans')).body as { slug: string; items: unknown[]; slots: string[] }[];
      expect(plans.map((plan) => [plan.slug, plan.items.length])).toEqual([
        ['daily-pooja-basket', 3],
        ['weekly-home-bouquet', 4],
        ['office-desk-flowers', 4],
      ]);
      expect(plans[0].slots).toEqual(['Morning 8–12']);
    } finally {
      await t.close();
    }
  });
});
