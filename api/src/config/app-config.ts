import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { type DeliveryPolicy, type DeliverySlot, isCalendarDate } from '../delivery/delivery-rules';
import { isValidGstin } from '../tax/gstin';

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
  /**
   * Whether STOREFRONT_REMOTE_URL / ADMIN_REMOTE_URL were set: a remote deployed elsewhere is the
   * operator's choice, and this API's live release of that remote is then not what the shell loads.
   */
  remoteUrlsConfigured: { storefront: boolean; admin: boolean };
  /** This machine's copies of the frontend releases it uses (`<app>/<version>-<hash>/`); the releases themselves live in the storage. */
  releasesDir: string;
  /** Releases kept per app besides the live one and the one before it. */
  releasesKeep: number;
  /** Builds per app whose hashed files stay in the storage for pages drawn by another version. */
  buildAssetsKeep: number;
  /** How long the shell waits for a remote before showing its fallback (also in /remotes.json). */
  remoteLoadTimeoutMs: number;
  /** Origins allowed by CORS besides the site itself. */
  corsOrigins: string[];
  /**
   * Which proxies may tell the client's address in `X-Forwarded-For`: none (false), the nearest
   * `n` hops, or these addresses and CIDR ranges. Only their entries count, so a client writing the
   * header itself cannot change its address (rate limits key on it).
   */
  trustProxy: TrustProxy;
  redisUrl: string | null;
  /** Folder holding the built frontends (shell/, storefront/, admin/). */
  webRoot: string;
  logLevel: string;
  /** Structured JSON logs (always in production). */
  jsonLogs: boolean;
  /** Seed the demo catalogue into an empty database. */
  seedDemoCatalogue: boolean;
  /** This process works the job queue (mail, refunds, sweeps); off, it only queues jobs for processes that do. */
  jobWorkers: boolean;
  /** Connection attempts at start, one every `databaseRetryDelayMs`, before giving up on the database. */
  databaseConnectAttempts: number;
  databaseRetryDelayMs: number;
  /** Run migrations, the admin bootstrap and the demo seed at start (else `npm run migrate` does, and start refuses a database behind its code). */
  migrateOnStart: boolean;
  /** How long a start or `npm run migrate` waits for another's migration lock before giving up. */
  migrationLockTimeoutMs: number;
  /** Connections in this process's database pool (PostgreSQL; the embedded database has its own). */
  databasePoolMax: number;
  /**
   * PostgreSQL itself when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): the
   * connections that keep session state (LISTEN, the migration lock) go here. Null: DATABASE_URL is direct.
   */
  databaseDirectUrl: string | null;
  /** Hot statements are named (prepared once per connection); needs a direct connection or a pooler that keeps them (PgBouncer ≥ 1.21). */
  databasePreparedStatements: boolean;
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** On SIGTERM, how long the process keeps serving (readiness already failing) so load balancers stop sending before it closes. */
  shutdownDrainMs: number;
  /** How long an unpaid online order holds its stock before the system cancels it. */
  paymentHoldMs: number;
  /** Unpaid online orders one customer may have open at once. */
  maxUnpaidOrders: number;
  /** What one account or client address may hold or place, so nobody can trap the shop's stock. */
  orderLimits: OrderLimits;
  /** Password reset mails one account may be sent per hour, whoever asks. */
  resetMailsPerHour: number;
  /** Registrations allowed per client address and hour. */
  registerLimitPerHour: number;
  /** How long a process may answer from its own copy of a session (0: never); a session ended elsewhere is refused after at most this long. */
  sessionCacheMs: number;
  mail: {
    /** The sender of every mail the shop sends. */
    from: string;
    /** Where staff notices go (new orders, contact messages, the low-stock digest); null sends none. */
    staffRecipient: string | null;
    /** Deliveries tried before a mail is marked failed. */
    maxAttempts: number;
    /** The first retry's delay; each later one waits twice as long. */
    retryBaseSeconds: number;
  };
  /** Products at or under this stock are in the staff's daily low-stock digest. */
  lowStockThreshold: number;
  delivery: DeliveryPolicy;
  /** The seller block printed on every invoice. */
  seller: Seller;
  /** Bearer token for GET /api/metrics; null: open outside production, off (404) in production. */
  metricsToken: string | null;
  /** Where uploads (product images and their originals) are kept: DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** The base image URLs point at instead of the API's own /uploads (a CDN); null: /uploads. No trailing slash. */
  assetBaseUrl: string | null;
}

export type StorageConfig = { driver: 'local' } | S3StorageConfig;

export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  /** Null: AWS S3 itself; else MinIO's, R2's or another S3-compatible service's address. */
  endpoint: string | null;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Null: the AWS SDK's own credential chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Bucket names as S3 takes them (MinIO and R2 follow the same rules). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * STORAGE_DRIVER and the S3_* variables. S3_* set with the local driver are refused, so a
 * forgotten STORAGE_DRIVER=s3 cannot quietly keep uploads on one machine's disk.
 */
function storageConfig(env: Env, problems: string[]): StorageConfig {
  const driver = text(env, 'STORAGE_DRIVER') ?? 'local';
  const s3 = {
    S3_BUCKET: text(env, 'S3_BUCKET'),
    S3_REGION: text(env, 'S3_REGION'),
    S3_ENDPOINT: text(env, 'S3_ENDPOINT'),
    S3_ACCESS_KEY_ID: text(env, 'S3_ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: text(env, 'S3_SECRET_ACCESS_KEY'),
  };
  let forcePathStyle: boolean | undefined;
  try {
    forcePathStyle = flag(env, 'S3_FORCE_PATH_STYLE');
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (driver !== 'local' && driver !== 's3') {
    problems.push(`STORAGE_DRIVER must be local or s3, got "${driver}"`);
    return { driver: 'local' };
  }
  if (driver === 'local') {
    const set = Object.entries(s3)
      .filter(([, value]) => value !== null)
      .map(([name]) => name);
    if (forcePathStyle !== undefined) set.push('S3_FORCE_PATH_STYLE');
    if (set.length > 0) problems.push(`${set.join(', ')} only apply with STORAGE_DRIVER=s3: set it to use the bucket, or unset them`);
    return { driver: 'local' };
  }
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = s3;
  if (!bucket) problems.push('STORAGE_DRIVER=s3 needs S3_BUCKET');
  else if (!BUCKET_NAME.test(bucket)) problems.push(`S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  if (endpoint && originOf(endpoint) === null) problems.push(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    driver: 's3',
    bucket: bucket ?? '',
    region: s3.S3_REGION ?? 'us-east-1',
    endpoint: endpoint ? endpoint.replace(/\/+$/, '') : null,
    // MinIO and most self-hosted stores only answer path-style; AWS wants bucket host names.
    forcePathStyle: forcePathStyle ?? Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

/** ASSET_BASE_URL: an absolute http(s) URL without query or fragment; https when the site is. */
function assetBaseUrl(env: Env, problems: string[]): string | null {
  const raw = text(env, 'ASSET_BASE_URL');
  if (raw === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    problems.push(`ASSET_BASE_URL must be an http:// or https:// URL without query or credentials, like https://cdn.example.com/uploads, got "${raw}"`);
    return null;
  }
  if (url.protocol === 'http:' && text(env, 'PUBLIC_URL')?.startsWith('https://')) {
    problems.push(`ASSET_BASE_URL must be https:// when PUBLIC_URL is (browsers block http images on an https page), got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

export interface OrderLimits {
  /** Cash-on-delivery orders one customer may have open (not yet delivered or cancelled). */
  maxOpenCashOrders: number;
  /** Units of one product in one order; bigger orders go through the wholesale enquiry form. */
  maxUnitsPerLine: number;
  /** A cash order above this from an account with no delivered order waits for staff to confirm it. */
  cashConfirmAbovePaise: number;
  /** How long such an order waits before it is cancelled and its stock given back. */
  cashConfirmHoldMs: number;
  /** Orders placed per minute by one account, and from one client address. */
  perMinutePerAccount: number;
  perMinutePerAddress: number;
}

export interface Seller {
  legalName: string;
  address: string;
  state: string;
  /** GST state code, two digits (Tamil Nadu is 33). */
  stateCode: string;
  gstin: string;
}

/** The brand's company (shared/spec/brand.md), with a made-up GSTIN: for trying the shop, never for production. */
export const DEMO_SELLER: Seller = {
  legalName: 'Thalir Blooms Exports Pvt. Ltd.',
  address: '14 Rayakottai Road, Hosur, Tamil Nadu 635109, India',
  state: 'Tamil Nadu',
  stateCode: '33',
  gstin: '33AABCT1234C1Z3',
};

/** The spec's time-out for lazily loaded remote scripts. */
export const DEFAULT_REMOTE_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_PAYMENT_HOLD_MINUTES = 30;
export const DEFAULT_MAIL_FROM = 'Thalir Blooms <orders@thalirblooms.example>';

export const DEFAULT_DELIVERY_SLOTS = 'Morning 8–12@08:00-12:00,Afternoon 12–4@12:00-16:00,Evening 4–8@16:00-20:00';
export const DEFAULT_PINCODE_PREFIXES = '635,560,562,600,601,602,603';

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minuteOf = (clock: string) => {
  const [, hours, minutes] = CLOCK.exec(clock)!;
  return Number(hours) * 60 + Number(minutes);
};

/** `Label@HH:MM-HH:MM,…`: the delivery slots customers choose from, India time. */
function parseSlots(raw: string): DeliverySlot[] {
  const slots = raw.split(',').map((entry) => {
    const match = /^(.{1,40})@(\d\d:\d\d)-(\d\d:\d\d)$/.exec(entry.trim());
    if (!match || !CLOCK.test(match[2]) || !CLOCK.test(match[3]) || minuteOf(match[2]) >= minuteOf(match[3])) {
      throw new ConfigError(`DELIVERY_SLOTS entries must look like "Morning 8–12@08:00-12:00", got "${entry.trim()}"`);
    }
    return { label: match[1].trim(), startMinute: minuteOf(match[2]), endMinute: minuteOf(match[3]) };
  });
  if (new Set(slots.map((slot) => slot.label)).size !== slots.length) throw new ConfigError('DELIVERY_SLOTS labels must differ');
  return slots;
}

/** A bare address (name@host) or a display form ("Name <name@host>"). */
const MAIL_ADDRESS = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

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

export type TrustProxy = false | number | string[];

const MAX_PROXY_HOPS = 10;

/**
 * `TRUST_PROXY`: unset or off → no proxy; `true` → one (the nginx in front); a whole number → that
 * many hops; else a comma-separated list of proxy addresses or CIDR ranges.
 */
export function parseTrustProxy(raw: string | null): TrustProxy {
  if (raw === null) return false;
  const lowered = raw.toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(lowered)) return false;
  if (['1', 'true', 'yes', 'on'].includes(lowered)) return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_PROXY_HOPS) throw new ConfigError(`TRUST_PROXY counts at most ${MAX_PROXY_HOPS} proxy hops, got ${raw}`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError(`TRUST_PROXY must be true, false, a number of proxy hops or proxy addresses/CIDRs, got "${entry}"`);
    }
  }
  return entries;
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
    providerEnv === 'razorpay' || providerEnv === 'sandbox' ? providerEnv : razorpay.keyId && razorpay.keySecret ? 'razorpay' : 'sandbox';
  if (paymentsProvider === 'razorpay' && !(razorpay.keyId && razorpay.keySecret)) {
    problems.push('PAYMENTS_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  }
  if (isProduction && paymentsProvider === 'sandbox') problems.push('The sandbox payment provider cannot run in production: set the Razorpay keys');

  const smtpUrl = text(env, 'SMTP_URL');
  const exposeResetToken = check(() => flag(env, 'EXPOSE_RESET_TOKEN'), undefined) ?? (!isProduction && !smtpUrl);
  if (isProduction && exposeResetToken) problems.push('EXPOSE_RESET_TOKEN cannot be on in production');

  const trustProxy = check(() => parseTrustProxy(text(env, 'TRUST_PROXY')), false);
  const webRootEnv = text(env, 'WEB_ROOT');
  const seedDemoCatalogue = check(() => flag(env, 'SEED_DEMO_CATALOGUE'), undefined) ?? !isProduction;
  const jobWorkers = check(() => flag(env, 'JOB_WORKERS'), undefined) ?? true;
  const jsonLogs = check(() => flag(env, 'LOG_JSON'), undefined) ?? isProduction;
  const whole = (name: string, fallback: number, min: number, max: number) =>
    check(() => {
      const raw = text(env, name);
      if (raw === null) return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return value;
    }, fallback);
  // Decimals are allowed so tests (and demos) can use holds of a few seconds.
  const decimal = (name: string, fallback: number, min: number, max: number, unit: string) =>
    check(() => {
      const raw = text(env, name);
      if (raw === null) return fallback;
      const value = Number(raw);
      if (!Number.isFinite(value) || value < min || value > max)
        throw new ConfigError(`${name} must be a number of ${unit} from ${min} to ${max}, got "${raw}"`);
      return value;
    }, fallback);
  const remoteLoadTimeoutMs = whole('REMOTE_LOAD_TIMEOUT_MS', DEFAULT_REMOTE_LOAD_TIMEOUT_MS, 100, 600_000);
  const releasesKeep = whole('RELEASES_KEEP', 10, 1, 1000);
  const buildAssetsKeep = whole('BUILD_ASSETS_KEEP', 3, 1, 100);
  const releasesDirEnv = text(env, 'RELEASES_DIR');
  const databaseConnectAttempts = whole('DATABASE_CONNECT_ATTEMPTS', 30, 1, 1000);
  const databaseRetryDelayMs = whole('DATABASE_RETRY_DELAY_MS', 2000, 10, 60_000);
  const shutdownTimeoutMs = whole('SHUTDOWN_TIMEOUT_MS', 25_000, 0, 600_000);
  const migrateOnStart = check(() => flag(env, 'MIGRATE_ON_START'), undefined) ?? true;
  const migrationLockTimeoutMs = whole('MIGRATION_LOCK_TIMEOUT_MS', 60_000, 1, 3_600_000);
  // Only a load balancer needs the drain; a single local process (npm start, the tests) closes at once.
  const shutdownDrainMs = whole('SHUTDOWN_DRAIN_MS', isProduction ? 5_000 : 0, 0, 120_000);
  const paymentHoldMinutes = decimal('PAYMENT_HOLD_MINUTES', DEFAULT_PAYMENT_HOLD_MINUTES, 0.01, 7 * 24 * 60, 'minutes');
  const maxUnpaidOrders = whole('MAX_UNPAID_ORDERS', 3, 1, 1_000_000);
  const orderLimits: OrderLimits = {
    maxOpenCashOrders: whole('MAX_OPEN_CASH_ORDERS', 3, 1, 1_000_000),
    maxUnitsPerLine: whole('MAX_UNITS_PER_LINE', 200, 1, 1_000_000),
    cashConfirmAbovePaise: whole('CASH_CONFIRM_ABOVE', 3000, 0, 10_000_000) * 100,
    cashConfirmHoldMs: Math.round(decimal('CASH_CONFIRM_HOURS', 12, 0.01, 7 * 24, 'hours') * 3_600_000),
    // A whole office, or a mobile network's shared address, orders through one client address.
    perMinutePerAccount: whole('ORDERS_PER_MINUTE_PER_ACCOUNT', 5, 1, 1_000_000),
    perMinutePerAddress: whole('ORDERS_PER_MINUTE_PER_ADDRESS', 60, 1, 1_000_000),
  };
  const resetMailsPerHour = whole('RESET_MAILS_PER_HOUR', 3, 1, 1000);
  const registerLimitPerHour = whole('REGISTER_LIMIT_PER_HOUR', 20, 1, 1_000_000);
  // At most a second: an ended session must be refused within 1 s on every process.
  const sessionCacheMs = whole('SESSION_CACHE_MS', 500, 0, 1000);
  const mailFrom = text(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  if (!MAIL_ADDRESS.test(mailFrom)) problems.push(`MAIL_FROM must be an address like "Shop <orders@shop.example>", got "${mailFrom}"`);
  const notifyEmail = text(env, 'SHOP_NOTIFY_EMAIL');
  if (notifyEmail && !MAIL_ADDRESS.test(notifyEmail)) problems.push(`SHOP_NOTIFY_EMAIL must be an email address, got "${notifyEmail}"`);
  const mailMaxAttempts = whole('MAIL_MAX_ATTEMPTS', 8, 1, 50);
  const mailRetryBaseSeconds = whole('MAIL_RETRY_BASE_SECONDS', 10, 1, 3600);
  const lowStockThreshold = whole('LOW_STOCK_THRESHOLD', 5, 0, 1_000_000);
  const deliverySlots = check(() => parseSlots(text(env, 'DELIVERY_SLOTS') ?? DEFAULT_DELIVERY_SLOTS), parseSlots(DEFAULT_DELIVERY_SLOTS));
  const maxDaysAhead = whole('DELIVERY_MAX_DAYS_AHEAD', 30, 0, 365);
  const cutoff = text(env, 'SAME_DAY_CUTOFF') ?? '14:00';
  if (!CLOCK.test(cutoff)) problems.push(`SAME_DAY_CUTOFF must be a time like 14:00, got "${cutoff}"`);
  const seller: Seller = {
    legalName: text(env, 'SELLER_LEGAL_NAME') ?? DEMO_SELLER.legalName,
    address: text(env, 'SELLER_ADDRESS') ?? DEMO_SELLER.address,
    state: text(env, 'SELLER_STATE') ?? DEMO_SELLER.state,
    stateCode: text(env, 'SELLER_STATE_CODE') ?? DEMO_SELLER.stateCode,
    gstin: (text(env, 'SELLER_GSTIN') ?? DEMO_SELLER.gstin).toUpperCase(),
  };
  if (!/^\d{2}$/.test(seller.stateCode)) problems.push(`SELLER_STATE_CODE must be a two-digit GST state code, got "${seller.stateCode}"`);
  if (!isValidGstin(seller.gstin)) problems.push(`SELLER_GSTIN must be a valid GSTIN (15 characters, check character included), got "${seller.gstin}"`);
  else if (seller.gstin.slice(0, 2) !== seller.stateCode)
    problems.push(`SELLER_GSTIN ${seller.gstin} belongs to state code ${seller.gstin.slice(0, 2)}, not SELLER_STATE_CODE ${seller.stateCode}`);
  if (isProduction && seller.gstin === DEMO_SELLER.gstin) problems.push('SELLER_GSTIN is required in production (the demo GSTIN is made up)');
  const closedDates = (text(env, 'DELIVERY_CLOSED_DATES') ?? '')
    .split(',')
    .map((date) => date.trim())
    .filter(Boolean);
  for (const date of closedDates) if (!isCalendarDate(date)) problems.push(`DELIVERY_CLOSED_DATES must list dates like 2026-12-25, got "${date}"`);
  const pincodePrefixes = (text(env, 'DELIVERY_PINCODE_PREFIXES') ?? DEFAULT_PINCODE_PREFIXES)
    .split(',')
    .map((prefix) => prefix.trim())
    .filter(Boolean);
  if (pincodePrefixes.length === 0 || pincodePrefixes.some((prefix) => !/^\d{1,6}$/.test(prefix))) {
    problems.push(`DELIVERY_PINCODE_PREFIXES must list 1 to 6 digit prefixes like 635,560, got "${env.DELIVERY_PINCODE_PREFIXES}"`);
  }
  const corsOrigins = (text(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (originOf(origin) !== origin) problems.push(`CORS_ORIGINS entries must be origins like https://shop.example.com, got "${origin}"`);
  }
  const metricsToken = text(env, 'METRICS_TOKEN');
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const storage = storageConfig(env, problems);
  const assetBase = assetBaseUrl(env, problems);
  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// or rediss:// URL');
  // Without Redis each process counts the limits alone: n replicas would allow n times the sign-in guesses.
  const replicasExpected = whole('REPLICAS_EXPECTED', 1, 1, 1000);
  if (replicasExpected > 1 && !redisUrl) {
    problems.push(`REPLICAS_EXPECTED is ${replicasExpected}: several API processes need REDIS_URL, so the rate limits are shared instead of multiplied`);
  }
  if (isProduction && !smtpUrl) problems.push('SMTP_URL is required in production: order mails, password resets and staff invitations need a mail server');
  const databasePoolMax = whole('DATABASE_POOL_MAX', 20, 1, 1000);
  const databaseDirectUrl = text(env, 'DATABASE_DIRECT_URL');
  if (databaseDirectUrl && !databaseUrl) problems.push("DATABASE_DIRECT_URL only applies with DATABASE_URL (it is where DATABASE_URL's pooler leads)");
  if (databaseDirectUrl && !/^postgres(ql)?:\/\//.test(databaseDirectUrl)) problems.push('DATABASE_DIRECT_URL must be a postgres:// URL');
  // Behind a transaction pooler a statement prepared on one server connection is unknown on the next.
  const databasePreparedStatements = check(() => flag(env, 'DATABASE_PREPARED_STATEMENTS'), undefined) ?? (databaseUrl !== null && databaseDirectUrl === null);
  if (databasePreparedStatements && !databaseUrl) {
    problems.push(
      'DATABASE_PREPARED_STATEMENTS needs DATABASE_URL: the embedded database serves every connection from one session, where statement names collide',
    );
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/$/, '');
  const admin =
    adminEmail && adminPassword
      ? { email: adminEmail.toLowerCase(), password: adminPassword, isDemo: false }
      : isProduction
        ? null
        : { ...DEMO_ADMIN, isDemo: true };
  return {
    port,
    isProduction,
    databaseUrl,
    dataDir,
    jwtSecret: jwtSecretEnv ?? persistedSecret(dataDir, 'jwtSecret'),
    jwtExpiresIn: text(env, 'JWT_EXPIRES_IN') ?? '7d',
    admin,
    razorpay,
    paymentsProvider,
    exposeResetToken,
    smtpUrl,
    publicUrl,
    remotes: {
      storefront: text(env, 'STOREFRONT_REMOTE_URL') ?? '/remotes/storefront/mf-manifest.json',
      admin: text(env, 'ADMIN_REMOTE_URL') ?? '/remotes/admin/mf-manifest.json',
    },
    remoteUrlsConfigured: { storefront: text(env, 'STOREFRONT_REMOTE_URL') !== null, admin: text(env, 'ADMIN_REMOTE_URL') !== null },
    releasesDir: releasesDirEnv ? resolve(releasesDirEnv) : join(dataDir, 'releases'),
    releasesKeep,
    buildAssetsKeep,
    remoteLoadTimeoutMs,
    corsOrigins,
    trustProxy,
    redisUrl,
    databasePoolMax,
    databaseDirectUrl,
    databasePreparedStatements,
    webRoot: webRootEnv ? (isAbsolute(webRootEnv) ? webRootEnv : resolve(webRootEnv)) : resolve('dist'),
    logLevel: text(env, 'LOG_LEVEL') ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    jsonLogs,
    seedDemoCatalogue,
    jobWorkers,
    databaseConnectAttempts,
    databaseRetryDelayMs,
    shutdownTimeoutMs,
    migrateOnStart,
    migrationLockTimeoutMs,
    shutdownDrainMs,
    paymentHoldMs: Math.round(paymentHoldMinutes * 60_000),
    maxUnpaidOrders,
    orderLimits,
    resetMailsPerHour,
    registerLimitPerHour,
    sessionCacheMs,
    mail: {
      from: mailFrom,
      staffRecipient: notifyEmail ?? admin?.email ?? null,
      maxAttempts: mailMaxAttempts,
      retryBaseSeconds: mailRetryBaseSeconds,
    },
    lowStockThreshold,
    delivery: {
      slots: deliverySlots,
      maxDaysAhead,
      sameDayCutoffMinute: minuteOf(cutoff),
      closedDates: new Set(closedDates),
      pincodePrefixes,
    },
    seller,
    metricsToken,
    storage,
    assetBaseUrl: assetBase,
  };
}
