import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { SessionTokens } from '../src/sessions/session-tokens';
import { UserEntity } from '../src/users/user.entity';
import { verifyPassword } from '../src/users/password-hasher';
import { tamperedToken } from './tampered-token';
import { createTestApp, TestApp } from './test-app';

const PASSWORD = 'Petals#2026';

function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

// One app for the suites below (starting one is the slow part); each test uses its own users.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

describe('auth: register and login', () => {
  it('registers a customer: 201 with a working token and the public view of the user', async () => {
    const email = uniqueEmail('asha');
    const res = await t.request('POST', '/api/auth/register', { body: { name: 'Asha Rao', email, password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      token: expect.any(String),
      user: { _id: expect.any(String), name: 'Asha Rao', email, address: '', role: 'customer', language: 'en' },
    });
    const header = JSON.parse(Buffer.from(res.body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = jwt.decode(res.body.token) as jwt.JwtPayload;
    expect(claims.sub).toBe(res.body.user._id);
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);

    const profile = await t.request('GET', '/api/users/profile', { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(email);
  });

  it('stores the password only as a slow salted hash', async () => {
    const email = uniqueEmail('hash');
    await t.request('POST', '/api/auth/register', { body: { name: 'Hash Check', email, password: PASSWORD } });
    const [row] = await t.dataSource.query('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(row.password_hash).toMatch(/^\$2[aby]\$(1\d|[2-9]\d)\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
  });

  it('lower-cases and trims the email, and trims the name', async () => {
    const email = uniqueEmail('Mixed.Case').toUpperCase();
    const res = await t.request('POST', '/api/auth/register', { body: { name: '  Meena  ', email: `  ${email} `, password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: 'Meena', email: email.toLowerCase() });
  });

  it('answers 409 for an email already taken, whatever its letter case', async () => {
    const email = uniqueEmail('taken');
    expect((await t.request('POST', '/api/auth/register', { body: { name: 'First', email, password: PASSWORD } })).status).toBe(201);
    const again = await t.request('POST', '/api/auth/register', { body: { name: 'Second', email: email.toUpperCase(), password: PASSWORD } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'An account with this email already exists' });
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [email]);
    expect(count).toBe(1);
  });

  it('never lets a sign-up choose its role', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: { name: 'Sneaky', email: uniqueEmail('sneaky'), password: PASSWORD, role: 'admin' } });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('customer');
    expect((await t.request('GET', '/api/admin/stats', { token: res.body.token })).status).toBe(403);
  });

  it.each([
    ['no fields', {}, 'Name is required'],
    ['a blank name', { name: '   ', email: 'a@example.com', password: PASSWORD }, 'Name is required'],
    ['a number for a name', { name: 42, email: 'a@example.com', password: PASSWORD }, 'Name must be text'],
    ['a 101-character name', { name: 'x'.repeat(101), email: 'a@example.com', password: PASSWORD }, 'Name must be at most 100 characters'],
    ['no email', { name: 'Asha', password: PASSWORD }, 'Email is required'],
    ['a malformed email', { name: 'Asha', email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
    ['a 262-character email', { name: 'Asha', email: `${'a'.repeat(250)}@example.com`, password: PASSWORD }, 'Email must be at most 254 characters'],
    ['no password', { name: 'Asha', email: 'a@example.com' }, 'Password is required'],
    ['a 5-character password', { name: 'Asha', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    ['a 129-character password', { name: 'Asha', email: 'a@example.com', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ['a number for a password', { name: 'Asha', email: 'a@example.com', password: 12345678 }, 'Password must be text'],
  ])('refuses a sign-up with %s: 400 and a string message', async (_case, body, message) => {
    const res = await t.request('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(Array.isArray(res.body.errors)).toBe(true);
  });

  it('answers a call with no body at all with 400 and a string message', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login', '/api/auth/forgot-password']) {
      const res = await t.request('POST', url);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('answers a malformed JSON body with 400 and a string message', async () => {
    const res = await t.request('POST', '/api/auth/register', { payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('signs in with any letter case of the email and answers the role from the database', async () => {
    const admin = await t.createUser({ role: 'admin', password: PASSWORD });
    const res = await t.request('POST', '/api/auth/login', { body: { email: admin.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      token: expect.any(String),
      user: {
        _id: admin.id,
        name: expect.any(String),
        email: admin.email,
        address: '',
        role: 'admin',
        language: 'en',
        permissions: ['catalog', 'orders.read', 'orders.manage', 'stops', 'reports', 'audit', 'shop', 'staff'],
      },
    });
    expect((await t.request('GET', '/api/admin/stats', { token: res.body.token })).status).toBe(200);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const wrong = await t.request('POST', '/api/auth/login', { body: { email: user.email, password: 'Wrong#Password1' } });
    const unknown = await t.request('POST', '/api/auth/login', { body: { email: uniqueEmail('nobody'), password: PASSWORD } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it.each([
    ['no fields', {}, 'Email is required'],
    ['no password', { email: 'a@example.com' }, 'Password is required'],
    ['a malformed email', { email: 'nope', password: PASSWORD }, 'Please enter a valid email address'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'Password is required'],
  ])('refuses a sign-in with %s: 400', async (_case, body, message) => {
    const res = await t.request('POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('auth: tokens and roles', () => {
  it('keeps admin stats to admins: 401 visitor, 403 customer, 200 admin', async () => {
    expect((await t.request('GET', '/api/admin/stats')).status).toBe(401);
    const customer = await t.createUser();
    const forbidden = await t.request('GET', '/api/admin/stats', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.body.message).toBe('string');
    const admin = await t.createUser({ role: 'admin' });
    expect((await t.request('GET', '/api/admin/stats', { token: admin.token })).status).toBe(200);
  });

  it('refuses a tampered token with 401', async () => {
    const user = await t.createUser();
    const [header, , signature] = user.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...(jwt.decode(user.token) as object), sub: '00000000-0000-4000-8000-000000000000' })).toString(
      'base64url',
    );
    for (const token of [`${header}.${forgedPayload}.${signature}`, tamperedToken(user.token), 'not-a-token']) {
      const res = await t.request('GET', '/api/users/profile', { token });
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('refuses an unsigned alg:none token with 401', async () => {
    const user = await t.createUser();
    const none = jwt.sign({ sub: user.id }, '', { algorithm: 'none' });
    expect(none.endsWith('.')).toBe(true);
    expect((await t.request('GET', '/api/users/profile', { token: none })).status).toBe(401);
  });

  it('refuses a token signed with another secret or another algorithm with 401', async () => {
    const user = await t.createUser();
    const otherSecret = jwt.sign({ sub: user.id }, 'another-secret-that-is-long-enough-1234567890', { algorithm: 'HS256' });
    const otherAlgorithm = jwt.sign({ sub: user.id }, t.config.jwtSecret, { algorithm: 'HS512' });
    for (const token of [otherSecret, otherAlgorithm]) {
      expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(401);
    }
  });

  it('refuses an expired token with 401 and says the session expired', async () => {
    const user = await t.createUser();
    const expired = t.signToken(user.id, { expiresIn: -10 });
    const res = await t.request('GET', '/api/users/profile', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session has expired. Please sign in again');
  });

  // Changed in the database behind the API's back (as another process would): this process's copy of
  // the session lasts at most SESSION_CACHE_MS, which the clock lets pass instead of waiting.
  const sessionCacheExpires = () => t.clock.advance(t.config.sessionCacheMs + 1);

  it('shuts a deleted user out within SESSION_CACHE_MS', async () => {
    const user = await t.createUser();
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).status).toBe(200);
    await t.dataSource.getRepository(UserEntity).delete({ id: user.id });
    sessionCacheExpires();
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).status).toBe(401);
  });

  it('takes admin access away from a demoted admin within SESSION_CACHE_MS, and gives it to a promoted customer', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await t.request('GET', '/api/admin/stats', { token: admin.token })).status).toBe(200);
    await t.dataSource.query(`UPDATE users SET role = 'customer' WHERE id = $1`, [admin.id]);
    sessionCacheExpires();
    expect((await t.request('GET', '/api/admin/stats', { token: admin.token })).status).toBe(403);

    const customer = await t.createUser();
    expect((await t.request('GET', '/api/admin/stats', { token: customer.token })).status).toBe(403);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [customer.id]);
    sessionCacheExpires();
    expect((await t.request('GET', '/api/admin/stats', { token: customer.token })).status).toBe(200);
  });
});

describe('auth: forgot and reset password (no mail transport: token exposed)', () => {
  const forgot = (email: string) => t.request('POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (token: string, password: string) => t.request('POST', `/api/auth/reset-password/${token}`, { body: { password } });
  const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } });

  it('hands out a random token, stores only its SHA-256 hash, valid for 30 minutes', async () => {
    const user = await t.createUser();
    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const rows = await t.dataSource.query(
      `SELECT token_hash, extract(epoch FROM expires_at - now()) AS seconds_left, used_at FROM password_resets WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(res.body.token).digest('hex'));
    expect(rows[0].used_at).toBeNull();
    expect(Number(rows[0].seconds_left)).toBeGreaterThan(29 * 60);
    expect(Number(rows[0].seconds_left)).toBeLessThanOrEqual(30 * 60);
  });

  it('resets the password once: the new one signs in, the old one and a second use do not', async () => {
    const user = await t.createUser();
    const { token } = (await forgot(user.email)).body;
    const res = await reset(token, 'Fresh#Petals9');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect((await login(user.email, 'Fresh#Petals9')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    // Whoever held a session before the reset (the owner, or a thief) is signed out.
    const ended = await t.request('GET', '/api/users/profile', { token: user.token });
    expect([ended.status, ended.body.message]).toEqual([401, 'Your session has expired. Please sign in again']);

    const again = await reset(token, 'Another#Petals9');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
    expect((await login(user.email, 'Fresh#Petals9')).status).toBe(200);
  });

  it('kills the previous unused token when a new one is asked for', async () => {
    const user = await t.createUser();
    const first = (await forgot(user.email)).body.token;
    const second = (await forgot(user.email)).body.token;
    expect(first).not.toBe(second);
    expect((await reset(first, 'Fresh#Petals9')).status).toBe(400);
    expect((await reset(second, 'Fresh#Petals9')).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await t.createUser();
    const { token } = (await forgot(user.email)).body;
    await t.dataSource.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const res = await reset(token, 'Fresh#Petals9');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('refuses unknown and malformed tokens with 400', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(90)]) {
      const res = await reset(token, 'Fresh#Petals9');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
    }
  });

  it('checks the new password like a sign-up does, and keeps the token usable after a refusal', async () => {
    const user = await t.createUser();
    const { token } = (await forgot(user.email)).body;
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    const missing = await t.request('POST', `/api/auth/reset-password/${token}`, { body: {} });
    expect(missing.body.message).toBe('Password is required');
    expect((await reset(token, 'Fresh#Petals9')).status).toBe(200);
  });

  it('answers an unknown email with the same message and no token', async () => {
    const known = await forgot((await t.createUser()).email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: known.body.message });
  });

  it('refuses a missing or malformed email with 400', async () => {
    expect((await t.request('POST', '/api/auth/forgot-password', { body: {} })).body.message).toBe('Email is required');
    const bad = await forgot('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('logs the reset link when no mail transport is configured, and never a password', async () => {
    const logged: string[] = [];
    const spies = (['log', 'error', 'warn', 'debug', 'verbose'] as const).map((level) =>
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      }),
    );
    try {
      const email = uniqueEmail('logged');
      await t.request('POST', '/api/auth/register', { body: { name: 'Logged', email, password: 'First#Secret1' } });
      await login(email, 'Wrong#Secret2');
      const { token } = (await forgot(email)).body;
      await reset(token, 'Second#Secret3');
      expect(logged.some((line) => line.includes(`${t.config.publicUrl}/reset-password/${token}`))).toBe(true);
      expect(logged.join('\n')).not.toMatch(/First#Secret1|Wrong#Secret2|Second#Secret3/);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('takes about as long for an unknown email as for a known one', async () => {
    const user = await t.createUser();
    const timed = async (email: string) => {
      const started = Date.now();
      await forgot(email);
      return Date.now() - started;
    };
    expect(await timed(user.email)).toBeGreaterThanOrEqual(240);
    expect(await timed(uniqueEmail('nobody'))).toBeGreaterThanOrEqual(240);
  });
});

describe('auth: sessions end on the server', () => {
  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });
  const signIn = async (email: string, password: string) => (await t.request('POST', '/api/auth/login', { body: { email, password } })).body.token as string;

  it('logout ends the token it is called with, and only that one', async () => {
    const user = await t.createUser();
    const phone = await signIn(user.email, user.password);
    const laptop = await signIn(user.email, user.password);
    expect(phone).not.toBe(laptop);

    const out = await t.request('POST', '/api/auth/logout', { token: phone });
    expect(out.status).toBe(200);
    const refused = await profile(phone);
    expect([refused.status, refused.body.message]).toEqual([401, 'Your session has expired. Please sign in again']);
    expect((await t.request('POST', '/api/auth/logout', { token: phone })).status).toBe(401);
    expect((await profile(laptop)).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(401);
  });

  it('keeps a revoked token only until it would have expired anyway', async () => {
    const user = await t.createUser();
    const token = await signIn(user.email, user.password);
    await t.request('POST', '/api/auth/logout', { token });
    const hash = createHash('sha256').update(token).digest('hex');
    const [{ expiresAt }] = await t.dataSource.query('SELECT expires_at AS "expiresAt" FROM revoked_tokens WHERE token_hash = $1', [hash]);
    expect(new Date(expiresAt).getTime() / 1000).toBe((jwt.decode(token) as { exp: number }).exp);

    await t.dataSource.query(`UPDATE revoked_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    expect(await t.app.get(SessionTokens).purgeExpired()).toBeGreaterThanOrEqual(1);
    const [{ left }] = await t.dataSource.query('SELECT count(*)::int AS left FROM revoked_tokens WHERE token_hash = $1', [hash]);
    expect(left).toBe(0);
  });
});

// The suites below start apps of their own. Passport keeps one 'jwt' strategy per process, so the
// shared app's tokens stop verifying once another app starts: the shared app's suites come first.
describe('auth: forgot password with token exposure off', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ EXPOSE_RESET_TOKEN: 'false' });
  }, 180_000);
  afterAll(() => quiet?.close());

  it('answers byte for byte the same whether or not the email has an account', async () => {
    const user = await quiet.createUser();
    const known = await quiet.request('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const unknown = await quiet.request('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.raw.equals(unknown.raw)).toBe(true);
    expect(known.body.token).toBeUndefined();
    const [{ count }] = await quiet.dataSource.query('SELECT count(*)::int AS count FROM password_resets WHERE user_id = $1', [user.id]);
    expect(count).toBe(1);
  });
});

describe('auth: registrations per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ REGISTER_LIMIT_PER_HOUR: '3' });
  }, 180_000);
  afterAll(() => limited?.close());

  it('refuses registrations past REGISTER_LIMIT_PER_HOUR from one address with 429 and a message', async () => {
    const register = (label: string, ip = '203.0.113.7') =>
      limited.app
        .getHttpAdapter()
        .getInstance()
        .inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: ip,
          payload: { name: 'Scripted', email: uniqueEmail(label), password: PASSWORD },
        });
    for (let i = 0; i < 3; i++) expect((await register(`bulk${i}`)).statusCode).toBe(201);
    const refused = await register('bulk4');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(JSON.parse(refused.body).message).toMatch(/^Too many accounts were created from your network\. Please try again in \d+ minutes?\.$/);
    expect((await register('elsewhere', '198.51.100.9')).statusCode).toBe(201);
  });
});
