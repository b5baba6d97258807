import { createTestApp, TestApp } from './test-app';

describe('over-long path parameters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an over-long reset token as an unknown token (400), not 414', async () => {
    const res = await t.request('POST', `/api/auth/reset-password/${'a'.repeat(300)}`, { body: { password: 'Another#Secret1' } });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers an over-long product id with 404', async () => {
    const res = await t.request('GET', `/api/products/${'x'.repeat(500)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
  });
});
