import { UserEntity } from '../src/users/user.entity';
import { createTestApp, TestApp } from './test-app';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } });

  it('needs a signed-in caller: 401 for visitors on both calls', async () => {
    for (const method of ['GET', 'PUT']) {
      const res = await t.request(method, '/api/users/profile', { body: method === 'PUT' ? { name: 'X' } : undefined });
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('answers the public view of the caller and nothing more, uncached', async () => {
    const user = await t.createUser({ name: 'Priya Iyer' });
    const res = await t.request('GET', '/api/users/profile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ _id: user.id, name: 'Priya Iyer', email: user.email, address: '', role: 'customer', language: 'en' });
    expect(res.raw.toString()).not.toMatch(/password|hash|\$2[aby]\$/i);
  });

  it('updates name and address, answers {message, user}, and never changes the email or role', async () => {
    const user = await t.createUser({ name: 'Old Name' });
    const res = await t.request('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: '  New Name ', address: ' 14 Rayakottai Road\nHosur 635109 ', email: 'changed@example.com', role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      message: expect.any(String),
      user: { _id: user.id, name: 'New Name', email: user.email, address: '14 Rayakottai Road\nHosur 635109', role: 'customer', language: 'en' },
    });
    expect(res.raw.toString()).not.toMatch(/password|hash/i);
    const stored = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: user.id });
    expect(stored).toMatchObject({ email: user.email, role: 'customer', name: 'New Name' });
    expect((await t.request('GET', '/api/admin/stats', { token: user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).body.email).toBe(user.email);
  });

  it('keeps the address when none is sent', async () => {
    const user = await t.createUser();
    await t.request('PUT', '/api/users/profile', { token: user.token, body: { name: 'With Address', address: 'Hosur' } });
    const res = await t.request('PUT', '/api/users/profile', { token: user.token, body: { name: 'Renamed' } });
    expect(res.body.user).toMatchObject({ name: 'Renamed', address: 'Hosur' });
  });

  it('changes the password when a new one is given, and leaves it alone when it is empty', async () => {
    const user = await t.createUser();
    const unchanged = await t.request('PUT', '/api/users/profile', { token: user.token, body: { name: 'Same Password', address: '', password: '' } });
    expect(unchanged.status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);

    const changed = await t.request('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: 'New Password', address: '', password: 'Garden#Path42', currentPassword: user.password },
    });
    expect(changed.status).toBe(200);
    expect((await login(user.email, 'Garden#Path42')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
  });

  it('needs the current password for a new one, and counts wrong ones like failed sign-ins', async () => {
    const user = await t.createUser();
    const change = (currentPassword?: string) =>
      t.request('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: 'Thief', password: 'Stolen#Account1', ...(currentPassword ? { currentPassword } : {}) },
      });
    for (const attempt of [undefined, 'wrong-guess-1']) {
      const refused = await change(attempt);
      expect([refused.status, refused.body.message]).toEqual([400, 'Current password is incorrect']);
    }
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).body.name).not.toBe('Thief');
    // Signing in clears the count of failures, as after a failed sign-in; ten more and the door shuts.
    expect((await login(user.email, user.password)).status).toBe(200);
    for (let guess = 3; guess <= 12; guess++) expect((await change(`wrong-guess-${guess}`)).status).toBe(400);
    const limited = await change(user.password);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
  });

  it('ends every other session on a new password, and keeps the one that changed it with a fresh token', async () => {
    const user = await t.createUser();
    const otherDevice = (await login(user.email, user.password)).body.token as string;
    const changed = await t.request('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: 'Careful', password: 'Garden#Path42', currentPassword: user.password },
    });
    expect(changed.status).toBe(200);
    expect(typeof changed.body.token).toBe('string');
    for (const ended of [user.token, otherDevice]) {
      const refused = await t.request('GET', '/api/users/profile', { token: ended });
      expect([refused.status, refused.body.message]).toEqual([401, 'Your session has expired. Please sign in again']);
    }
    expect((await t.request('GET', '/api/users/profile', { token: changed.body.token })).status).toBe(200);
    // Without a new password nothing ends and no token is handed out.
    const renamed = await t.request('PUT', '/api/users/profile', { token: changed.body.token, body: { name: 'Renamed' } });
    expect(renamed.body.token).toBeUndefined();
    expect((await t.request('GET', '/api/users/profile', { token: changed.body.token })).status).toBe(200);
  });

  it.each([
    ['no name', {}, 'Name is required'],
    ['a blank name', { name: '  ' }, 'Name is required'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['a number for an address', { name: 'Ok', address: 12 }, 'Address must be text'],
    ['a 501-character address', { name: 'Ok', address: 'a'.repeat(501) }, 'Address must be at most 500 characters'],
    ['a 5-character password', { name: 'Ok', password: 'short' }, 'Password must be at least 8 characters'],
    ['a 129-character password', { name: 'Ok', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('refuses an update with %s: 400, and changes nothing', async (_case, body, message) => {
    const user = await t.createUser({ name: 'Unchanged' });
    const res = await t.request('PUT', '/api/users/profile', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).body.name).toBe('Unchanged');
  });

  it('answers 401 to a deleted user', async () => {
    const user = await t.createUser();
    await t.dataSource.getRepository(UserEntity).delete({ id: user.id });
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).status).toBe(401);
    expect((await t.request('PUT', '/api/users/profile', { token: user.token, body: { name: 'Ghost' } })).status).toBe(401);
  });
});
