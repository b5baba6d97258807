import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { Agent, type Dispatcher } from 'undici';
import { buildApi, createScratchDatabase, freePort, workspaceRoot } from './api-process';
import { describeNeeding, redisAnswers } from './required-services';
import { startS3Server, type S3TestServer } from './s3-test-server';

const postgresUrl = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const ADMIN = { email: 'cluster.admin@example.com', password: 'Cluster#Admin2026' };
const KEY_SECRET = 'cluster-sandbox-key-secret-0123456789';
const WEBHOOK_SECRET = 'cluster-webhook-secret-0123456789';

/** Why the suite cannot run here, or null: it needs PostgreSQL, nginx and a Redis that answers. */
function missingPieces(): string | null {
  if (!postgresUrl) return 'TEST_DATABASE_URL is not set';
  if (spawnSync('nginx', ['-v']).error) return 'nginx is not installed (apt-get install -y nginx)';
  return redisAnswers(REDIS_URL) ? null : `no Redis answers at ${REDIS_URL}`;
}

interface Answer {
  status: number;
  body: any;
  upstream: string | null;
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string | FormData; dispatcher?: Dispatcher } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const payload = options.body !== undefined ? JSON.stringify(options.body) : options.raw;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: payload,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  } as RequestInit);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, upstream: response.headers.get('x-upstream') };
}

/**
 * Several machines on this one, as `npm run cluster` starts them with object storage: two API
 * processes with data directories of their own (nothing shared on disk), one PostgreSQL, one Redis
 * and an S3-protocol server, behind nginx (round-robin, no sticky sessions).
 */
describeNeeding(missingPieces(), 'cluster behind nginx', () => {
  let cluster: ChildProcess;
  let output = '';
  let edge: string;
  let processes: string[];
  let dataDir: string;
  let s3: S3TestServer;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: Client;
  let adminToken: string;

  async function register(label: string): Promise<string> {
    const answer = await call(edge, 'POST', '/api/auth/register', {
      body: { name: `Cluster ${label}`, email: `cluster.${label}.${randomUUID()}@example.com`, password: 'Cluster#Buyer26' },
    });
    expect(answer.status).toBe(201);
    return answer.body.token;
  }

  async function createProduct(base: string, name: string, stock: number): Promise<{ _id: string; image: string }> {
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [field, value] of Object.entries({ name, price: '120.50', stock: String(stock), type: 'flower', description: 'Scarce.' }))
      form.append(field, value);
    form.append('image', new Blob([image], { type: 'image/png' }), 'flower.png');
    const answer = await call(base, 'POST', '/api/products', { token: adminToken, raw: form });
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  beforeAll(async () => {
    const main = buildApi();
    scratch = await createScratchDatabase(postgresUrl!, 'cluster');
    db = new Client({ connectionString: scratch.url });
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-cluster-'));
    s3 = await startS3Server('thalir-cluster');
    const [port, ...apiPorts] = await Promise.all([freePort(), freePort(), freePort()]);
    edge = `http://127.0.0.1:${port}`;
    processes = apiPorts.map((apiPort) => `http://127.0.0.1:${apiPort}`);
    cluster = spawn(process.execPath, ['tools/scripts/cluster.mjs'], {
      cwd: workspaceRoot,
      env: {
        ...process.env,
        NODE_ENV: '',
        CLUSTER_API_MAIN: main,
        CLUSTER_PORT: String(port),
        CLUSTER_API_PORTS: apiPorts.join(','),
        CLUSTER_ACCESS_LOG: 'off',
        DATABASE_URL: scratch.url,
        REDIS_URL,
        ...s3.env,
        DATA_DIR: dataDir,
        WEB_ROOT: join(dataDir, 'web'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO_CATALOGUE: 'false',
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        LOG_LEVEL: 'warn',
        // Every buyer of this test signs up and orders from one address, through nginx.
        REGISTER_LIMIT_PER_HOUR: '1000',
        MAX_UNPAID_ORDERS: '1000',
        ORDERS_PER_MINUTE_PER_ACCOUNT: '1000',
        ORDERS_PER_MINUTE_PER_ADDRESS: '1000000',
        MAX_OPEN_CASH_ORDERS: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (chunk) => (output += chunk));
    cluster.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 150_000;
    while (!output.includes('the shop is open')) {
      if (cluster.exitCode !== null || Date.now() > deadline) throw new Error(`The cluster did not start:\n${output}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    await db.connect();
    // A fresh Redis database for this run: the limits of an earlier run must not leak in.
    spawnSync(process.execPath, ['-e', `const {Redis}=require('ioredis');const r=new Redis(process.argv[1]);r.flushdb().then(()=>r.quit())`, REDIS_URL], {
      cwd: workspaceRoot,
    });
    adminToken = (await call(edge, 'POST', '/api/auth/login', { body: ADMIN })).body.token;
  }, 180_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    if (cluster && cluster.exitCode === null) {
      cluster.kill('SIGTERM');
      await new Promise((done) => cluster.once('exit', done));
    }
    await scratch?.drop();
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('spreads requests over both processes, and a token from one works on the other', async () => {
    const upstreams = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const answer = await call(edge, 'GET', '/api/health');
      expect(answer.status).toBe(200);
      upstreams.add(answer.upstream);
    }
    expect([...upstreams].sort()).toEqual(processes.map((url) => url.replace('http://', '')).sort());
    for (const base of processes) expect((await call(base, 'GET', '/api/users/profile', { token: adminToken })).status).toBe(200);
  });

  it('never oversells: 40 buyers for 5 items through nginx, on both processes', async () => {
    const product = await createProduct(edge, 'Cluster Orchid', 5);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`buyer${i}`)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(edge, 'POST', '/api/orders', {
          token: buyers[i % buyers.length],
          body: { orderItems: [{ product: product._id, quantity: 1 }], paymentMethod: 'cash', address: '9 Cluster Street, Hosur' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(35);
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(2);
    // Each process answers from its catalogue cache: both must have dropped the old stock.
    for (const base of processes) expect((await call(base, 'GET', `/api/products/${product._id}`)).body.data.stock).toBe(0);
    const [{ sold }] = (await db.query('SELECT coalesce(sum(quantity), 0)::int AS sold FROM order_items WHERE product_id = $1', [product._id])).rows;
    expect(sold).toBe(5);
  });

  it('expires unpaid holds within 15 s with both processes sweeping, releasing each order once', async () => {
    const product = await createProduct(edge, 'Cluster Tulip', 50);
    const buyer = await register('holder');
    const orders = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(edge, 'POST', '/api/orders', {
          token: buyer,
          body: { orderItems: [{ product: product._id, quantity: 1 + (i % 3) }], paymentMethod: 'razorpay', address: '9 Cluster Street, Hosur' },
        }),
      ),
    );
    expect(orders.map((order) => order.status)).toEqual(Array(12).fill(201));
    const ids = orders.map((order) => order.body._id);
    // The windows end now rather than in half an hour; the processes' own sweeps must find them.
    const { rows: ended } = await db.query(`UPDATE orders SET payment_due_at = now() WHERE id = ANY($1) RETURNING payment_due_at AS "dueAt"`, [ids]);
    const lastDue = Math.max(...ended.map((row: { dueAt: Date }) => row.dueAt.getTime()));
    for (;;) {
      const [{ open }] = (await db.query(`SELECT count(*)::int AS open FROM orders WHERE id = ANY($1) AND status <> 'cancelled'`, [ids])).rows;
      if (open === 0) break;
      expect(Date.now() - lastDue).toBeLessThan(15_000);
      await new Promise((done) => setTimeout(done, 250));
    }
    const { rows } = await db.query(
      `SELECT order_id, count(*)::int AS cancels FROM order_status_changes WHERE order_id = ANY($1) AND status = 'cancelled' GROUP BY order_id`,
      [ids],
    );
    expect(rows.map((row: { cancels: number }) => row.cancels)).toEqual(Array(12).fill(1));
    for (const base of processes) expect((await call(base, 'GET', `/api/products/${product._id}`)).body.data.stock).toBe(50);
  });

  it('shows an image uploaded through one process on the other, from the bucket, and a catalogue change on every process', async () => {
    const product = await createProduct(processes[0], 'Cluster Lotus', 30);
    for (const base of processes) {
      const image = await fetch(`${base}${product.image}`);
      expect([base, image.status, image.headers.get('content-type')]).toEqual([base, 200, 'image/webp']);
      expect((await call(base, 'GET', `/api/products/${product._id}`)).body.data.price).toBe(120.5);
    }
    // Neither process keeps an image on its own disk: both read the bucket.
    const imagesOnDisk = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((path) => /\.(webp|png|jpe?g)$/.test(path));
    expect(imagesOnDisk).toEqual([]);
    const form = new FormData();
    form.append('price', '99.75');
    expect((await call(processes[0], 'PUT', `/api/admin/products/${product._id}`, { token: adminToken, raw: form })).status).toBe(200);
    const deadline = Date.now() + 2000;
    let seen: number | undefined;
    while (Date.now() < deadline && (seen = (await call(processes[1], 'GET', `/api/products/${product._id}`)).body.data.price) !== 99.75) {
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(seen).toBe(99.75);
  });

  /**
   * Each process keeps a copy of a session for at most SESSION_CACHE_MS (500 ms by default): the one
   * that ends a session refuses it at once, the other within 1 s, whatever it had cached.
   */
  it('refuses an ended session on every process within 1 s: a logout, and a deactivated staff member', async () => {
    const refusedWithin = async (base: string, token: string): Promise<number> => {
      const started = performance.now();
      while ((await call(base, 'GET', '/api/users/profile', { token })).status !== 401) {
        if (performance.now() - started > 1000) throw new Error(`${base} still served the ended session after 1 s`);
      }
      return performance.now() - started;
    };
    const token = await register('ended');
    for (const base of processes) expect((await call(base, 'GET', '/api/users/profile', { token })).status).toBe(200);
    expect((await call(processes[0], 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(processes[0], 'GET', '/api/users/profile', { token })).status).toBe(401);
    const afterLogout = await refusedWithin(processes[1], token);

    const email = `cluster.packer.${randomUUID()}@example.com`;
    const signedUp = await call(edge, 'POST', '/api/auth/register', { body: { name: 'Cluster Packer', email, password: 'Cluster#Packer26' } });
    const staffId = signedUp.body.user._id as string;
    await db.query(`UPDATE users SET role = 'catalog' WHERE id = $1`, [staffId]);
    const staffToken = signedUp.body.token as string;
    for (const base of processes) expect((await call(base, 'GET', '/api/users/profile', { token: staffToken })).status).toBe(200);
    expect((await call(processes[0], 'POST', `/api/admin/staff/${staffId}/deactivate`, { token: adminToken })).status).toBe(200);
    expect((await call(processes[0], 'GET', '/api/users/profile', { token: staffToken })).status).toBe(401);
    const afterDeactivation = await refusedWithin(processes[1], staffToken);
    console.log(
      `ended sessions refused on the other process after ${afterLogout.toFixed(0)} ms (logout) and ${afterDeactivation.toFixed(0)} ms (deactivation)`,
    );
  });

  it('shares the failed sign-in limit through Redis: the 11th try is refused whichever process takes it, however the client rotates X-Forwarded-For', async () => {
    const email = `locked.${randomUUID()}@example.com`;
    await call(edge, 'POST', '/api/auth/register', { body: { name: 'Locked Out', email, password: 'Right#Pass2026' } });
    const upstreams = new Set<string | null>();
    for (let i = 0; i < 10; i++) {
      // nginx appends the address it saw; the API trusts that one hop only.
      const headers = { 'x-forwarded-for': `192.0.2.${i}` };
      const answer = await call(edge, 'POST', '/api/auth/login', { body: { email, password: `Wrong#Pass${i}` }, headers });
      expect(answer.status).toBe(401);
      upstreams.add(answer.upstream);
    }
    expect(upstreams.size).toBe(2);
    for (const base of [edge, edge]) {
      const answer = await call(base, 'POST', '/api/auth/login', {
        body: { email, password: 'Right#Pass2026' },
        headers: { 'x-forwarded-for': '192.0.2.200' },
      });
      expect(answer.status).toBe(429);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('credits a payment once: verified on one process while the webhook is delivered, and replayed, on the other', async () => {
    const product = await createProduct(edge, 'Cluster Rose', 10);
    const buyer = await register('payer');
    const order = await call(edge, 'POST', '/api/orders', {
      token: buyer,
      body: { orderItems: [{ product: product._id, quantity: 2 }], paymentMethod: 'razorpay', address: '4 Payment Lane, Hosur' },
    });
    expect(order.status).toBe(201);
    const providerOrder = await call(processes[0], 'POST', '/api/payments/create-order', {
      token: buyer,
      body: { amount: order.body.totalAmount, receipt: order.body._id },
    });
    expect(providerOrder.status).toBe(200);
    const paid = await call(processes[0], 'POST', '/api/payments/sandbox/pay', { token: buyer, body: { order_id: providerOrder.body.id, outcome: 'success' } });
    expect(paid.status).toBe(200);

    const event = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: paid.body.razorpay_payment_id, order_id: providerOrder.body.id, amount: providerOrder.body.amount, status: 'captured' } },
      },
    });
    const webhook = (eventId: string) =>
      call(processes[1], 'POST', '/api/payments/webhook', {
        raw: event,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(event).digest('hex'),
          'x-razorpay-event-id': eventId,
        },
      });
    const eventId = `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    const [verified, ...deliveries] = await Promise.all([
      call(processes[0], 'POST', '/api/payments/verify', { token: buyer, body: { ...paid.body, orderId: order.body._id } }),
      webhook(eventId),
      webhook(eventId),
      webhook(`${eventId}x`),
    ]);
    expect(verified.status).toBe(200);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    const { rows: before } = await db.query('SELECT is_paid, paid_at FROM orders WHERE id = $1', [order.body._id]);
    expect(before[0].is_paid).toBe(true);

    // Replays later, on either process, and a repeated verification change nothing.
    expect((await webhook(eventId)).status).toBe(200);
    expect((await call(processes[1], 'POST', '/api/payments/verify', { token: buyer, body: { ...paid.body, orderId: order.body._id } })).status).toBe(200);
    const { rows: after } = await db.query('SELECT is_paid, paid_at FROM orders WHERE id = $1', [order.body._id]);
    expect(after[0].paid_at.toISOString()).toBe(before[0].paid_at.toISOString());
    const { rows: events } = await db.query('SELECT event_id FROM payment_events WHERE razorpay_order_id = $1 ORDER BY event_id', [providerOrder.body.id]);
    expect(events.map((e: { event_id: string }) => e.event_id)).toEqual([eventId, `${eventId}x`]);
    const stats = await call(edge, 'GET', '/api/admin/stats', { token: adminToken });
    expect(stats.body.totalRevenue).toBe(order.body.totalAmount);
  });

  /**
   * A rolling deploy under load, as `npm run cluster` does it on SIGUSR2: each process in turn is
   * taken out of nginx's rotation, gets SIGTERM (it drains for SHUTDOWN_DRAIN_MS, closing each
   * connection after its answer, then stops), is started again and put back, while 50 clients browse
   * the catalogue and place orders through nginx. Not one request may fail, and every order a client
   * was told about must be in the database.
   */
  it('restarts both processes one after the other while 50 clients browse and order: 0 failed requests, 0 lost orders', async () => {
    const product = await createProduct(edge, 'Cluster Marigold', 100_000);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => register(`rolling-${i}`)));
    const answered = new Map<string, number>();
    const failures: string[] = [];
    const orders: string[] = [];
    let restarted = false;
    const outputBefore = output.length;
    // A person's pace between clicks, shortened: the load stays steady without starving the restarts of CPU.
    const THINK_MS = 25;
    // A connection per request: nginx's reloads (how the cluster takes a process out of its rotation)
    // close the idle client connections of its old workers, a race a browser absorbs by sending again
    // and this client would count as a failure.
    const dispatcher = new Agent({ pipelining: 0 });
    const visit: [string, (token: string) => Promise<Answer>][] = [
      ['GET /api/products', () => call(edge, 'GET', '/api/products?limit=12', { dispatcher })],
      ['GET /api/products/:id', () => call(edge, 'GET', `/api/products/${product._id}`, { dispatcher })],
      [
        'POST /api/orders',
        (token) =>
          call(edge, 'POST', '/api/orders', {
            token,
            dispatcher,
            body: { orderItems: [{ product: product._id, quantity: 1 }], paymentMethod: 'cash', address: '9 Rolling Road, Hosur 635109' },
          }),
      ],
    ];
    const client = async (token: string, seed: number) => {
      for (let n = 0; !restarted; n++, await new Promise((done) => setTimeout(done, THINK_MS))) {
        const [what, request] = visit[(seed + n) % visit.length];
        const answer = await request(token).catch((error: Error) => ({ status: 0, body: error.message, upstream: null }));
        answered.set(String(answer.status), (answered.get(String(answer.status)) ?? 0) + 1);
        if (answer.status === 201) orders.push(answer.body._id);
        else if (answer.status !== 200) failures.push(`${what}: ${answer.status} from ${answer.upstream} ${JSON.stringify(answer.body).slice(0, 100)}`);
      }
    };
    const load = Promise.all(buyers.map((token, i) => client(token, i)));
    cluster.kill('SIGUSR2');
    const deadline = Date.now() + 120_000;
    while (!output.slice(outputBefore).includes('rolling restart done')) {
      if (cluster.exitCode !== null || Date.now() > deadline) throw new Error(`The rolling restart did not finish:\n${output.slice(outputBefore)}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    restarted = true;
    await load;
    await dispatcher.close();

    const { rows } = await db.query('SELECT count(*)::int AS count FROM orders WHERE id = ANY($1)', [orders]);
    console.log(
      `rolling restart with 50 clients: ${[...answered.values()].reduce((sum, count) => sum + count, 0)} requests through nginx, answers ${JSON.stringify(Object.fromEntries(answered))}, ` +
        `${orders.length} orders confirmed, ${rows[0].count} stored`,
    );
    if (failures.length > 0)
      console.log(
        output
          .slice(outputBefore)
          .split('\n')
          .filter((line) => line.startsWith('[nginx]'))
          .join('\n'),
      );
    expect(failures).toEqual([]);
    expect(orders.length).toBeGreaterThan(50);
    expect(rows[0].count).toBe(orders.length);
    for (const base of processes) expect(output.slice(outputBefore)).toContain(`api-${new URL(base).port} restarted`);
  }, 180_000);
});
