import type { Product } from '@thalir/contracts';
import { productColumns } from '../src/catalog/product-rows';
import { productJsonColumn, toProduct } from '../src/catalog/product.mapper';
import { insertProducts, rosePicture, sendForm } from './catalog-fixtures';
import { createTestApp, TestApp } from './test-app';

const names = (body: { data: Product[] }) => body.data.map((p) => p.name);

describe('catalogue reads: GET /api/products and /api/products/:id', () => {
  let t: TestApp;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    ids = await insertProducts(t, [
      { name: 'Red Rose', pricePaise: 4500, stock: 120, description: 'A classic red bloom. Long vase life.', createdAt: day(1) },
      { name: 'White Lily', pricePaise: 18500, stock: 35, description: 'Fragrant and pure white.', createdAt: day(2) },
      { name: 'Italian Ruscus', type: 'green_leaf', pricePaise: 1950, stock: 220, description: 'Glossy leaves, pairs with a rose.', createdAt: day(3) },
      { name: 'Asparagus Fern', type: 'green_leaf', pricePaise: 2000, stock: 0, description: 'Feathery 100% natural plumosa.', createdAt: day(4) },
      { name: 'Orange Gerbera', pricePaise: 3250, stock: 140, description: 'Cheerful daisy_like flower.', createdAt: day(5) },
      { name: 'Pink Carnation', pricePaise: 2000, stock: 150, description: 'Frilled petals.', createdAt: day(6) },
    ]);
  });
  afterAll(() => t.close());

  it('lists the whole catalogue newest first, prices in rupees, without paging fields', async () => {
    const res = await t.request('GET', '/api/products');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(names(res.body)).toEqual(['Pink Carnation', 'Orange Gerbera', 'Asparagus Fern', 'Italian Ruscus', 'White Lily', 'Red Rose']);
    expect(res.body).not.toHaveProperty('total');
    expect(res.body.data[5]).toEqual({
      _id: ids[0],
      name: 'Red Rose',
      price: 45,
      stock: 120,
      type: 'flower',
      description: 'A classic red bloom. Long vase life.',
      image: '/assets/product-placeholder.svg',
      imageCard: '/assets/product-placeholder.svg',
      hsnCode: '0603',
      gstRate: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(res.body.data.find((p: Product) => p.name === 'Italian Ruscus').price).toBe(19.5);
  });

  it('searches name and description, case-insensitively', async () => {
    expect(names((await t.request('GET', '/api/products?q=ROSE')).body)).toEqual(['Italian Ruscus', 'Red Rose']);
    expect(names((await t.request('GET', '/api/products?q=white')).body)).toEqual(['White Lily']);
    expect(names((await t.request('GET', '/api/products?q=%20%20lily%20')).body)).toEqual(['White Lily']);
    expect(names((await t.request('GET', '/api/products?q=tulip')).body)).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    expect(names((await t.request('GET', `/api/products?q=${encodeURIComponent('100%')}`)).body)).toEqual(['Asparagus Fern']);
    expect(names((await t.request('GET', `/api/products?q=${encodeURIComponent('%')}`)).body)).toEqual(['Asparagus Fern']);
    expect(names((await t.request('GET', '/api/products?q=daisy_like')).body)).toEqual(['Orange Gerbera']);
    expect(names((await t.request('GET', '/api/products?q=_')).body)).toEqual(['Orange Gerbera']);
  });

  it('filters by type and combines it with a search', async () => {
    expect(names((await t.request('GET', '/api/products?type=green_leaf')).body)).toEqual(['Asparagus Fern', 'Italian Ruscus']);
    expect(names((await t.request('GET', '/api/products?type=flower&q=rose')).body)).toEqual(['Red Rose']);
  });

  it('sorts by price (ties broken the same way every time), name and newest', async () => {
    const byPrice = (await t.request('GET', '/api/products?sort=price')).body.data as Product[];
    expect(byPrice.map((p) => p.price)).toEqual([19.5, 20, 20, 32.5, 45, 185]);
    const tied = byPrice.filter((p) => p.price === 20).map((p) => p._id);
    expect(tied).toEqual([...tied].sort());
    const descending = (await t.request('GET', '/api/products?sort=-price')).body.data as Product[];
    expect(descending.map((p) => p.price)).toEqual([185, 45, 32.5, 20, 20, 19.5]);
    expect(names((await t.request('GET', '/api/products?sort=name')).body)).toEqual([
      'Asparagus Fern',
      'Italian Ruscus',
      'Orange Gerbera',
      'Pink Carnation',
      'Red Rose',
      'White Lily',
    ]);
    expect(names((await t.request('GET', '/api/products?sort=-createdAt&type=flower')).body)).toEqual([
      'Pink Carnation',
      'Orange Gerbera',
      'White Lily',
      'Red Rose',
    ]);
  });

  it('pages with total, page and limit; pages never overlap', async () => {
    const first = await t.request('GET', '/api/products?page=1&limit=4');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 6, page: 1, limit: 4 });
    expect(names(first.body)).toEqual(['Pink Carnation', 'Orange Gerbera', 'Asparagus Fern', 'Italian Ruscus']);
    const second = await t.request('GET', '/api/products?page=2&limit=4');
    expect(second.body).toMatchObject({ total: 6, page: 2, limit: 4 });
    expect(names(second.body)).toEqual(['White Lily', 'Red Rose']);
    const beyond = await t.request('GET', '/api/products?page=9&limit=4');
    expect(beyond.body).toMatchObject({ data: [], total: 6, page: 9, limit: 4 });

    const pricePages = [1, 2, 3].map((page) => t.request('GET', `/api/products?sort=price&page=${page}&limit=2`));
    const seen = (await Promise.all(pricePages)).flatMap((res) => res.body.data.map((p: Product) => p._id));
    expect(new Set(seen).size).toBe(6);
  });

  it('defaults to 24 a page when only page is given, and to page 1 when only limit is', async () => {
    expect((await t.request('GET', '/api/products?page=1')).body).toMatchObject({ total: 6, page: 1, limit: 24 });
    const limited = await t.request('GET', '/api/products?limit=2');
    expect(limited.body).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect(limited.body.data).toHaveLength(2);
  });

  it('counts only what the filter matches', async () => {
    expect((await t.request('GET', '/api/products?type=green_leaf&page=1&limit=1')).body).toMatchObject({ total: 2, limit: 1 });
    expect((await t.request('GET', '/api/products?q=rose&page=1')).body).toMatchObject({ total: 2 });
  });

  it.each([
    ['page=0', 'page must be a whole number, 1 or more'],
    ['page=-1', 'page must be a whole number, 1 or more'],
    ['page=abc', 'page must be a whole number, 1 or more'],
    ['page=1.5', 'page must be a whole number, 1 or more'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['type=tree', 'type must be one of: flower, green_leaf'],
    ['type=flower&type=green_leaf', 'type must be one of: flower, green_leaf'],
    ['sort=cheapest', 'sort must be one of: price, -price, name, -createdAt'],
    [`q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
    ['q=a&q=b', 'q must be a single search text'],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const res = await t.request('GET', `/api/products?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('writes a product in SQL exactly as toProduct maps it, byte for byte', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Café "Crème" Rose \\ ½ — 玫瑰',
      price: '1000000',
      stock: '0',
      type: 'flower',
      description: 'Line one.\nLine two\twith a tab. Ends with /slash/ and <b>tags</b>.',
      image: await rosePicture(),
    });
    expect(created.status).toBe(201);
    await insertProducts(t, [
      { name: 'Zero', pricePaise: 0 },
      { name: 'Paise', pricePaise: 3275 },
      { name: 'Penny', pricePaise: 1 },
    ]);
    const rows = await t.dataSource.query(`SELECT ${productColumns('p')}, ${productJsonColumn('p')} AS json FROM products p`);
    expect(rows.length).toBeGreaterThan(8);
    for (const { json, ...entity } of rows) expect(json).toBe(JSON.stringify(toProduct(entity)));
    await t.request('DELETE', `/api/products/${created.body.data._id}`, { token: admin.token });
    await t.dataSource.query(`DELETE FROM products WHERE name IN ('Zero', 'Paise', 'Penny')`);
  });

  it('answers one product, or 404 for an unknown or malformed id', async () => {
    const res = await t.request('GET', `/api/products/${ids[1]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: expect.objectContaining({ _id: ids[1], name: 'White Lily', price: 185, stock: 35 }) });
    for (const id of ['2b1d7a4e-2f4c-4b53-9f0e-3f0a1c2d3e4f', 'not-an-id', '1%27%20OR%201%3D1']) {
      const missing = await t.request('GET', `/api/products/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'Product not found' });
    }
  });
});
