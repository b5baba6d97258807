import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createScratchDatabase, startApi, type ApiProcess } from './api-process';
import { eventually } from './order-fixtures';
import { pgbouncerMissing, startPgBouncer, type PgBouncer } from './pgbouncer-server';
import { describeNeeding } from './required-services';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'pooler.admin@example.com', password: 'Pooler#Admin2026' };
const BUYERS = 8;
const ORDERS_PER_BUYER = 3;

function missingPieces(): string | null {
  return postgresUrl ? pgbouncerMissing() : 'TEST_DATABASE_URL is not set';
}

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * The API through Debian's PgBouncer in transaction pooling mode: every query of the pool goes
 * through it (DATABASE_URL), while LISTEN and the migration lock reach PostgreSQL directly
 * (DATABASE_DIRECT_URL). Two processes start one after the other on the same database: a migration
 * lock taken through the pooler could be left held on one of its server connections, and the second
 * start would then wait for it in vain. Notices heard through the pooler would be lost whenever the
 * listening server connection sat idle, unlinked from any client.
 */
describeNeeding(missingPieces(), 'the API through PgBouncer (transaction pooling)', () => {
  let database: { url: string; drop(): Promise<void> };
  let pooler: PgBouncer;
  const apis: ApiProcess[] = [];
  const dataDirs: string[] = [];

  const start = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'thalir-pooler-'));
    dataDirs.push(dataDir);
    const api = await startApi({
      DATABASE_URL: pooler.urlFor(database.url),
      DATABASE_DIRECT_URL: database.url,
      DATABASE_POOL_MAX: '6',
      MIGRATION_LOCK_TIMEOUT_MS: '10000',
      DATA_DIR: dataDir,
      JWT_SECRET: 'pooler-test-secret-0123456789abcdefghij',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO_CATALOGUE: 'true',
      REGISTER_LIMIT_PER_HOUR: '1000',
      ORDERS_PER_MINUTE_PER_ACCOUNT: '1000',
      ORDERS_PER_MINUTE_PER_ADDRESS: '1000',
      MAX_OPEN_CASH_ORDERS: '1000',
    });
    apis.push(api);
    return api;
  };

  beforeAll(async () => {
    database = await createScratchDatabase(postgresUrl!, 'pooler');
    pooler = await startPgBouncer(postgresUrl!, { poolSize: 8 });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await pooler?.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, signs in, places orders from both processes at once, and hears every catalogue change', async () => {
    const [first, second] = [await start(), await start()];
    for (const api of [first, second]) expect((await call(api.url, 'GET', '/api/health/ready')).status).toBe(200);
    const direct = new Client({ connectionString: database.url });
    await direct.connect();
    try {
      // No session kept the migration lock (727401, api/src/database/migrate.ts) once both had started.
      const { rows } = await direct.query(`SELECT count(*)::int AS held FROM pg_locks l JOIN pg_database d ON d.oid = l.database
           WHERE l.locktype = 'advisory' AND l.objid = 727401 AND d.datname = current_database()`);
      expect(rows[0].held).toBe(0);
    } finally {
      await direct.end();
    }

    const signIn = await call(first.url, 'POST', '/api/auth/login', { body: ADMIN });
    expect(signIn.status).toBe(200);
    expect((await call(second.url, 'GET', '/api/users/profile', { token: signIn.body.token })).status).toBe(200);

    const { body: catalogue } = await call(first.url, 'GET', '/api/products');
    const product = (catalogue.data as { _id: string; stock: number }[]).find((p) => p.stock >= BUYERS * ORDERS_PER_BUYER)!;
    expect(product).toBeDefined();
    // Both processes cache the product's answer before the orders take its stock.
    for (const api of [first, second]) expect((await call(api.url, 'GET', `/api/products/${product._id}`)).body.data.stock).toBe(product.stock);

    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const registered = await call(apis[i % 2].url, 'POST', '/api/auth/register', {
          body: { name: `Pooled Buyer ${i}`, email: `pooled.buyer.${i}@example.com`, password: 'Pooled#Buyer2026' },
        });
        expect(registered.status).toBe(201);
        return registered.body.token as string;
      }),
    );
    const placed = await Promise.all(
      buyers.flatMap((token, i) =>
        Array.from({ length: ORDERS_PER_BUYER }, (_, n) =>
          call(apis[(i + n) % 2].url, 'POST', '/api/orders', {
            token,
            body: { orderItems: [{ product: product._id, quantity: 1 }], paymentMethod: 'cash', address: '3 Pooler Street, Hosur 635109' },
          }),
        ),
      ),
    );
    expect(placed.map((answer) => answer.status)).toEqual(Array(BUYERS * ORDERS_PER_BUYER).fill(201));
    // The hot read (a named statement on a direct pool) works unprepared through the pooler.
    const order = placed[0].body;
    expect((await call(second.url, 'GET', `/api/orders/${order._id}`, { token: buyers[0] })).body._id).toBe(order._id);

    const left = product.stock - BUYERS * ORDERS_PER_BUYER;
    for (const api of [first, second]) {
      const stock = await eventually(
        async () => (await call(api.url, 'GET', `/api/products/${product._id}`)).body.data.stock as number,
        (value) => value === left,
        5000,
      );
      expect(stock).toBe(left);
    }

    // A change made by another client (plain SQL) reaches both processes' listeners: within a few
    // seconds, before the listeners' 10 s version check could have caught it up instead.
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query(`UPDATE products SET stock = 321 WHERE id = $1`, [product._id]);
    } finally {
      await other.end();
    }
    for (const api of [first, second]) {
      const stock = await eventually(
        async () => (await call(api.url, 'GET', `/api/products/${product._id}`)).body.data.stock as number,
        (value) => value === 321,
        5000,
      );
      expect(stock).toBe(321);
    }
    expect(first.logs() + second.logs()).not.toMatch(/Cannot listen|prepared statement/i);
  }, 120_000);
});
