import { UserEntity } from '../src/users/user.entity';
import { seedProducts, stockOf } from './shop-fixtures';
import { createTestApp, TestApp } from './test-app';

// The embedded PGlite runs one transaction at a time, so a missing lock would look correct there.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : describe.skip;
const title = onPostgres
  ? 'buyers racing for the same stock over real HTTP (PostgreSQL)'
  : 'buyers racing for the same stock [skipped: set TEST_DATABASE_URL, races only show on real PostgreSQL]';

const BUYERS = 50;

describeOnPostgres(title, () => {
  let t: TestApp;
  let baseUrl: string;
  let tokens: string[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    // Straight inserts: hashing 50 passwords would only slow the test down, and tokens are all it needs.
    const users = t.dataSource.getRepository(UserEntity);
    const inserted = await users.insert(
      Array.from({ length: BUYERS }, (_, i) => ({ name: `Racer ${i}`, email: `racer${i}.${Date.now()}@example.com`, passwordHash: 'unused' })),
    );
    tokens = inserted.identifiers.map((row) => t.signToken(row.id as string));
  });
  afterAll(() => t.close());

  async function order(token: string, orderItems: { product: string; quantity: number }[]): Promise<number> {
    const res = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderItems, paymentMethod: 'cash', address: '1 Race Course Road, Coimbatore' }),
    });
    await res.arrayBuffer();
    return res.status;
  }

  async function soldOf(productId: string): Promise<number> {
    const [row] = await t.dataSource.query(`SELECT coalesce(sum(quantity), 0)::int AS sold FROM order_items WHERE product_id = $1`, [productId]);
    return row.sold;
  }

  it('sells exactly 10 of 10 to 50 buyers at once', async () => {
    const [product] = await seedProducts(t, [{ name: 'Last Roses', stock: 10 }]);
    const statuses = await Promise.all(tokens.map((token) => order(token, [{ product, quantity: 1 }])));
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - 10);
    expect(await stockOf(t, product)).toBe(0);
    const [{ orders }] = await t.dataSource.query(`SELECT count(DISTINCT order_id)::int AS orders FROM order_items WHERE product_id = $1`, [product]);
    expect(orders).toBe(10);
  });

  it('never oversells any product when multi-line orders race, listing products in different orders', async () => {
    const products = await seedProducts(t, [
      { name: 'Race Rose', stock: 12 },
      { name: 'Race Lily', stock: 9 },
      { name: 'Race Fern', stock: 15 },
    ]);
    const start = [12, 9, 15];
    // Each buyer lists the products in a different order: without a fixed lock order this deadlocks.
    const statuses = await Promise.all(
      tokens.map((token, i) => {
        const lines = products.map((product, p) => ({ product, quantity: 1 + ((i + p) % 2) }));
        return order(token, i % 2 === 0 ? lines : [...lines].reverse());
      }),
    );
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    for (const [index, product] of products.entries()) {
      const stock = await stockOf(t, product);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + (await soldOf(product))).toBe(start[index]);
    }
  });
});
