import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { parseAdminRequest, runAdminCreate } from '../src/cli/admin-create';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { verifyPassword } from '../src/users/password-hasher';
import { createTestApp, TestApp } from './test-app';

describe('admin:create command line', () => {
  it.each([
    ['nothing', [], ['--email is required', '--password is required']],
    ['a malformed email', ['--email', 'boss', '--password', 'Boss#Secret1'], ['--email must be a valid email address, got "boss"']],
    ['a short password', ['--email', 'boss@example.com', '--password', 'short'], ['--password must be at least 8 characters']],
    ['a long password', ['--email', 'boss@example.com', '--password', 'x'.repeat(129)], ['--password must be at most 128 characters']],
    ['a blank name', ['--email', 'boss@example.com', '--password', 'Boss#Secret1', '--name', ' '], ['--name must not be blank']],
    ['an unknown option', ['--emial', 'boss@example.com'], [expect.stringContaining("Unknown option '--emial'")]],
  ])('refuses %s with clear messages', (_case, argv, problems) => {
    expect(parseAdminRequest(argv as string[])).toEqual({ problems });
  });

  it('lower-cases the email and keeps an optional name', () => {
    expect(parseAdminRequest(['--email', ' Boss@Example.COM ', '--password', 'Boss#Secret1', '--name', ' Head Gardener '])).toEqual({
      request: { email: 'boss@example.com', password: 'Boss#Secret1', name: 'Head Gardener' },
    });
  });

  it('answers exit code 2 and the usage for a bad command line, touching no database', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await runAdminCreate(['--email', 'boss'], { DATA_DIR: '/nonexistent/never-created' })).toBe(2);
      expect(errors.mock.calls.join('\n')).toContain('Usage: npm run admin:create -- --email');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('admin:create on the embedded database in DATA_DIR', () => {
  let dataDir: string;
  let printed: string[];
  let spies: jest.SpyInstance[];
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-admin-create-'));
    printed = [];
    spies = [
      jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' '))),
      jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined),
    ];
  });
  afterEach(() => {
    spies.forEach((spy) => spy.mockRestore());
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function storedUser(email: string): Promise<{ role: string; password_hash: string; name: string }> {
    const embedded = await startEmbeddedPostgres(dataDir);
    const client = new Client({ connectionString: embedded.url });
    try {
      await client.connect();
      const { rows } = await client.query('SELECT role, password_hash, name FROM users WHERE email = $1', [email]);
      return rows[0];
    } finally {
      await client.end();
      await embedded.stop();
    }
  }

  it('creates the admin in a fresh DATA_DIR, then replaces its password when run again', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    expect(await runAdminCreate(['--email', 'Boss@Example.com', '--password', 'Boss#Secret1', '--name', 'Head Gardener'], env)).toBe(0);
    expect(printed.join('\n')).toContain(`Created admin boss@example.com in the embedded database in ${dataDir}.`);
    expect(printed.join('\n')).not.toContain('Boss#Secret1');

    expect(await runAdminCreate(['--email', 'boss@example.com', '--password', 'Boss#Secret2'], env)).toBe(0);
    expect(printed.join('\n')).toContain('boss@example.com already had an account');

    const user = await storedUser('boss@example.com');
    expect(user.role).toBe('admin');
    expect(user.name).toBe('Head Gardener');
    expect(await verifyPassword('Boss#Secret2', user.password_hash)).toBe(true);
  }, 180_000);

  it('says clearly when the shop holds the same DATA_DIR', async () => {
    // A live process other than this one owns the lock, as the running shop would.
    writeFileSync(join(dataDir, 'embedded-db.lock'), String(process.ppid));
    await expect(runAdminCreate(['--email', 'boss@example.com', '--password', 'Boss#Secret1'], { NODE_ENV: 'test', DATA_DIR: dataDir })).rejects.toThrow(
      /is in use by process \d+[\s\S]*stop the shop, run admin:create, then start the shop again/,
    );
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

// DATABASE_URL is only exercised when a PostgreSQL server is at hand (TEST_DATABASE_URL).
onPostgres('admin:create on DATABASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  it('promotes an existing customer with a new password: earlier sessions end, and signing in gives admin at once', async () => {
    const customer = await t.createUser();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(
        await runAdminCreate(['--email', customer.email.toUpperCase(), '--password', 'Promoted#Secret1'], { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl! }),
      ).toBe(0);
    } finally {
      log.mockRestore();
    }
    const before = await t.request('GET', '/api/admin/stats', { token: customer.token });
    expect([before.status, before.body.message]).toEqual([401, 'Your session has expired. Please sign in again']);
    const login = await t.request('POST', '/api/auth/login', { body: { email: customer.email, password: 'Promoted#Secret1' } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    expect((await t.request('GET', '/api/admin/stats', { token: login.body.token })).status).toBe(200);
  });
});
