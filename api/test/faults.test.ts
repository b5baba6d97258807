import { Pool } from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { classifyDatabaseError, SERVICE_UNAVAILABLE_MESSAGE } from '../src/common/database-errors';
import { createScratchDatabase, freePort, TcpProxy } from './api-process';
import { captureLogs, createTestApp, type TestApp, type TestUser } from './test-app';

const postgresUrl = process.env.TEST_DATABASE_URL;

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('database errors as the client sees them', () => {
  it('maps a database that is away to 503 and refused values to 4xx, and leaves other errors alone', () => {
    const unavailable = { status: 503, message: SERVICE_UNAVAILABLE_MESSAGE, unavailable: true };
    expect(classifyDatabaseError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toEqual(unavailable);
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toEqual(unavailable);
    expect(classifyDatabaseError(new Error('timeout exceeded when trying to connect'))).toEqual(unavailable);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { driverError: { code: '57P01' } });
    expect(classifyDatabaseError(shutdown)).toEqual(unavailable);
    expect(classifyDatabaseError({ name: 'QueryFailedError', driverError: { code: '40P01', message: 'deadlock detected' } })).toEqual(unavailable);
    expect(classifyDatabaseError({ driverError: { code: '22P02' } })).toMatchObject({ status: 400, unavailable: false });
    expect(classifyDatabaseError({ driverError: { code: '23505' } })).toMatchObject({ status: 409, unavailable: false });
    expect(classifyDatabaseError(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(classifyDatabaseError(Object.assign(new Error('not a SQLSTATE'), { code: 'ERR_INVALID_ARG_TYPE' }))).toBeNull();
  });
});

describe('the embedded database under concurrent connections', () => {
  it('keeps each connection’s queries apart: every parameterised query gets its own answer', async () => {
    const embedded = await startEmbeddedPostgres(null);
    const pool = new Pool({ connectionString: embedded.url, max: 8 });
    const poolErrors: Error[] = [];
    pool.on('error', (error) => poolErrors.push(error));
    try {
      await pool.query('CREATE TABLE numbers (n integer PRIMARY KEY)');
      const answers = await Promise.allSettled(
        Array.from({ length: 200 }, async (_, n) => {
          if (n % 4 === 0) return (await pool.query('INSERT INTO numbers (n) VALUES ($1) RETURNING n', [n])).rows[0].n;
          if (n % 4 === 1) return (await pool.query('SELECT $1::int AS n', [n])).rows[0].n;
          if (n % 4 === 2) {
            const client = await pool.connect();
            try {
              await client.query('BEGIN');
              const echoed = (await client.query('SELECT $1::int AS n', [n])).rows[0].n;
              await client.query('COMMIT');
              return echoed;
            } finally {
              client.release();
            }
          }
          return (await pool.query(`SELECT ${n} AS n`)).rows[0].n;
        }),
      );
      const wrong = answers.map((answer, n) => (answer.status === 'fulfilled' && answer.value === n ? null : { n, answer })).filter(Boolean);
      expect(wrong).toEqual([]);
      expect((await pool.query('SELECT count(*)::int AS c FROM numbers')).rows[0].c).toBe(50);
      expect(poolErrors).toEqual([]);
    } finally {
      await pool.end();
      await embedded.stop();
    }
  });
});

describe('start-up without a database', () => {
  it('gives up after the configured attempts with one clear message', async () => {
    const port = await freePort();
    await expect(
      createTestApp({ DATABASE_URL: `postgres://shop:shop@127.0.0.1:${port}/nowhere`, DATABASE_CONNECT_ATTEMPTS: '2', DATABASE_RETRY_DELAY_MS: '50' }),
    ).rejects.toThrow(`The database at 127.0.0.1:${port}/nowhere did not answer after 2 attempts`);
  });
});

(postgresUrl ? describe : describe.skip)('a PostgreSQL that comes late, goes away and comes back (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let customer: TestUser;
  const { logStream, lines } = captureLogs();

  beforeAll(async () => {
    scratch = await createScratchDatabase(postgresUrl!, 'faults');
    const server = new URL(postgresUrl!);
    proxy = new TcpProxy(Number(server.port || 5432), server.hostname);
    proxy.port = await freePort();
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
    await scratch?.drop();
  });

  it('waits for the database at start, saying so, and starts once it answers', async () => {
    const proxied = new URL(scratch.url);
    proxied.port = String(proxy.port);
    const starting = createTestApp(
      { DATABASE_URL: proxied.toString(), DATABASE_RETRY_DELAY_MS: '300', DATABASE_CONNECT_ATTEMPTS: '100', LOG_JSON: 'true', LOG_LEVEL: 'warn' },
      { logStream },
    );
    await eventually(() => lines.filter((line) => line.includes('Waiting for the database')).length >= 2, 20_000, 'two waiting messages');
    await proxy.listen();
    t = await starting;
    // The next tests take the database away; there is no money to check here.
    t.skipMoneyCheck();
    const messages = lines.map((line) => JSON.parse(line).msg as string);
    expect(messages).toContain(
      `Waiting for the database at 127.0.0.1:${proxy.port}/${scratch.name} (attempt 1/100): connect ECONNREFUSED 127.0.0.1:${proxy.port}`,
    );
    expect(messages.some((message) => /^The database at 127\.0\.0\.1:\d+\/\w+ answered \(attempt \d+\/100\)$/.test(message))).toBe(true);
    expect(messages.join('\n')).not.toContain('shop:shop');
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    customer = await t.createUser();
  });

  it('answers 503 on health and a clear 503 on other calls while the database is away', async () => {
    await proxy.cut();
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(typeof health.body.message).toBe('string');
    const ready = await t.request('GET', '/api/health/ready');
    expect([ready.status, ready.body]).toEqual([503, { success: false, status: 'unavailable', message: 'The database is not answering' }]);
    expect((await t.request('GET', '/api/health/live')).status).toBe(200);
    for (const [url, token] of [
      ['/api/products', undefined],
      ['/api/orders/my-orders', customer.token],
      ['/api/users/profile', customer.token],
    ] as const) {
      const response = await t.request('GET', url, { token });
      expect([url, response.status, response.body]).toEqual([url, 503, { success: false, message: SERVICE_UNAVAILABLE_MESSAGE }]);
      expect(response.headers['retry-after']).toBe('5');
    }
  });

  it('recovers by itself once the database is back', async () => {
    await proxy.restore();
    await eventually(async () => (await t.request('GET', '/api/health')).status === 200, 20_000, 'health to recover');
    await eventually(async () => (await t.request('GET', '/api/health/ready')).status === 200, 20_000, 'readiness to recover');
    expect((await t.request('GET', '/api/products')).status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token: customer.token })).status).toBe(200);
  });
});
