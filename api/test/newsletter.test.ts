import { createTestApp, TestApp, TestUser } from './test-app';

describe('newsletter', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    customer = await t.createUser();
  });
  afterAll(() => t.close());

  it('subscribes an address, lower-cased', async () => {
    const res = await t.request('POST', '/api/newsletter', { body: { email: '  Priya.Nair@Example.COM ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: expect.stringContaining('Thank you for subscribing') });
    const list = await t.request('GET', '/api/newsletter', { token: admin.token });
    expect(list.body).toEqual([{ _id: expect.any(String), email: 'priya.nair@example.com', createdAt: expect.any(String) }]);
  });

  it('keeps one entry for a repeated subscription and answers the same', async () => {
    const first = await t.request('POST', '/api/newsletter', { body: { email: 'ravi@example.com' } });
    const again = await t.request('POST', '/api/newsletter', { body: { email: 'RAVI@example.com' } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const list = (await t.request('GET', '/api/newsletter', { token: admin.token })).body as { email: string }[];
    expect(list.filter((s) => s.email === 'ravi@example.com')).toHaveLength(1);
  });

  it('lists subscribers newest first', async () => {
    await t.request('POST', '/api/newsletter', { body: { email: 'newest@example.com' } });
    const list = (await t.request('GET', '/api/newsletter', { token: admin.token })).body as { email: string; createdAt: string }[];
    expect(list.map((s) => s.email)).toEqual(['newest@example.com', 'ravi@example.com', 'priya.nair@example.com']);
  });

  it.each([
    ['no email', {}, 'Email is required'],
    ['a blank email', { email: '  ' }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a number', { email: 12345 }, 'Email must be text'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const res = await t.request('POST', '/api/newsletter', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('keeps the list to admins: 401 visitor, 403 customer', async () => {
    expect((await t.request('GET', '/api/newsletter')).status).toBe(401);
    const forbidden = await t.request('GET', '/api/newsletter', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.body.message).toBe('string');
  });
});
