import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

/** What several machines and production need before the shop starts: refused with the reason, not discovered later. */
describe('configuration for deployments', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const production = () => ({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://shop:shop@127.0.0.1:5432/shop',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
    RAZORPAY_KEY_ID: 'rzp_test_config',
    RAZORPAY_KEY_SECRET: 'config-test-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'config-test-webhook-secret',
    SELLER_GSTIN: '33AAFCT5555K1Z2',
    SMTP_URL: 'smtp://mail.example:587',
  });
  const problemsOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
  };

  it('starts a complete production configuration, draining 5 s on SIGTERM, with a pool of 20', () => {
    const config = loadConfig(production());
    expect([config.shutdownDrainMs, config.databasePoolMax, config.migrateOnStart]).toEqual([5000, 20, true]);
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    ['production without a mail server', { SMTP_URL: undefined }, 'SMTP_URL is required in production'],
    ['several replicas without Redis', { REPLICAS_EXPECTED: '3' }, 'REPLICAS_EXPECTED is 3: several API processes need REDIS_URL'],
    ['a pool of none', { DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    ['a drain past two minutes', { SHUTDOWN_DRAIN_MS: '120001' }, 'SHUTDOWN_DRAIN_MS'],
  ])('refuses %s', (_case, change, message) => {
    const env = { ...production(), ...change };
    for (const [name, value] of Object.entries(change)) if (value === undefined) delete (env as Record<string, string | undefined>)[name];
    expect(problemsOf(env as Record<string, string>)).toContain(message);
  });

  it('takes several replicas with Redis, and no drain outside production', () => {
    expect(loadConfig({ ...production(), REPLICAS_EXPECTED: '3', REDIS_URL: 'redis://127.0.0.1:6379' }).databasePoolMax).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownDrainMs).toBe(0);
  });
});
