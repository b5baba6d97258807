import { MemoryRateLimitStore } from '../src/common/rate-limit/memory-rate-limit-store';
import { RateLimiter, TooManyRequestsException, type RateLimitRule } from '../src/common/rate-limit/rate-limiter';
import { createTestApp, TestApp } from './test-app';

const TOO_MANY_SIGN_INS = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;
const TOO_MANY_CALLS = 'Too many requests from your network. Please wait a minute and try again.';

describe('RateLimiter over the in-memory store', () => {
  let now = 1_000_000;
  const clock = () => now;
  const rule: RateLimitRule = { name: 'test', limit: 3, windowMs: 60_000, message: (seconds) => `wait ${seconds}s` };

  it('allows the limit within a window, refuses past it with the time left, and starts again once it ends', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(clock));
    for (let i = 0; i < 3; i++) await limiter.consume(rule, 'a');
    now += 15_500;
    const refusal = await limiter.consume(rule, 'a').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsException);
    expect((refusal as TooManyRequestsException).getStatus()).toBe(429);
    expect((refusal as TooManyRequestsException).retryAfterSeconds).toBe(45);
    expect((refusal as TooManyRequestsException).message).toBe('wait 45s');

    await limiter.consume(rule, 'b');
    now += 44_500;
    await expect(limiter.consume(rule, 'a')).resolves.toBeUndefined();
  });

  it('forgets a subject on reset', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(clock));
    for (let i = 0; i < 3; i++) await limiter.consume(rule, 'c');
    await limiter.reset(rule, 'c');
    await expect(limiter.consume(rule, 'c')).resolves.toBeUndefined();
  });

  it('keeps each rule apart even for the same subject', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(clock));
    for (let i = 0; i < 3; i++) await limiter.consume(rule, 'd');
    await expect(limiter.consume({ ...rule, name: 'other' }, 'd')).resolves.toBeUndefined();
  });

  it('sweeps closed windows so memory stays bounded', async () => {
    const store = new MemoryRateLimitStore(clock);
    for (let i = 0; i < 10_000; i++) await store.increment(`old-${i}`, 1000);
    now += 1001;
    await store.increment('new', 1000);
    expect(store.size).toBe(1);
  });
});

describe('sign-in limits over HTTP', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: 'true' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  const login = (app: TestApp, email: string, password: string, clientAddress?: string) =>
    app.request('POST', '/api/auth/login', { body: { email, password }, headers: clientAddress ? { 'x-forwarded-for': clientAddress } : {} });

  it('answers 429 after 10 failed sign-ins for one email from one address, even with the right password', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) expect((await login(t, user.email, `Wrong#${i}xxxx`)).status).toBe(401);
    for (const password of ['Wrong#again1', user.password]) {
      const res = await login(t, user.email.toUpperCase(), password);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ success: false, message: expect.stringMatching(TOO_MANY_SIGN_INS) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // Another account from the same address is not affected.
    const other = await t.createUser();
    expect((await login(t, other.email, other.password)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted, so a client cannot dodge the limit', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) expect((await login(t, user.email, 'Wrong#pass1', `203.0.113.${i}`)).status).toBe(401);
    expect((await login(t, user.email, user.password, '198.51.100.7')).status).toBe(429);
  });

  it('counts per client address behind a trusted proxy', async () => {
    const user = await proxied.createUser();
    for (let i = 0; i < 10; i++) expect((await login(proxied, user.email, 'Wrong#pass1', '203.0.113.10')).status).toBe(401);
    expect((await login(proxied, user.email, user.password, '203.0.113.10')).status).toBe(429);
    expect((await login(proxied, user.email, user.password, '203.0.113.11')).status).toBe(200);
  });

  it('keys on the address the trusted proxy saw: a client writing X-Forwarded-For itself cannot rotate its way out', async () => {
    const user = await proxied.createUser();
    // nginx appends the address it saw to whatever the client sent; with one trusted hop only that last entry counts.
    for (let i = 0; i < 10; i++) expect((await login(proxied, user.email, 'Wrong#pass1', `192.0.2.${i}, 203.0.113.30`)).status).toBe(401);
    expect((await login(proxied, user.email, user.password, '192.0.2.99, 203.0.113.30')).status).toBe(429);
  });

  it('clears the count after a successful sign-in', async () => {
    const user = await proxied.createUser();
    const address = '203.0.113.20';
    for (let i = 0; i < 9; i++) expect((await login(proxied, user.email, 'Wrong#pass1', address)).status).toBe(401);
    expect((await login(proxied, user.email, user.password, address)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(proxied, user.email, 'Wrong#pass1', address)).status).toBe(401);
    expect((await login(proxied, user.email, user.password, address)).status).toBe(429);
  });

  it('lets the pair sign in again once the 15-minute window has ended', async () => {
    const user = await proxied.createUser();
    const address = '203.0.113.30';
    for (let i = 0; i < 10; i++) await login(proxied, user.email, 'Wrong#pass1', address);
    expect((await login(proxied, user.email, user.password, address)).status).toBe(429);
    // Only Date moves; timers stay real so the database and HTTP layers keep working.
    jest.useFakeTimers({
      now: Date.now() + 15 * 60 * 1000 + 1000,
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      expect((await login(proxied, user.email, user.password, address)).status).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('allows 300 auth calls a minute from one address, then answers 429 on every auth call', async () => {
    const address = '198.51.100.40';
    const headers = { 'x-forwarded-for': address };
    // Malformed calls count too: the limit applies before validation.
    for (let i = 0; i < 298; i++) expect((await proxied.request('POST', '/api/auth/register', { body: {}, headers })).status).toBe(400);
    expect((await proxied.request('POST', '/api/auth/forgot-password', { body: {}, headers })).status).toBe(400);
    expect((await proxied.request('POST', '/api/auth/reset-password/unknown', { body: { password: 'Fresh#Petals9' }, headers })).status).toBe(400);

    const user = await proxied.createUser();
    for (const [url, body] of [
      ['/api/auth/login', { email: user.email, password: user.password }],
      ['/api/auth/register', { name: 'Late', email: 'late@example.com', password: 'Petals#2026' }],
      ['/api/auth/forgot-password', { email: user.email }],
      ['/api/auth/reset-password/unknown', { password: 'Fresh#Petals9' }],
    ] as const) {
      const res = await proxied.request('POST', url, { body, headers });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ success: false, message: TOO_MANY_CALLS });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }

    expect((await login(proxied, user.email, user.password, '198.51.100.41')).status).toBe(200);
    expect((await proxied.request('GET', '/api/users/profile', { token: user.token, headers })).status).toBe(200);
  });
});
