import fc from 'fast-check';
import type { PoolClient } from 'pg';
import type { QueryRunner } from 'typeorm';
import { Access } from '../src/common/access.decorator';
import { listApiRoutes, type ApiRoute } from '../src/common/route-inventory';
import { ProductEntity } from '../src/catalog/product.entity';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderItemEntity } from '../src/orders/order-item.entity';
import { UserEntity } from '../src/users/user.entity';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/** Cases per route and caller; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

/** Field names the DTOs read, so generated bodies reach validation and the services behind it. */
const FIELDS = [
  'name',
  'email',
  'password',
  'address',
  'message',
  'price',
  'stock',
  'type',
  'description',
  'status',
  'orderItems',
  'product',
  'quantity',
  'totalAmount',
  'paymentMethod',
  'productId',
  'amount',
  'receipt',
  'orderId',
  'order_id',
  'razorpay_order_id',
  'razorpay_payment_id',
  'razorpay_signature',
  'outcome',
  'event',
  'payload',
  'role',
  'isPaid',
  'q',
  'sort',
  'page',
  'limit',
  'days',
  'token',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$gt',
];

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '%27%20OR%201=1',
  '{"$gt":""}',
  '{"$ne":null}',
  '$where',
  '../../etc/passwd',
  '..%2F..%2F',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '𝓣𝓱𝓪𝓵𝓲𝓻 🌸🌼',
  'ஆர்க்கிட்',
  'نرجس',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '-1',
  '0.001',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
];

function weirdScalar(fixtures: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...INJECTIONS, ...fixtures),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2, 0.5, 1.005, 120.55, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.emailAddress(),
    fc.uuid(),
    fc.constantFrom(
      'flower',
      'green_leaf',
      'cash',
      'razorpay',
      'pending',
      'processing',
      'shipped',
      'delivered',
      'cancelled',
      'success',
      'failure',
      'payment.captured',
    ),
    fc.constant('x'.repeat(20_000)),
  );
}

function bodyValue(fixtures: string[]): fc.Arbitrary<unknown> {
  const scalar = weirdScalar(fixtures);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 4 }),
    ),
  }));
  return value;
}

/** A body as bytes, with the content type it claims. */
interface RawBody {
  contentType?: string;
  payload?: string;
}

/** encodeURIComponent throws on a lone surrogate; those go out as UTF-8 replacement bytes instead. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** A valid body of the contract's call, so mutations of it get past validation into the services. */
type Template = Record<string, unknown>;

/**
 * One valid body with some fields replaced by hostile values, some dropped, and fields a client must
 * not set (role, isPaid, prices) added: the server has to ignore or refuse each of them.
 */
function mutatedTemplate(template: Template, fixtures: string[]): fc.Arbitrary<Template> {
  const keys = Object.keys(template);
  return fc
    .record({
      replace: fc.subarray(keys, { maxLength: 1 }),
      replacement: fc.array(bodyValue(fixtures), { minLength: keys.length, maxLength: keys.length }),
      drop: fc.oneof({ weight: 4, arbitrary: fc.constant([] as string[]) }, { weight: 1, arbitrary: fc.subarray(keys, { maxLength: 1 }) }),
      extra: fc.dictionary(fc.constantFrom('role', 'isPaid', 'status', 'price', 'totalAmount', '_id', 'id', 'user', 'paidAt', 'stock'), bodyValue(fixtures), {
        maxKeys: 3,
      }),
    })
    .map(({ replace, replacement, drop, extra }) => {
      const body: Template = { ...template, ...extra };
      replace.forEach((key, index) => (body[key] = replacement[index]));
      for (const key of drop) delete body[key];
      return body;
    });
}

function bodyArbitrary(fixtures: string[], productIds: string[], template: fc.Arbitrary<Template> | null): fc.Arbitrary<RawBody> {
  const json = (value: unknown): RawBody => ({ contentType: 'application/json', payload: JSON.stringify(value) });
  const orderLike = fc.record(
    {
      orderItems: fc.array(
        fc.record(
          { product: fc.oneof(fc.constantFrom(...productIds), weirdScalar(fixtures)), quantity: weirdScalar(fixtures), price: weirdScalar(fixtures) },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
      paymentMethod: weirdScalar(fixtures),
      address: weirdScalar(fixtures),
      totalAmount: weirdScalar(fixtures),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    ...(template ? [{ weight: 5, arbitrary: template.map(json) }] : []),
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), bodyValue(fixtures), { maxKeys: 6 }).map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    { weight: 1, arbitrary: orderLike.map(json) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<RawBody>(
        { contentType: 'application/json', payload: '{"__proto__":{"role":"admin","isAdmin":true,"polluted":"yes"},"name":"Proto"}' },
        { contentType: 'application/json', payload: '{"constructor":{"prototype":{"role":"admin","polluted":"yes"}}}' },
        { contentType: 'application/json', payload: '[{"__proto__":{"polluted":"yes"}}]' },
        { contentType: 'application/json', payload: nested(5000, '[', ']') },
        { contentType: 'application/json', payload: nested(2000, '{"a":', '}') },
        { contentType: 'application/json', payload: nested(300, '{"orderItems":[', ']}', '{}') },
        { contentType: 'application/json', payload: '{' },
        { contentType: 'application/json', payload: '{"email": "a@b.c",}' },
        { contentType: 'application/json', payload: '' },
        { contentType: 'application/json', payload: 'null' },
        { contentType: 'application/json', payload: '"just a string"' },
        { contentType: 'application/json', payload: '12345678901234567890' },
        { contentType: 'application/json', payload: '\uFEFF{"email":"a@example.com"}' },
        { contentType: 'application/json', payload: `{"name":"${'n'.repeat(1_100_000)}"}` },
        { contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
        { contentType: 'text/plain', payload: 'email=a@example.com' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40example.com&password=x' },
        { contentType: 'multipart/form-data; boundary=zzz', payload: '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nRose\r\n--zzz--\r\n' },
        { contentType: 'multipart/form-data; boundary=zzz', payload: 'not multipart at all' },
        { contentType: 'application/xml', payload: '<order><id>1</id></order>' },
        {},
      ),
    },
  );
}

const QUERY_KEYS = [
  'q',
  'type',
  'sort',
  'page',
  'limit',
  'status',
  'days',
  'token',
  '__proto__',
  'constructor',
  '__proto__[role]',
  'constructor[prototype][role]',
  '$where',
  'a[b][c]',
  'page[]',
];

function queryArbitrary(fixtures: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    weirdScalar(fixtures).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    fc.constant(''),
  );
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), value);
  return fc.oneof(
    fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
    fc.constantFrom(
      'page=1&limit=1000000',
      'limit=-5',
      'page=NaN',
      'sort=price;DROP TABLE products',
      'q=%',
      'q=%E0%A4%A',
      'q=%%',
      'days=0',
      'days=367',
      'status=paid',
      'a=1&a=2&a=3',
      '&&&==',
      `q=${'x'.repeat(10_000)}`,
    ),
  );
}

function pathParamArbitrary(fixtures: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...fixtures) },
    { weight: 3, arbitrary: weirdScalar(fixtures).map((v) => encode(typeof v === 'string' ? v : String(v))) },
    // Broken percent-escapes, an encoded lone surrogate (invalid UTF-8), traversal, NUL, an encoded slash, a long id.
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%ED%A0%80', '..%2F..%2Fetc', '%00', 'a%2Fb', 'x'.repeat(3000)) },
  );
}

function templates(fixture: { productId: string; orderId: string; email: string; password: string }): Record<string, fc.Arbitrary<Template>> {
  const email = fc.emailAddress().map((address) => `fuzz.${address}`);
  return {
    'POST /api/auth/register': email.map((address) => ({ name: 'Fuzz Buyer', email: address, password: 'Fuzz#Pass123' })),
    'POST /api/auth/login': fc.constant({ email: fixture.email, password: fixture.password }),
    'POST /api/auth/forgot-password': fc.constant({ email: fixture.email }),
    'POST /api/auth/reset-password/:param': fc.constant({ password: 'Fuzz#Pass456' }),
    'PUT /api/users/profile': fc.constant({ name: 'Fuzz Renamed', address: '2 Fuzz Lane, Hosur' }),
    'POST /api/orders': fc.constantFrom('cash', 'razorpay').map((paymentMethod) => ({
      orderItems: [{ product: fixture.productId, quantity: 1 }],
      paymentMethod,
      address: '3 Fuzz Lane, Hosur, Tamil Nadu 635109',
    })),
    'PUT /api/orders/:param/status': fc.constantFrom('pending', 'processing', 'shipped', 'delivered', 'cancelled').map((status) => ({ status })),
    'POST /api/payments/create-order': fc.constant({ amount: 45.5, receipt: fixture.orderId }),
    'POST /api/payments/verify': fc.constant({
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_x',
      razorpay_signature: 'f'.repeat(64),
      orderId: fixture.orderId,
    }),
    'POST /api/payments/sandbox/pay': fc.constantFrom('success', 'failure').map((outcome) => ({ order_id: 'order_x', outcome })),
    'POST /api/payments/webhook': fc.constant({ event: 'payment.captured', payload: { payment: { entity: { order_id: 'order_x', id: 'pay_x' } } } }),
    'POST /api/wishlist': fc.constant({ productId: fixture.productId }),
    'POST /api/contact': email.map((address) => ({ name: 'Fuzz Visitor', email: address, message: 'Do you ship lotus to Singapore?' })),
    'POST /api/newsletter': email.map((address) => ({ email: address })),
  };
}

interface Snapshot {
  [table: string]: string;
}

/**
 * Property-based fuzzing of every route the application registers, with every kind of hostile
 * input as JSON bodies, query strings and path params, as a customer and as an admin (and as a
 * visitor on public routes). The answers must be 2xx or 4xx, a 4xx carries a string `message`,
 * and a refused request must leave every table exactly as it was.
 */
describe('fuzzing every route', () => {
  let t: TestApp;
  let routes: ApiRoute[];
  let customer: TestUser;
  let admin: TestUser;
  let fixtures: string[];
  let productIds: string[];
  let snapshotSql: string;
  let templateFor: Record<string, fc.Arbitrary<Template>>;
  let cases = 0;
  const statuses = new Map<number, number>();

  /**
   * The snapshots' own connection, on which their query is prepared once: planning its union of
   * every table again after each request took most of the run's time.
   */
  let snapshotRunner: QueryRunner;
  let snapshotClient: PoolClient;

  async function snapshot(): Promise<Snapshot> {
    const { rows } = await snapshotClient.query<{ name: string; digest: string }>({ name: 'fuzz-snapshot', text: snapshotSql });
    return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  }

  beforeAll(async () => {
    // Behind a trusted proxy, so each case can come from its own address and the per-address
    // limits on sign-in calls do not turn the whole run into 429s.
    t = await createTestApp({ TRUST_PROXY: 'true' });
    routes = listApiRoutes(t.app);
    customer = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
    const products = await t.dataSource.getRepository(ProductEntity).save([
      { name: 'Fuzz Rose', type: 'flower', pricePaise: 4550, stock: 1000, description: 'Red.' },
      { name: 'Fuzz Fern', type: 'green_leaf', pricePaise: 900, stock: 3, description: '' },
    ]);
    productIds = products.map((p) => p.id);
    const order = await t.dataSource.getRepository(OrderEntity).save({
      userId: customer.id,
      totalPaise: 4550,
      paymentMethod: 'razorpay',
      address: '1 Fuzz Lane, Hosur',
      items: [
        Object.assign(new OrderItemEntity(), {
          productId: productIds[0],
          name: 'Fuzz Rose',
          unitPricePaise: 4550,
          quantity: 1,
          position: 0,
          hsnCode: '0603',
          gstRateBp: 0,
        }),
      ],
    });
    fixtures = [...productIds, order.id, customer.id, admin.id, customer.email];
    templateFor = templates({ productId: productIds[0], orderId: order.id, email: customer.email, password: customer.password });
    const tables: { table_name: string }[] = await t.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations' ORDER BY table_name",
    );
    // The mail worker sends outbox rows in the background (and forgets some mails' addresses once sent):
    // which mails exist is what a request changes.
    const rowsOf = (name: string) => (name === 'outbox_mails' ? `(SELECT id, kind, subject FROM outbox_mails)` : `"${name}"`);
    snapshotSql = tables
      .map(
        ({ table_name: name }) =>
          `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM ${rowsOf(name)} t`,
      )
      .join(' UNION ALL ');
    snapshotRunner = t.dataSource.createQueryRunner();
    snapshotClient = (await snapshotRunner.connect()) as PoolClient;
  });
  afterAll(async () => {
    await snapshotRunner?.release();
    await t?.close();
  });

  it('answers every generated request with 2xx or 4xx and a message, and changes nothing when it refuses', async () => {
    let before = await snapshot();
    const adminsBefore = await t.dataSource.getRepository(UserEntity).countBy({ role: 'admin' });
    const started = Date.now();
    const callers = (route: ApiRoute): [string, string | undefined][] => [
      ['customer', customer.token],
      ['admin', admin.token],
      ...(route.access === Access.Public ? ([['visitor', undefined]] as [string, undefined][]) : []),
    ];
    for (const route of routes) {
      const params = route.path.match(/:\w+/g) ?? [];
      const template = templateFor[`${route.method} ${route.path.replace(/:\w+/g, ':param')}`];
      for (const [who, token] of callers(route)) {
        const request = fc.record({
          params: fc.tuple(...params.map(() => pathParamArbitrary(fixtures))),
          query: fc.option(queryArbitrary(fixtures), { nil: undefined, freq: 2 }),
          body: bodyArbitrary(fixtures, productIds, template ? template.chain((valid) => mutatedTemplate(valid, fixtures)) : null),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ params: values, query, body }) => {
            let index = 0;
            const path = route.path.replace(/:\w+/g, () => values[index++] ?? '');
            const url = query === undefined ? path : `${path}?${query}`;
            const headers: Record<string, string> = { 'x-forwarded-for': `10.${cases % 250}.${(cases >> 8) % 250}.7` };
            if (body.contentType) headers['content-type'] = body.contentType;
            cases += 1;
            const response = await t.request(route.method, url, { token, headers, payload: body.payload });
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const where = `${who} ${route.method} ${url.slice(0, 200)} body ${String(body.payload).slice(0, 200)}`;
            if (response.status >= 500) throw new Error(`${response.status} for ${where}: ${response.raw.toString('utf8').slice(0, 300)}`);
            if (response.status >= 400) {
              if (typeof response.body?.message !== 'string' || response.body.message.length === 0) {
                throw new Error(`${response.status} without a string message for ${where}: ${response.raw.toString('utf8').slice(0, 300)}`);
              }
              const after = await snapshot();
              const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
              if (changed.length > 0) throw new Error(`${response.status} for ${where} changed ${changed.join(', ')}`);
            } else {
              before = await snapshot();
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
    console.log(
      `fuzz: ${cases} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} runs per route and caller); answers: ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
    );

    expect(cases).toBeGreaterThan(routes.length * 2 * RUNS - 1);
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.role, probe.isAdmin]).toEqual([undefined, undefined, undefined]);
    expect(await t.dataSource.getRepository(UserEntity).countBy({ role: 'admin' })).toBe(adminsBefore);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  }, 600_000);
});
