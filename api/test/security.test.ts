import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { EARLY_TAPS_SCRIPT_HASH } from '../src/common/security-headers';
import { eventually } from './order-fixtures';
import { captureLogs, createTestApp, type TestApp, type TestUser } from './test-app';

const REMOTE_ORIGIN = 'https://remotes.example.net';
const ALLOWED_ORIGIN = 'https://admin.example.org';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function multipartBody(boundary: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer }): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/**
 * The edge of the API: security headers and CSP, CORS from configuration only, size limits,
 * request ids, structured logs without secrets, and JWTs that cannot be forged or outlive expiry.
 */
describe('security', () => {
  let t: TestApp;
  let customer: TestUser;
  let admin: TestUser;
  const { logStream, lines: logLines } = captureLogs();

  beforeAll(async () => {
    t = await createTestApp(
      {
        STOREFRONT_REMOTE_URL: `${REMOTE_ORIGIN}/storefront/mf-manifest.json`,
        CORS_ORIGINS: ALLOWED_ORIGIN,
        LOG_JSON: 'true',
        LOG_LEVEL: 'info',
        // A mail transport, as production has, so reset links are mailed (here: fail to) and not logged.
        SMTP_URL: 'smtp://127.0.0.1:9',
        EXPOSE_RESET_TOKEN: 'true',
      },
      { logStream },
    );
    customer = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t?.close());

  describe('headers', () => {
    it('sends a CSP that allows the site, the remotes’ origins and Razorpay, and no inline script but the early-tap capture (by its hash)', async () => {
      const response = await t.request('GET', '/api/health');
      const csp = String(response.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'", EARLY_TAPS_SCRIPT_HASH, REMOTE_ORIGIN, 'https://checkout.razorpay.com']);
      expect(EARLY_TAPS_SCRIPT_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      for (const name of ['style-src', 'connect-src', 'img-src', 'font-src']) expect(directives[name]).toContain(REMOTE_ORIGIN);
      expect(directives['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(directives['frame-src']).toEqual(expect.arrayContaining(['https://api.razorpay.com']));
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe-eval');
      expect(directives['upgrade-insecure-requests']).toBeUndefined();
    });

    it('sends the other hardening headers and no X-Powered-By, also on answers from the catalogue cache', async () => {
      // The second read is a cache hit, answered before Nest's pipeline: it must carry the same headers.
      await t.request('GET', '/api/products');
      const response = await t.request('GET', '/api/products', { headers: { 'x-request-id': 'cached-read' } });
      expect(response.headers['x-request-id']).toBe('cached-read');
      expect(String(response.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Plain http here: HSTS only goes out when PUBLIC_URL is https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('relaxes script-src only for the Swagger UI pages', async () => {
      const docs = await t.request('GET', '/api/docs');
      expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self' 'unsafe-inline'");
      const shell = await t.request('GET', '/products');
      expect(String(shell.headers['content-security-policy'])).not.toContain("'unsafe-inline' https://checkout");
      expect(String(shell.headers['content-security-policy'])).toMatch(/script-src 'self' [^;]*checkout\.razorpay\.com;/);
    });
  });

  describe('CORS', () => {
    it('answers a preflight from a configured origin', async () => {
      const response = await t.request('OPTIONS', '/api/orders', {
        headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      const simple = await t.request('GET', '/api/products', { headers: { origin: ALLOWED_ORIGIN } });
      expect(simple.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(String(simple.headers['access-control-expose-headers']).toLowerCase()).toContain('x-request-id');
    });

    it('gives no CORS grant to any other origin', async () => {
      for (const origin of ['https://evil.example', 'null', `${ALLOWED_ORIGIN}.evil.example`]) {
        const preflight = await t.request('OPTIONS', '/api/orders', { headers: { origin, 'access-control-request-method': 'POST' } });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
        const simple = await t.request('GET', '/api/products', { headers: { origin } });
        expect(simple.headers['access-control-allow-origin']).toBeUndefined();
        expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
      }
    });
  });

  describe('size limits', () => {
    it('refuses a JSON body over 1 MB with 413 and a message', async () => {
      const response = await t.request('POST', '/api/auth/login', {
        payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
    });

    it('refuses text that is half of a surrogate pair with 400 anywhere in a JSON body, and keeps whole pairs', async () => {
      for (const [url, payload] of [
        ['/api/newsletter', '{"email":"\\ud800"}'],
        ['/api/auth/register', '{"name":"Ravi","email":"ravi\\udc00@example.com","password":"Petals#2026"}'],
        ['/api/contact', '{"name":"Ravi","email":"ravi@example.com","message":"hi","extra":{"\\ud83d":1}}'],
      ]) {
        const response = await t.request('POST', url, { payload, headers: { 'content-type': 'application/json' } });
        expect([url, response.status, response.body]).toEqual([url, 400, { success: false, message: 'Request body has text that is not valid Unicode' }]);
      }
      const emoji = await t.request('POST', '/api/contact', {
        payload: '{"name":"Ravi \\ud83c\\udf3c","email":"ravi@example.com","message":"Flowers \\ud83c\\udf3c please"}',
        headers: { 'content-type': 'application/json' },
      });
      expect(emoji.status).toBe(201);
    });

    it('refuses an image over 5 MB with 413 and a message', async () => {
      const boundary = `----thalir${randomUUID()}`;
      const payload = multipartBody(
        boundary,
        { name: 'Huge Rose', price: '100', stock: '1', type: 'flower', description: 'Too big.' },
        { name: 'huge.png', type: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 1024, 1) },
      );
      const response = await t.request('POST', '/api/products', {
        token: admin.token,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(response.status).toBe(413);
      expect(typeof response.body.message).toBe('string');
    });
  });

  describe('request ids and logs', () => {
    it('echoes a well-formed x-request-id and makes one up otherwise', async () => {
      const given = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-abc.123' } });
      expect(given.headers['x-request-id']).toBe('trace-abc.123');
      const none = await t.request('GET', '/api/health');
      expect(String(none.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
      const hostile = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'x"\n<script>'.padEnd(80, 'y') } });
      expect(String(hostile.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('writes JSON log lines with request ids, and never a password or a token', async () => {
      const email = `logs.${Date.now()}@example.com`;
      const password = 'Sunfl0wer#Seeds';
      const newPassword = 'Marig0ld#Garland';
      const wrongPassword = 'Jasm1ne#Wrong';
      const register = await t.request('POST', '/api/auth/register', {
        body: { name: 'Log Tester', email, password },
        headers: { 'x-request-id': 'req-register' },
      });
      expect(register.status).toBe(201);
      const token: string = register.body.token;
      expect((await t.request('POST', '/api/auth/login', { body: { email, password: wrongPassword } })).status).toBe(401);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
      const forgot = await t.request('POST', '/api/auth/forgot-password', { body: { email } });
      expect(forgot.status).toBe(200);
      const resetToken: string = forgot.body.token;
      expect(typeof resetToken).toBe('string');
      const reset = await t.request('POST', `/api/auth/reset-password/${resetToken}`, { body: { password: newPassword } });
      expect(reset.status).toBe(200);
      await t.request('GET', `/api/orders/${randomUUID()}/invoice?token=${token}`, { headers: { 'x-request-id': 'req-invoice' } });
      await t.request('GET', '/api/users/profile', { token });
      // Delivery to the unreachable mail server fails asynchronously and is logged; that line is read too.
      await eventually(async () => logLines.some((line) => line.includes('Could not send the password reset email')), Boolean);

      expect(logLines.length).toBeGreaterThan(10);
      const entries = logLines.map((line) => JSON.parse(line) as Record<string, any>);
      for (const entry of entries)
        expect(entry).toEqual(expect.objectContaining({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) }));
      const invoiceLine = entries.find((entry) => entry.reqId === 'req-invoice' && entry.req);
      expect(invoiceLine?.req.url).toMatch(/\/invoice\?token=\[redacted\]$/);
      expect(entries.some((entry) => entry.reqId === 'req-register' && entry.res?.statusCode === 201)).toBe(true);
      expect(entries.some((entry) => typeof entry.req?.url === 'string' && entry.req.url.endsWith('/reset-password/[redacted]'))).toBe(true);
      // Nest's own lines go through the same JSON logger.
      expect(entries.some((entry) => entry.context === 'RoutesResolver' || entry.context === 'InstanceLoader')).toBe(true);

      const all = logLines.join('\n');
      for (const secret of [password, newPassword, wrongPassword, token, resetToken, customer.token, token.split('.')[2]]) {
        expect(all.includes(secret)).toBe(false);
      }
    });
  });

  describe('JWT', () => {
    const call = (token: string) => t.request('GET', '/api/users/profile', { token });

    it('issues HS256 tokens that expire', async () => {
      const register = await t.request('POST', '/api/auth/register', {
        body: { name: 'Jwt Tester', email: `jwt.${Date.now()}@example.com`, password: 'Lotus#Pond42' },
      });
      const decoded = jwt.decode(register.body.token, { complete: true }) as jwt.Jwt & { payload: jwt.JwtPayload };
      expect(decoded.header.alg).toBe('HS256');
      expect(decoded.payload.exp! - decoded.payload.iat!).toBe(7 * 24 * 3600);
      expect((await call(register.body.token)).status).toBe(200);
    });

    it('refuses an expired token with the session-expired message', async () => {
      const response = await call(t.signToken(customer.id, { expiresIn: -1 }));
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Your session has expired. Please sign in again');
    });

    it('refuses alg "none", another algorithm, another secret and a tampered payload', async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: admin.id, iat: now, exp: now + 3600 };
      const forgeries = {
        none: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
        noneWithSignature: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.${customer.token.split('.')[2]}`,
        hs512: jwt.sign(claims, t.config.jwtSecret, { algorithm: 'HS512' }),
        otherSecret: jwt.sign(claims, 'x'.repeat(48), { algorithm: 'HS256' }),
        // The customer's signature on a payload naming the admin.
        tampered: `${customer.token.split('.')[0]}.${base64url({ ...(jwt.decode(customer.token) as object), sub: admin.id })}.${customer.token.split('.')[2]}`,
        garbage: 'not.a.token',
      };
      for (const [name, token] of Object.entries(forgeries)) {
        const response = await call(token);
        expect([name, response.status]).toEqual([name, 401]);
        expect(typeof response.body.message).toBe('string');
        expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(401);
      }
    });

    it('refuses a valid token of a user who no longer exists', async () => {
      expect((await call(t.signToken(randomUUID()))).status).toBe(401);
    });
  });
});
