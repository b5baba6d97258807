import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test` runs the files of `api/test/` in suites, one Jest test file per domain, so that the API
 * is loaded into Jest's module registry once a suite instead of once a file (about 2.6 CPU-s each).
 * Each file still runs on its own too (`npx jest -c api/jest.config.cjs orders`).
 * The longest files are suites of their own, so that the workers share the time evenly.
 */
export const SUITES = {
  orders: [
    'orders',
    'order-holds',
    'order-limits',
    'order-races',
    'order-refunds',
    'concurrency',
    'courier-stops',
    'delivery',
    'invoice',
    'invoice-numbers',
    'gst-report',
    'sales-stats',
  ],
  payments: ['payments', 'payments-ledger', 'payments-razorpay'],
  'payment-sequences': ['payment-sequences'],
  'offers-and-subscriptions': ['offers', 'offer-races', 'subscriptions', 'subscription-gst', 'subscription-plans', 'subscription-races'],
  catalog: ['catalog', 'catalog-admin', 'catalog-cache', 'catalog-languages', 'product-image-storage', 'wishlist', 'long-params'],
  pages: ['pages', 'pages-in-tamil', 'prepared-drawing', 'web-static', 'form-posts', 'truetype-hinting'],
  accounts: ['auth', 'auth-admin-create', 'auth-mail', 'profile', 'customer-data', 'tamil-account', 'tamil-messages', 'security'],
  'staff-and-messages': ['staff', 'audit', 'route-access', 'rate-limit', 'newsletter', 'contact', 'enquiries', 'mail'],
  operations: ['foundation', 'health', 'metrics', 'grafana-dashboard', 'k8s-manifests', 'faults', 'releases', 'release-storage'],
  processes: ['migrate-process', 'api-process', 'pgbouncer', 'cluster-redis'],
  cluster: ['cluster'],
  'faults-process': ['faults-process'],
  fuzz: ['fuzz'],
} as const satisfies Record<string, readonly string[]>;

export type SuiteName = keyof typeof SUITES | 'other';

const TEST_DIR = join(__dirname, '..');

/** Every file the table names, in its order: a file named twice appears twice. */
export const NAMED_FILES: readonly string[] = Object.values(SUITES).flat();

/** The test files a suite runs; `other` runs every file no suite names, so none is ever left out. */
function suiteFiles(name: SuiteName): string[] {
  if (name !== 'other') return [...SUITES[name]];
  const named = new Set(NAMED_FILES);
  return readdirSync(TEST_DIR)
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.test.ts'.length))
    .filter((file) => !named.has(file));
}

/**
 * Runs each file of the suite in a describe block of its name, then undoes its spies and fake
 * timers, as Jest does between files.
 */
export function runSuite(name: SuiteName): void {
  for (const file of suiteFiles(name)) {
    const path = join(TEST_DIR, `${file}.test.ts`);
    if (readFileSync(path, 'utf8').includes('@jest-environment')) {
      throw new Error(`${file}.test.ts asks for its own Jest environment, which a suite cannot give it: put it beside the code it tests`);
    }
    describe(`${file}.test.ts`, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- its tests register in this block as it loads
      require(path);
      afterAll(() => {
        jest.restoreAllMocks();
        jest.useRealTimers();
      });
    });
  }
}
