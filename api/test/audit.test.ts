import type { AuditEntry, AuditPage } from '@thalir/contracts';
import { multipart, rosePicture, sendForm } from './catalog-fixtures';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

describe('the audit log', () => {
  let t: TestApp;
  let admin: TestUser;
  const adminAddress = '198.51.100.21';

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin', email: `audit.admin.${Date.now()}@example.com` });
  });
  afterAll(() => t?.close());

  const asAdmin = { 'x-forwarded-for': adminAddress };
  const entries = async (query = '') => (await t.request<AuditPage>('GET', `/api/admin/audit${query}`, { token: admin.token })).body.entries;
  const latest = async (entity: string, entityId: string): Promise<AuditEntry[]> =>
    (await entries(`?entity=${entity}&limit=100`)).filter((entry) => entry.entityId === entityId);

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await t.dataSource.query(`INSERT INTO audit_log (action, entity) VALUES ('test.row', 'product')`);
    for (const statement of [`UPDATE audit_log SET action = 'rewritten'`, `DELETE FROM audit_log`, `TRUNCATE audit_log`]) {
      await expect(t.dataSource.query(statement)).rejects.toThrow(/the audit log is append-only/);
    }
    const [{ rows }] = await t.dataSource.query(`SELECT count(*)::int AS rows FROM audit_log WHERE action = 'test.row'`);
    expect(rows).toBe(1);
  });

  it("records a product's creation, the fields a change changed, and its deletion, with who, their role and their address", async () => {
    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Audit Rose',
      price: '120',
      stock: '5',
      type: 'flower',
      image: await rosePicture(),
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const { payload, contentType } = await multipart({ price: '150', stock: '5' });
    expect(
      (await t.request('PUT', `/api/admin/products/${id}`, { token: admin.token, payload, headers: { 'content-type': contentType, ...asAdmin } })).status,
    ).toBe(200);
    expect((await t.request('DELETE', `/api/products/${id}`, { token: admin.token, headers: asAdmin })).status).toBe(200);

    const [deleted, updated, made] = await latest('product', id);
    expect(made).toMatchObject({
      action: 'product.create',
      actor: { _id: admin.id, email: admin.email, role: 'admin' },
      before: null,
      after: { name: 'Audit Rose', pricePaise: 12_000 },
    });
    expect(updated).toMatchObject({ action: 'product.update', before: { pricePaise: 12_000 }, after: { pricePaise: 15_000 }, clientAddress: adminAddress });
    expect(Object.keys(updated.after!)).toEqual(['pricePaise']);
    expect(deleted).toMatchObject({ action: 'product.delete', before: { name: 'Audit Rose', pricePaise: 15_000 }, after: null });
  });

  it('records an order moved by staff, and nothing for a move the lifecycle refuses (same transaction)', async () => {
    const buyer = await t.createUser();
    const [lily] = await seedProducts(t, [{ stock: 5 }]);
    const order = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }]);
    expect((await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'shipped' }, headers: asAdmin })).status).toBe(200);
    expect((await t.request('POST', `/api/orders/${order._id}/cancel`, { token: buyer.token })).status).toBe(409);
    expect(await latest('order', order._id)).toEqual([
      expect.objectContaining({ action: 'order.status', before: { status: 'pending' }, after: { status: 'shipped' }, clientAddress: adminAddress }),
    ]);
  });

  it('records offers and delivery charges changed by staff', async () => {
    const offer = await t.request('POST', '/api/admin/offers', { token: admin.token, body: { name: 'Audit 5%', kind: 'percent', percent: 5 } });
    await t.request('PUT', `/api/admin/offers/${offer.body._id}`, { token: admin.token, body: { active: false } });
    const [paused, created] = await latest('offer', offer.body._id);
    expect(created).toMatchObject({ action: 'offer.create', after: { name: 'Audit 5%', percent: 5, active: true } });
    expect(paused).toMatchObject({ action: 'offer.update', before: { active: true }, after: { active: false } });

    const charges = { defaultZone: { name: 'Everywhere', pincodePrefixes: [], fee: 60, freeAbove: null }, zones: [], slotSurcharges: {} };
    expect((await t.request('PUT', '/api/admin/delivery-charges', { token: admin.token, body: charges })).status).toBe(200);
    const [saved] = await entries('?entity=delivery-charges');
    expect(saved).toMatchObject({ action: 'delivery-charges.update', before: { defaultZone: { feePaise: 0 } }, after: { defaultZone: { feePaise: 6_000 } } });
  });

  it("records staff sign-ins, failed ones too, and never a customer's", async () => {
    const staff = await t.createUser({ role: 'admin' });
    const customer = await t.createUser();
    const login = (email: string, password: string) =>
      t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect((await login(staff.email, 'Wrong#Password1')).status).toBe(401);
    expect((await login(staff.email, staff.password)).status).toBe(200);
    expect((await login(customer.email, customer.password)).status).toBe(200);
    const signIns = await latest('session', staff.id);
    expect(signIns.map((entry) => [entry.action, entry.clientAddress])).toEqual([
      ['staff.sign-in', '203.0.113.77'],
      ['staff.sign-in-failed', '203.0.113.77'],
    ]);
    expect(await latest('session', customer.id)).toEqual([]);
  });

  it('filters by person, entity and India dates, pages, exports CSV, and refuses a bad filter with 400', async () => {
    const mine = await entries(`?actor=${encodeURIComponent(admin.email.slice(0, 12))}&limit=100`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.actor?.email === admin.email)).toBe(true);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await entries(`?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await entries(`?to=2020-01-01`)).toEqual([]);
    const page = (await t.request<AuditPage>('GET', '/api/admin/audit?limit=2&page=2', { token: admin.token })).body;
    expect(page).toMatchObject({ page: 2, limit: 2 });
    expect(page.total).toBeGreaterThan(4);

    const csv = await t.request('GET', '/api/admin/audit.csv?entity=order', { token: admin.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.toString().trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,role,action,entity,entity_id,client_address,before,after');
    expect(lines.slice(1).every((line) => line.includes(',order.status,order,'))).toBe(true);

    for (const query of ['?entity=planet', '?from=2026-02-30', '?from=2026-12-01&to=2026-11-01', '?limit=500']) {
      const refused = await t.request('GET', `/api/admin/audit${query}`, { token: admin.token });
      expect([query, refused.status, typeof refused.body.message]).toEqual([query, 400, 'string']);
    }
  });
});
