import { insertProducts } from './catalog-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

describe('wishlist', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let rose: string;
  let fern: string;
  let lily: string;

  const productIds = (body: { items: { product: { _id: string } }[] }) => body.items.map((item) => item.product._id);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser();
    bob = await t.createUser();
    [rose, fern, lily] = await insertProducts(t, [
      { name: 'Red Rose', pricePaise: 4500, description: 'Classic.' },
      { name: 'Leatherleaf Fern', type: 'green_leaf', pricePaise: 1800 },
      { name: 'White Lily', pricePaise: 18500 },
    ]);
  });
  afterAll(() => t.close());

  it('starts empty', async () => {
    const res = await t.request('GET', '/api/wishlist', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it('adds products, newest first, each with the full product', async () => {
    const first = await t.request('POST', '/api/wishlist', { token: alice.token, body: { productId: rose } });
    expect(first.status).toBe(201);
    expect(first.body.items).toEqual([
      { product: expect.objectContaining({ _id: rose, name: 'Red Rose', price: 45, stock: 10, type: 'flower', image: expect.any(String) }) },
    ]);
    const second = await t.request('POST', '/api/wishlist', { token: alice.token, body: { productId: fern } });
    expect(productIds(second.body)).toEqual([fern, rose]);
    expect(productIds((await t.request('GET', '/api/wishlist', { token: alice.token })).body)).toEqual([fern, rose]);
  });

  it('keeps one entry when the same product is added twice', async () => {
    const again = await t.request('POST', '/api/wishlist', { token: alice.token, body: { productId: rose } });
    expect(again.status).toBe(201);
    expect(productIds(again.body)).toEqual([fern, rose]);
    const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = $1 AND product_id = $2`, [alice.id, rose]);
    expect(row.n).toBe(1);
  });

  it("keeps each customer's wishlist separate", async () => {
    await t.request('POST', '/api/wishlist', { token: bob.token, body: { productId: lily } });
    expect(productIds((await t.request('GET', '/api/wishlist', { token: bob.token })).body)).toEqual([lily]);
    expect(productIds((await t.request('GET', '/api/wishlist', { token: alice.token })).body)).toEqual([fern, rose]);
    const removed = await t.request('DELETE', `/api/wishlist/${rose}`, { token: bob.token });
    expect(removed.status).toBe(200);
    expect(productIds(removed.body)).toEqual([lily]);
    expect(productIds((await t.request('GET', '/api/wishlist', { token: alice.token })).body)).toEqual([fern, rose]);
  });

  it('removes a product, and removing it again changes nothing', async () => {
    const res = await t.request('DELETE', `/api/wishlist/${fern}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(productIds(res.body)).toEqual([rose]);
    const again = await t.request('DELETE', `/api/wishlist/${fern}`, { token: alice.token });
    expect(again.status).toBe(200);
    expect(productIds(again.body)).toEqual([rose]);
  });

  it('answers 404 for an unknown product and 400 for a malformed or missing id', async () => {
    const unknown = await t.request('POST', '/api/wishlist', { token: alice.token, body: { productId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'Product not found' });
    for (const body of [{ productId: 'rose' }, { productId: 42 }, {}]) {
      const bad = await t.request('POST', '/api/wishlist', { token: alice.token, body });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
    expect((await t.request('POST', '/api/wishlist', { token: alice.token, body: {} })).body.message).toBe('productId is required');
    const badDelete = await t.request('DELETE', '/api/wishlist/rose', { token: alice.token });
    expect(badDelete.status).toBe(400);
    expect(badDelete.body.message).toBe('productId must be a product id');
    expect(productIds((await t.request('GET', '/api/wishlist', { token: alice.token })).body)).toEqual([rose]);
  });

  it('drops entries whose product is deleted from the catalogue', async () => {
    const [tulip] = await insertProducts(t, [{ name: 'Red Tulip' }]);
    await t.request('POST', '/api/wishlist', { token: alice.token, body: { productId: tulip } });
    await t.dataSource.query(`DELETE FROM products WHERE id = $1`, [tulip]);
    expect(productIds((await t.request('GET', '/api/wishlist', { token: alice.token })).body)).toEqual([rose]);
  });

  it('needs a signed-in user for every call', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/wishlist', undefined],
      ['POST', '/api/wishlist', { productId: rose }],
      ['DELETE', `/api/wishlist/${rose}`, undefined],
    ] as const) {
      const res = await t.request(method, url, { body });
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
