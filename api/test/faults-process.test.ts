import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createScratchDatabase, startApi, type ApiProcess } from './api-process';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'faults.admin@example.com', password: 'Faults#Admin2026' };

interface OrderLine {
  product: string;
  quantity: number;
  price: number;
}
interface PlacedOrder {
  _id: string;
  orderItems: OrderLine[];
  totalAmount: number;
  status: string;
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function get(url: string, token?: string): Promise<any> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Adds a product through the admin call, as the back office does (multipart with a real image). */
async function createProduct(url: string, token: string, name: string, stock: number): Promise<{ _id: string; stock: number }> {
  const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c2185b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [field, value] of Object.entries({ name, price: '45.50', stock: String(stock), type: 'flower', description: 'For the rush.' }))
    form.append(field, value);
  form.append('image', new Blob([image], { type: 'image/png' }), 'rose.png');
  const response = await fetch(`${url}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`create product: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { _id: string; stock: number } }).data;
}

/** Sends raw HTTP on one socket and resolves with everything the server answered until it closed. */
function rawExchange(port: number): { send(text: string): void; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const answer = new Promise<string>((done) => {
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => done(received));
    socket.on('error', () => done(received));
  });
  return { send: (text) => socket.write(text), answer };
}

describe('graceful shutdown', () => {
  let api: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-sigterm-'));
    api = await startApi(
      { DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' },
      { timeoutMs: 170_000 },
    );
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight with 200, refuses new connections, then exits 0', async () => {
    const body = JSON.stringify(ADMIN);
    const inFlight = rawExchange(api.port);
    inFlight.send(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    inFlight.send(body.slice(0, 10));
    await new Promise((done) => setTimeout(done, 300));

    api.child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 700));
    expect(api.child.exitCode).toBeNull();
    // A new connection is refused (a kept-alive one would still be served until it ends).
    await expect(
      new Promise((accepted, refused) => {
        const socket = connect(api.port, '127.0.0.1');
        socket.once('connect', () => accepted(socket.destroy()));
        socket.once('error', refused);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);

    inFlight.send(body.slice(10));
    const answer = await inFlight.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"token"');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.logs()).toContain('SIGTERM received: finishing the requests in flight, then stopping');
  });
});

describe('draining on SIGTERM behind a load balancer', () => {
  let api: ApiProcess;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-drain-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: 'false', SHUTDOWN_DRAIN_MS: '3000', LOG_LEVEL: 'info' };
    // Draining does not depend on the database; PostgreSQL, when there is one, starts in a fraction of the embedded one's time.
    if (postgresUrl) {
      const scratch = await createScratchDatabase(postgresUrl, 'drain');
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    api = await startApi(env, { timeoutMs: 170_000 });
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails readiness at once but keeps serving for SHUTDOWN_DRAIN_MS, closing each connection after its answer, then exits 0', async () => {
    expect((await fetch(`${api.url}/api/health/ready`)).status).toBe(200);
    api.child.kill('SIGTERM');
    // The signal arrives between two requests: readiness turns, the catalogue is still served.
    let ready = 200;
    while (ready === 200) ready = (await fetch(`${api.url}/api/health/ready`)).status;
    expect(ready).toBe(503);
    // Each answer closes its connection, the catalogue's fast-path ones too: nothing stays idle for the balancer to reuse.
    for (const path of ['/api/products', '/api/products', '/api/health/live']) {
      const answer = await fetch(`${api.url}${path}`);
      expect([path, answer.status, answer.headers.get('connection')]).toEqual([path, 200, 'close']);
    }
    expect(api.child.exitCode).toBeNull();
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.logs()).toContain('SIGTERM received: serving for 3000 ms more while load balancers stop sending');
  });
});

/**
 * The API killed with SIGKILL in the middle of an order rush, then started again on the same data:
 * every order a client got 201 for is there in full, no order is half written, and for every
 * product the stock left plus the units in orders equals the stock at the start.
 */
describe.each([
  ['the embedded database', false],
  ['PostgreSQL', true],
])('SIGKILL during an order rush on %s', (_name, onPostgres) => {
  const skip = onPostgres && !postgresUrl;
  let api: ApiProcess | null = null;
  let env: Record<string, string>;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    if (skip) return;
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-sigkill-'));
    env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO_CATALOGUE: 'false',
      // The rush is a few buyers placing cash orders as fast as they can, from one address.
      MAX_OPEN_CASH_ORDERS: '1000000',
      ORDERS_PER_MINUTE_PER_ACCOUNT: '1000000',
      ORDERS_PER_MINUTE_PER_ADDRESS: '1000000',
    };
    if (onPostgres) {
      const scratch = await createScratchDatabase(postgresUrl!, 'sigkill');
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  afterAll(async () => {
    await api?.stop();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  (skip ? it.skip : it)(
    `keeps every confirmed order whole and stock consistent${onPostgres ? ' (needs TEST_DATABASE_URL)' : ''}`,
    async () => {
      const started = Date.now();
      const step = (what: string) => console.log(`${_name}: ${what} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      api = await startApi(env);
      step('started');
      const adminToken: string = (await post(`${api.url}/api/auth/login`, ADMIN)).body.token;
      const products: { _id: string; stock: number }[] = [];
      for (const [name, stock] of [
        ['Rush Rose', 400],
        ['Rush Lily', 300],
        ['Rush Fern', 500],
        ['Rush Tulip', 15],
      ] as const) {
        products.push(await createProduct(api.url, adminToken, name, stock));
      }
      const startStock = new Map(products.map((product) => [product._id, product.stock]));

      const buyers: string[] = [];
      for (let i = 0; i < 8; i++) {
        const registered = await post(`${api.url}/api/auth/register`, {
          name: `Rush Buyer ${i}`,
          email: `rush.${i}.${Date.now()}@example.com`,
          password: 'Rush#Buyer2026',
        });
        expect(registered.status).toBe(201);
        buyers.push(registered.body.token);
      }

      const confirmed: PlacedOrder[] = [];
      const statuses = new Map<string, number>();
      let stopped = false;
      let killing = false;
      const killed = api.exited;
      const buyer = async (token: string, seed: number) => {
        for (let n = 0; !stopped; n++) {
          const lines = [products[(seed + n) % 4], products[(seed + n + 1) % 4]].map((product, i) => ({
            product: product._id,
            quantity: 1 + ((seed + n + i) % 3),
          }));
          try {
            const response = await post(`${api!.url}/api/orders`, { orderItems: lines, paymentMethod: 'cash', address: '7 Rush Road, Hosur 635109' }, token);
            statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
            if (response.status === 201) confirmed.push(response.body);
            else if (response.status >= 500) throw new Error(`${response.status}: ${JSON.stringify(response.body)}\n${api!.logs().slice(-3000)}`);
          } catch (error) {
            if (!killing) throw error;
            statuses.set('connection lost', (statuses.get('connection lost') ?? 0) + 1);
            return;
          }
        }
      };
      const rush = Promise.all(buyers.flatMap((token, i) => [buyer(token, i), buyer(token, i + 8)]));
      const deadline = Date.now() + 30_000;
      while (confirmed.length < 30 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
      killing = true;
      api.child.kill('SIGKILL');
      expect((await killed).signal).toBe('SIGKILL');
      stopped = true;
      await rush;
      step('killed');
      expect(confirmed.length).toBeGreaterThanOrEqual(30);

      api = await startApi(env);
      step('restarted');
      const orders: PlacedOrder[] = await get(`${api.url}/api/orders`, adminToken);
      const byId = new Map(orders.map((order) => [order._id, order]));
      for (const placed of confirmed) {
        const stored = byId.get(placed._id);
        expect(stored).toBeDefined();
        expect(stored!.orderItems.map(({ product, quantity, price }) => ({ product, quantity, price }))).toEqual(
          placed.orderItems.map(({ product, quantity, price }) => ({ product, quantity, price })),
        );
        expect(stored!.totalAmount).toBe(placed.totalAmount);
      }
      const sold = new Map<string, number>();
      for (const order of orders) {
        expect(order.orderItems.length).toBeGreaterThan(0);
        const total = order.orderItems.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
        expect(Math.round(order.totalAmount * 100)).toBe(total);
        for (const line of order.orderItems) sold.set(line.product, (sold.get(line.product) ?? 0) + line.quantity);
      }
      for (const product of products) {
        const now: number = (await get(`${api.url}/api/products/${product._id}`)).data.stock;
        expect(now).toBeGreaterThanOrEqual(0);
        expect({ product: product._id, balance: now + (sold.get(product._id) ?? 0) }).toEqual({ product: product._id, balance: startStock.get(product._id) });
      }
      console.log(
        `SIGKILL on ${_name}: ${confirmed.length} orders confirmed before the kill, ${orders.length} stored after restart; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    },
    300_000,
  );
});
