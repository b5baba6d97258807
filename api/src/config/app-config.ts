import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export const APP_CONFIG = Symbol('APP_CONFIG');

export type PaymentsProvider = 'razorpay' | 'sandbox';

export interface AppConfig {
  port: number;
  isProduction: boolean;
  /** A PostgreSQL URL, or null for the embedded PGlite database kept in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  /** The admin bootstrapped at start; null in production when ADMIN_EMAIL is unset. */
  admin: { email: string; password: string; isDemo: boolean } | null;
  razorpay: { keyId: string | null; keySecret: string | null; webhookSecret: string | null };
  paymentsProvider: PaymentsProvider;
  exposeResetToken: boolean;
  smtpUrl: string | null;
  /** Where people reach the site; used in mailed links. */
  publicUrl: string;
  /** Written into /remotes.json for the shell: where each remote's manifest lives. */
  remotes: { storefront: string; admin: string };
  /** How long the shell waits for a remote before showing its fallback (also in /remotes.json). */
  remoteLoadTimeoutMs: number;
  /** Origins allowed by CORS besides the site itself. */
  corsOrigins: string[];
  trustProxy: boolean;
  redisUrl: string | null;
  /** Folder holding the built frontends (shell/, storefront/, admin/). */
  webRoot: string;
  logLevel: string;
  /** Structured JSON logs (always in production). */
  jsonLogs: boolean;
  /** Seed the demo catalogue into an empty database. */
  seedDemoCatalogue: boolean;
  /** Connection attempts at start, one every `databaseRetryDelayMs`, before giving up on the database. */
  databaseConnectAttempts: number;
  databaseRetryDelayMs: number;
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Bearer token for GET /api/metrics; null: open outside production, off (404) in production. */
  metricsToken: string | null;
}

/** The spec's time-out for lazily loaded remote scripts. */
export const DEFAULT_REMOTE_LOAD_TIMEOUT_MS = 120_000;

export const DEMO_ADMIN = { email: 'admin@thalirblooms.example', password: 'BloomAdmin#2026' };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function flag(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function text(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** The origin (scheme://host:port) of an absolute http(s) URL, or null for a relative or other URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Reads a secret kept in DATA_DIR, creating it on first use, so restarts keep sessions valid. */
export function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

/** Validates the environment once at start; every problem is reported together. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const check = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };

  const isProduction = env.NODE_ENV === 'production';
  const port = check(() => {
    const value = Number(env.PORT ?? 3000);
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
    return value;
  }, 3000);
  const dataDir = resolve(env.DATA_DIR?.trim() || '.data');
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// URL');
  if (isProduction && !databaseUrl) problems.push('DATABASE_URL is required in production (the embedded database is for trying the shop)');

  const jwtSecretEnv = text(env, 'JWT_SECRET');
  if (jwtSecretEnv && jwtSecretEnv.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  if (isProduction && !jwtSecretEnv) problems.push('JWT_SECRET is required in production');

  const adminEmail = text(env, 'ADMIN_EMAIL');
  const adminPassword = text(env, 'ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (adminPassword && adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters');
  if (isProduction && adminPassword === DEMO_ADMIN.password) problems.push('ADMIN_PASSWORD must not be the demo password in production');

  const razorpay = {
    keyId: text(env, 'RAZORPAY_KEY_ID'),
    keySecret: text(env, 'RAZORPAY_KEY_SECRET'),
    webhookSecret: text(env, 'RAZORPAY_WEBHOOK_SECRET'),
  };
  const providerEnv = text(env, 'PAYMENTS_PROVIDER');
  if (providerEnv && providerEnv !== 'razorpay' && providerEnv !== 'sandbox') {
    problems.push(`PAYMENTS_PROVIDER must be razorpay or sandbox, got "${providerEnv}"`);
  }
  const paymentsProvider: PaymentsProvider =
    providerEnv === 'razorpay' || providerEnv === 'sandbox'
      ? providerEnv
      : razorpay.keyId && razorpay.keySecret
        ? 'razorpay'
        : 'sandbox';
  if (paymentsProvider === 'razorpay' && !(razorpay.keyId && razorpay.keySecret)) {
    problems.push('PAYMENTS_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  }
  if (isProduction && paymentsProvider === 'sandbox') problems.push('The sandbox payment provider cannot run in production: set the Razorpay keys');

  const smtpUrl = text(env, 'SMTP_URL');
  const exposeResetToken = check(() => flag(env, 'EXPOSE_RESET_TOKEN'), undefined) ?? (!isProduction && !smtpUrl);
  if (isProduction && exposeResetToken) problems.push('EXPOSE_RESET_TOKEN cannot be on in production');

  const trustProxy = check(() => flag(env, 'TRUST_PROXY'), undefined) ?? false;
  const webRootEnv = text(env, 'WEB_ROOT');
  const seedDemoCatalogue = check(() => flag(env, 'SEED_DEMO_CATALOGUE'), undefined) ?? !isProduction;
  const jsonLogs = check(() => flag(env, 'LOG_JSON'), undefined) ?? isProduction;
  const whole = (name: string, fallback: number, min: number, max: number) =>
    check(() => {
      const raw = text(env, name);
      if (raw === null) return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return value;
    }, fallback);
  const remoteLoadTimeoutMs = whole('REMOTE_LOAD_TIMEOUT_MS', DEFAULT_REMOTE_LOAD_TIMEOUT_MS, 100, 600_000);
  const databaseConnectAttempts = whole('DATABASE_CONNECT_ATTEMPTS', 30, 1, 1000);
  const databaseRetryDelayMs = whole('DATABASE_RETRY_DELAY_MS', 2000, 10, 60_000);
  const shutdownTimeoutMs = whole('SHUTDOWN_TIMEOUT_MS', 25_000, 0, 600_000);
  const corsOrigins = (text(env, 'CORS_ORIGINS') ?? '').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  for (const origin of corsOrigins) {
    if (originOf(origin) !== origin) problems.push(`CORS_ORIGINS entries must be origins like https://shop.example.com, got "${origin}"`);
  }
  const metricsToken = text(env, 'METRICS_TOKEN');
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// or rediss:// URL');

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    isProduction,
    databaseUrl,
    dataDir,
    jwtSecret: jwtSecretEnv ?? persistedSecret(dataDir, 'jwtSecret'),
    jwtExpiresIn: text(env, 'JWT_EXPIRES_IN') ?? '7d',
    admin: adminEmail && adminPassword
      ? { email: adminEmail.toLowerCase(), password: adminPassword, isDemo: false }
      : isProduction
        ? null
        : { ...DEMO_ADMIN, isDemo: true },
    razorpay,
    paymentsProvider,
    exposeResetToken,
    smtpUrl,
    publicUrl,
    remotes: {
      storefront: text(env, 'STOREFRONT_REMOTE_URL') ?? '/remotes/storefront/mf-manifest.json',
      admin: text(env, 'ADMIN_REMOTE_URL') ?? '/remotes/admin/mf-manifest.json',
    },
    remoteLoadTimeoutMs,
    corsOrigins,
    trustProxy,
    redisUrl,
    webRoot: webRootEnv ? (isAbsolute(webRootEnv) ? webRootEnv : resolve(webRootEnv)) : resolve('dist'),
    logLevel: text(env, 'LOG_LEVEL') ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    jsonLogs,
    seedDemoCatalogue,
    databaseConnectAttempts,
    databaseRetryDelayMs,
    shutdownTimeoutMs,
    metricsToken,
  };
}
