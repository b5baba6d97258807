import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import jwt from 'jsonwebtoken';
import passport from 'passport';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { version as PG_BOSS_VERSION } from 'pg-boss/package.json';
import type { Role } from '@thalir/contracts';
import { createApp, type CreateAppOptions } from '../src/app.factory';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { JWT_ALGORITHM } from '../src/auth/jwt.strategy';
import { Clock } from '../src/jobs/clock';
import { JobQueue } from '../src/jobs/job-queue';
import { MoneyChecker } from '../src/payments/money-check';
import { openTestApps } from './open-test-apps';
import { MIGRATIONS } from '../src/database/entities';
import { hashPassword } from '../src/users/password-hasher';
import { UserEntity } from '../src/users/user.entity';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is (e.g. a multipart payload built by the test). */
  payload?: Buffer | string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** A PostgreSQL URL of this test's own database when running on PostgreSQL, else null. */
  databaseUrl: string | null;
  /** The time the app's background work goes by: a test moves it on (`advance`) instead of waiting. */
  clock: Clock;
  /**
   * Does now all the background work that is due by `clock` (mail, ended holds, refunds, queued
   * jobs), until none is left. For apps started with JOB_WORKERS=false, whose tests drive that work.
   */
  workDue(): Promise<void>;
  request<T = any>(method: string, url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  createUser(options?: { role?: Role; name?: string; email?: string; password?: string }): Promise<TestUser>;
  signToken(userId: string, options?: jwt.SignOptions): string;
  /**
   * Orders whose money does not add up (payments/money-check.ts), leaving out those a test broke on
   * purpose and said so with `acceptMoneyProblem`. Checked after every test (money-check.setup.ts).
   */
  moneyProblems(): Promise<{ orderId: string; problems: string[] }[]>;
  acceptMoneyProblem(orderId: string): void;
  /** For a test that takes the app's database away: no money check after its tests. */
  skipMoneyCheck(): void;
  close(): Promise<void>;
}

let counter = 0;

/**
 * One bcrypt hash per password for the users tests make directly: a hash carries its own salt, so
 * users may share one, and bcrypt's CPU then goes only to the sign-ins and sign-ups tests make.
 */
const hashesByPassword = new Map<string, Promise<string>>();
function testPasswordHash(password: string): Promise<string> {
  if (!hashesByPassword.has(password)) hashesByPassword.set(password, hashPassword(password));
  return hashesByPassword.get(password)!;
}

/** The environment every test app starts with, before the test's own. */
function testEnvironment(dataDir: string, databaseUrl: string | null, env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO_CATALOGUE: 'false',
    LOG_LEVEL: process.env.DEBUG_LOG_LEVEL ?? 'silent',
    WEB_ROOT: join(dataDir, 'web'),
    // Tests place many orders from one address and account; the limits have tests of their own.
    ORDERS_PER_MINUTE_PER_ACCOUNT: '1000000',
    ORDERS_PER_MINUTE_PER_ADDRESS: '1000000',
    MAX_OPEN_CASH_ORDERS: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
}

/** Starts the app on `config`; Passport's 'jwt' strategy in place before is put back by the returned `restore`. */
async function startApp(config: AppConfig, appOptions: Omit<CreateAppOptions, 'inMemoryDatabase'>) {
  // Passport keeps one 'jwt' strategy per process and each app's start registers its own; the one
  // in place before is put back when this app closes, so apps started for one test leave the rest alone.
  const previousStrategy = (passport as unknown as { _strategy(name: string): passport.Strategy | undefined })._strategy('jwt');
  const app = await createApp(config, { ...appOptions, inMemoryDatabase: true });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, restore: () => previousStrategy && passport.use('jwt', previousStrategy) };
}

const databaseUrlOf = (baseUrl: string, name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();

/** Any fixed number: it only has to be the same in every jest worker. */
const TEMPLATE_LOCK_ID = 727_402;
const TEMPLATE_PREFIX = 'shop_test_template_';

/**
 * The database every scratch database is cloned from: the schema as the app's first start leaves it
 * (every migration, pg-boss's tables), made once per migration set and pg-boss version on the test
 * server; templates of other sets are dropped. Called under the template lock. The set is named by
 * the migrations' names and the text of their files, so a migration edited before it ships (the
 * test server outlives a checkout) makes a new template.
 */
async function templateDatabase(admin: Client, baseUrl: string): Promise<string> {
  const migrationsDir = join(__dirname, '../src/database/migrations');
  const migrationTexts = readdirSync(migrationsDir)
    .sort()
    .map((file) => readFileSync(join(migrationsDir, file), 'utf8'));
  const migrations = MIGRATIONS.map((migration) => migration.name).join(',');
  const name =
    TEMPLATE_PREFIX +
    createHash('sha256')
      .update(`${migrations}|${migrationTexts.join('\n')}|pg-boss ${PG_BOSS_VERSION}`)
      .digest('hex')
      .slice(0, 16);
  const templates = (await admin.query('SELECT datname AS name, shobj_description(oid, $2) AS state FROM pg_database WHERE datname LIKE $1', [
    `${TEMPLATE_PREFIX}%`,
    'pg_database',
  ])) as { rows: { name: string; state: string | null }[] };
  // Templates of other migration sets, and one whose making was cut short, are dropped.
  for (const template of templates.rows) {
    if (template.name === name && template.state === 'ready') return name;
    await admin.query(`DROP DATABASE ${template.name} WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-test-'));
  try {
    const { app, restore } = await startApp(loadConfig(testEnvironment(dataDir, databaseUrlOf(baseUrl, name), { JOB_WORKERS: 'false' })), {});
    await app.close();
    restore();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  await admin.query(`COMMENT ON DATABASE ${name} IS 'ready'`);
  return name;
}

/**
 * A fresh database on TEST_DATABASE_URL's server, cloned from the template (CREATE DATABASE …
 * TEMPLATE: a fraction of running every migration again), dropped again by close().
 */
async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // The lock (held until this connection ends) keeps a template from being made twice, or dropped while it is cloned.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await templateDatabase(admin, baseUrl)}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlOf(baseUrl, name),
    async drop() {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The whole API, as `npm start` builds it, on a throwaway database: PostgreSQL when
 * TEST_DATABASE_URL is set, else the embedded one in memory. No demo catalogue unless asked.
 */
export async function createTestApp(env: Record<string, string> = {}, appOptions: Omit<CreateAppOptions, 'inMemoryDatabase'> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-test-'));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
  let config: AppConfig;
  let started: Awaited<ReturnType<typeof startApp>>;
  try {
    config = loadConfig(testEnvironment(dataDir, scratch?.url ?? null, env));
    started = await startApp(config, appOptions);
  } catch (error) {
    // A test that expects the start to fail leaves no database or folder behind.
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { app, restore } = started;
  const dataSource = app.get(DataSource);

  const signToken = (userId: string, options: jwt.SignOptions = {}) =>
    jwt.sign({ sub: userId }, config.jwtSecret, { algorithm: JWT_ALGORITHM, expiresIn: '1h', ...options });

  const acceptedMoneyProblems = new Set<string>();
  const testApp: TestApp = {
    app,
    config,
    dataSource,
    databaseUrl: scratch?.url ?? null,
    clock: app.get(Clock),
    workDue: () => app.get(JobQueue).workDue(),
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: Buffer | string | undefined = options.payload;
      if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: method as never, url, headers, payload });
      const raw = response.rawPayload;
      const type = String(response.headers['content-type'] ?? '');
      const body = type.includes('application/json') && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8');
      return { status: response.statusCode, body, headers: response.headers, raw };
    },
    async createUser(options = {}) {
      counter += 1;
      const email = (options.email ?? `user${counter}.${Date.now()}@example.com`).toLowerCase();
      const password = options.password ?? 'Secret#123';
      const users = dataSource.getRepository(UserEntity);
      const saved = await users.save(
        users.create({
          name: options.name ?? `Test User ${counter}`,
          email,
          passwordHash: await testPasswordHash(password),
          role: options.role ?? 'customer',
          address: '',
        }),
      );
      return { id: saved.id, email, password, token: signToken(saved.id) };
    },
    signToken,
    async moneyProblems() {
      const problems = await app.get(MoneyChecker).check();
      return problems.filter((order) => !acceptedMoneyProblems.has(order.orderId)).map(({ orderId, problems }) => ({ orderId, problems }));
    },
    acceptMoneyProblem(orderId) {
      acceptedMoneyProblems.add(orderId);
    },
    skipMoneyCheck() {
      openTestApps.delete(testApp);
    },
    async close() {
      openTestApps.delete(testApp);
      try {
        await app.close();
      } finally {
        // Also when closing failed (a test took the database away): nothing is left behind.
        restore();
        await scratch?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  openTestApps.add(testApp);
  return testApp;
}

/** A stream to give createTestApp as its logStream, and the log lines that reached it. */
export function captureLogs(): { logStream: Writable; lines: string[] } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logStream, lines };
}
