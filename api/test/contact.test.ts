import { createTestApp, TestApp, TestUser } from './test-app';

describe('contact form', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    customer = await t.createUser();
  });
  afterAll(() => t.close());

  const valid = { name: 'Meera Iyer', email: 'Meera@Example.com', message: 'Do you ship roses to Singapore every week?' };

  it('accepts a message from anyone with the spec text', async () => {
    const res = await t.request('POST', '/api/contact', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Message sent successfully!' });
  });

  it('lists messages to admins, newest first, trimmed', async () => {
    await t.request('POST', '/api/contact', { body: { name: '  Arjun  ', email: 'arjun@example.com', message: '  Wholesale prices for gerberas?  ' } });
    const res = await t.request('GET', '/api/contact', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 2)).toEqual([
      { _id: expect.any(String), name: 'Arjun', email: 'arjun@example.com', message: 'Wholesale prices for gerberas?', createdAt: expect.any(String) },
      { _id: expect.any(String), name: 'Meera Iyer', email: 'meera@example.com', message: valid.message, createdAt: expect.any(String) },
    ]);
    expect(Date.parse(res.body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(res.body[1].createdAt));
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['a bad email', { email: 'meera@' }, 'Please enter a valid email address'],
    ['a missing message', { message: undefined }, 'Message is required'],
    ['a blank message', { message: '  ' }, 'Message is required'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ['a message that is not text', { message: 42 }, 'Message must be text'],
  ])('refuses %s with 400, storing nothing', async (_label, change, message) => {
    const before = (await t.request('GET', '/api/contact', { token: admin.token })).body.length;
    const res = await t.request('POST', '/api/contact', { body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect((await t.request('GET', '/api/contact', { token: admin.token })).body.length).toBe(before);
  });

  it('takes a message of exactly 5000 characters', async () => {
    expect((await t.request('POST', '/api/contact', { body: { ...valid, message: 'm'.repeat(5000) } })).status).toBe(201);
  });

  it('keeps the list to admins: 401 visitor, 403 customer', async () => {
    const visitor = await t.request('GET', '/api/contact');
    expect(visitor.status).toBe(401);
    expect(typeof visitor.body.message).toBe('string');
    const forbidden = await t.request('GET', '/api/contact', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.body.message).toBe('string');
  });
});
