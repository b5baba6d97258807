import { createTestApp, TestApp } from './test-app';
import { ProductEntity } from '../src/catalog/product.entity';

describe('foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health once the database answers', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('lists products newest first with prices in rupees', async () => {
    const products = t.dataSource.getRepository(ProductEntity);
    await products.insert([
      { name: 'Older Lily', type: 'flower', pricePaise: 12050, stock: 3, description: 'White.', createdAt: new Date('2026-01-01') },
      { name: 'Newer Fern', type: 'green_leaf', pricePaise: 900, stock: 0, description: '', createdAt: new Date('2026-02-01') },
    ]);
    const res = await t.request('GET', '/api/products');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Newer Fern', 'Older Lily']);
    expect(res.body.data[1]).toMatchObject({ price: 120.5, stock: 3, type: 'flower' });
  });

  it('answers 404 with a string message for an unknown product id, also a malformed one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.request('GET', `/api/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Product not found' });
    }
  });

  it('keeps admin stats to admins: 401 visitor, 403 customer, 200 admin', async () => {
    expect((await t.request('GET', '/api/admin/stats')).status).toBe(401);
    const customer = await t.createUser();
    const forbidden = await t.request('GET', '/api/admin/stats', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.body.message).toBe('string');
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request('GET', '/api/admin/stats', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalUsers: expect.any(Number), totalProducts: expect.any(Number), totalOrders: 0, totalRevenue: 0 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe('string');
  });

  it('tells the shell where the remotes live, uncached', async () => {
    const res = await t.request('GET', '/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({ storefront_mfe: '/remotes/storefront/mf-manifest.json', admin_mfe: '/remotes/admin/mf-manifest.json' });
  });

  it('serves OpenAPI docs', async () => {
    expect((await t.request('GET', '/api/docs')).status).toBe(200);
  });
});
