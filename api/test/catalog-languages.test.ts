import type { AddressInfo } from 'node:net';
import type { Product } from '@thalir/contracts';
import { MetricsService } from '../src/metrics/metrics.service';
import { insertProducts } from './catalog-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/** The catalogue in Tamil beside English: lang=ta or Accept-Language, fallbacks, search, and staff's translations. */
describe('the catalogue in Tamil', () => {
  let t: TestApp;
  let staff: TestUser;
  let rose: string;
  let fern: string;
  let jasmine: string;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await t.createUser({ role: 'catalog' });
    [rose, fern, jasmine] = await insertProducts(t, [
      { name: 'Red Rose', description: 'A long-stemmed rose.', stock: 10, createdAt: new Date('2026-01-03T00:00:00Z') },
      { name: 'Boston Fern', type: 'green_leaf', description: 'Soft fronds.', stock: 5, createdAt: new Date('2026-01-02T00:00:00Z') },
      { name: 'Jasmine String', description: 'Madurai malli, strung by hand.', stock: 40, createdAt: new Date('2026-01-01T00:00:00Z') },
    ]);
    await t.dataSource.query(`INSERT INTO product_translations (product_id, lang, name, description) VALUES ($1, 'ta', 'சிவப்பு ரோஜா', '')`, [rose]);
    await t.dataSource.query(
      `INSERT INTO product_translations (product_id, lang, name, description) VALUES ($1, 'ta', 'மல்லிகைச் சரம்', 'கையால் கட்டிய மதுரை மல்லி.')`,
      [jasmine],
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const list = async (query: string, headers: Record<string, string> = {}) =>
    (await t.request('GET', `/api/products?${query}`, { headers })).body.data as Product[];
  const byId = (products: Product[], id: string) => products.find((product) => product._id === id)!;

  it('answers in English, exactly as before, without lang or a Tamil Accept-Language', async () => {
    const products = await list('page=1&limit=10', { 'accept-language': 'en-IN,en;q=0.9,ta;q=0.8' });
    expect(byId(products, rose)).toMatchObject({ name: 'Red Rose', description: 'A long-stemmed rose.' });
    expect(products.every((product) => !('languages' in product))).toBe(true);
    expect(Object.keys((await t.request('GET', `/api/products/${rose}`)).body.data)).not.toContain('languages');
  });

  it('answers in Tamil with lang=ta, each text in English where it is not translated, and says which', async () => {
    const products = await list('lang=ta');
    expect(byId(products, jasmine)).toMatchObject({
      name: 'மல்லிகைச் சரம்',
      description: 'கையால் கட்டிய மதுரை மல்லி.',
      languages: { name: 'ta', description: 'ta' },
    });
    expect(byId(products, rose)).toMatchObject({ name: 'சிவப்பு ரோஜா', description: 'A long-stemmed rose.', languages: { name: 'ta', description: 'en' } });
    expect(byId(products, fern)).toMatchObject({ name: 'Boston Fern', languages: { name: 'en', description: 'en' } });
    const one = await t.request('GET', `/api/products/${rose}?lang=ta`);
    expect(one.body.data).toMatchObject({ name: 'சிவப்பு ரோஜா', stock: 10, languages: { name: 'ta', description: 'en' } });
  });

  it('follows Accept-Language when no lang is given, and says the answer varies with it', async () => {
    const tamil = await t.request('GET', `/api/products/${rose}`, { headers: { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' } });
    expect(tamil.body.data.name).toBe('சிவப்பு ரோஜா');
    expect(String(tamil.headers.vary)).toContain('accept-language');
    const english = await t.request('GET', `/api/products/${rose}?lang=en`, { headers: { 'accept-language': 'ta-IN' } });
    expect(english.body.data.name).toBe('Red Rose');
    expect(english.headers.etag).not.toBe(tamil.headers.etag);
  });

  it('answers a cached Tamil read before Fastify in the language asked, over a real socket', async () => {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const read = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/api/products/${jasmine}`, { headers }).then((answer) => answer.json() as Promise<{ data: Product }>);
    // Both languages cached first, so every read below is a hit that must pick its language's answer.
    await read({ 'accept-language': 'ta' });
    await read({});
    const hits = () =>
      t.app
        .get(MetricsService)
        .catalogCacheHits.get()
        .then((metric) => metric.values[0]?.value ?? 0);
    const before = await hits();
    expect((await read({ 'accept-language': 'ta' })).data.name).toBe('மல்லிகைச் சரம்');
    expect((await read({ 'accept-language': 'en' })).data.name).toBe('Jasmine String');
    expect((await read({})).data.name).toBe('Jasmine String');
    expect((await read({ 'accept-language': 'ta-IN,ta;q=0.9' })).data.name).toBe('மல்லிகைச் சரம்');
    expect(await hits()).toBe(before + 4);
  });

  it('finds a product by its Tamil or its English name, in either language', async () => {
    expect((await list('q=ரோஜா')).map((product) => product._id)).toEqual([rose]);
    expect((await list('q=rose&lang=ta')).map((product) => product.name)).toEqual(['சிவப்பு ரோஜா']);
    const searched = await t.request('GET', '/api/products?q=மல்லி&page=1&limit=5');
    expect([searched.body.total, searched.body.data.map((product: Product) => product._id)]).toEqual([1, [jasmine]]);
  });

  it('sorts by the name shown: the Tamil name where there is one', async () => {
    expect((await list('lang=ta&sort=name')).map((product) => product.name)).toEqual(['Boston Fern', 'சிவப்பு ரோஜா', 'மல்லிகைச் சரம்']);
  });

  it('shows stock taken in the Tamil answers as in the English ones', async () => {
    await t.request('GET', `/api/products/${fern}?lang=ta`);
    await t.dataSource.query(`UPDATE products SET stock = stock - 2, updated_at = now() WHERE id = $1`, [fern]);
    expect((await t.request('GET', `/api/products/${fern}?lang=ta`)).body.data.stock).toBe(3);
  });

  it('refuses a language it does not have', async () => {
    for (const url of ['/api/products?lang=fr', `/api/products/${rose}?lang=fr`]) {
      expect((await t.request('GET', url)).body).toEqual({ success: false, message: 'lang must be one of: en, ta', errors: ['lang must be one of: en, ta'] });
    }
  });

  it('lets catalogue staff set and remove a Tamil name and description, shown on the next read and kept in the audit log', async () => {
    await t.request('GET', `/api/products/${fern}?lang=ta`);
    const saved = await t.request('PUT', `/api/admin/products/${fern}/translations/ta`, {
      token: staff.token,
      body: { name: ' பாஸ்டன் பெரணி ', description: 'மென்மையான இலைகள்.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'பாஸ்டன் பெரணி', languages: { name: 'ta', description: 'ta' } });
    expect((await t.request('GET', `/api/products/${fern}?lang=ta`)).body.data.name).toBe('பாஸ்டன் பெரணி');
    expect((await list('q=பெரணி')).map((product) => product._id)).toEqual([fern]);

    const removed = await t.request('PUT', `/api/admin/products/${fern}/translations/ta`, { token: staff.token, body: { name: '', description: '' } });
    expect(removed.body.data).toMatchObject({ name: 'Boston Fern', languages: { name: 'en', description: 'en' } });
    const audit = await t.dataSource.query(`SELECT action, before, after FROM audit_log WHERE entity_id = $1 ORDER BY at, id`, [fern]);
    expect(audit).toEqual([
      {
        action: 'product.translate',
        before: { lang: 'ta', name: null, description: null },
        after: { lang: 'ta', name: 'பாஸ்டன் பெரணி', description: 'மென்மையான இலைகள்.' },
      },
      {
        action: 'product.translate',
        before: { lang: 'ta', name: 'பாஸ்டன் பெரணி', description: 'மென்மையான இலைகள்.' },
        after: { lang: 'ta', name: null, description: null },
      },
    ]);
  });

  it('keeps translations for staff, and for the languages the shop has', async () => {
    const customer = await t.createUser();
    const body = { name: 'x', description: '' };
    expect((await t.request('PUT', `/api/admin/products/${rose}/translations/ta`, { token: customer.token, body })).status).toBe(403);
    expect((await t.request('PUT', `/api/admin/products/${rose}/translations/fr`, { token: staff.token, body })).status).toBe(404);
    expect((await t.request('PUT', `/api/admin/products/${rose}/translations/en`, { token: staff.token, body })).status).toBe(404);
    expect((await t.request('PUT', '/api/admin/products/11111111-2222-4333-8444-555555555555/translations/ta', { token: staff.token, body })).status).toBe(404);
    const tooLong = await t.request('PUT', `/api/admin/products/${rose}/translations/ta`, {
      token: staff.token,
      body: { name: 'அ'.repeat(201), description: '' },
    });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'The name can be at most 200 characters']);
  });
});
