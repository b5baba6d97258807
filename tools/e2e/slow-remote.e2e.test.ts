import type { Browser, Page } from 'puppeteer-core';
import { join } from 'node:path';
import {
  closeSession,
  DEMO_ADMIN,
  launchBrowser,
  openSession,
  serveStatic,
  signInAs,
  startShop,
  waitForText,
  workspaceRoot,
  type Shop,
  type StaticServer,
} from './support';

/** Every Content-Security-Policy violation the page reports, from the DOM event and the console. */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}

/**
 * The page's timers run `factor` times faster (every setTimeout and setInterval delay divided by it), so
 * that the shell's configured time-out and the federation runtime's own 20 s pass in a fraction of a
 * second, in the same order as on a real clock; the remote's server is made late by as much less.
 */
async function runPageClockFaster(page: Page, factor: number): Promise<void> {
  await page.evaluateOnNewDocument((speed: number) => {
    for (const name of ['setTimeout', 'setInterval'] as const) {
      const real = window[name].bind(window) as (handler: TimerHandler, delay?: number, ...args: unknown[]) => number;
      (window as unknown as Record<string, unknown>)[name] = (handler: TimerHandler, delay?: number, ...args: unknown[]) =>
        real(handler, typeof delay === 'number' ? delay / speed : delay, ...args);
    }
  }, factor);
}

/**
 * The storefront remote answering late: past the configured time-out the shell shows its fallback
 * with Retry, keeps its header and footer and the admin remote working, and Retry loads the
 * storefront once it answers. Then the whole shop under its CSP, with the remotes on other origins.
 */
describe('remotes that are slow, and the shop under its Content-Security-Policy', () => {
  let browser: Browser;
  let shop: Shop;
  let storefront: StaticServer;
  let admin: StaticServer;

  beforeAll(async () => {
    storefront = await serveStatic(join(workspaceRoot, 'dist/storefront-mfe'));
    admin = await serveStatic(join(workspaceRoot, 'dist/admin-mfe'));
    shop = await startShop({
      STOREFRONT_REMOTE_URL: `${storefront.url}/mf-manifest.json`,
      ADMIN_REMOTE_URL: `${admin.url}/mf-manifest.json`,
      REMOTE_LOAD_TIMEOUT_MS: '2500',
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await storefront?.close();
    await admin?.close();
  });

  it('tells the shell the configured time-out', async () => {
    const manifest = (await (await fetch(`${shop.url}/remotes.json`)).json()) as Record<string, unknown>;
    expect(manifest).toEqual({ storefront_mfe: `${storefront.url}/mf-manifest.json`, admin_mfe: `${admin.url}/mf-manifest.json`, timeoutMs: 2500 });
  });

  it('shows the fallback with Retry for a storefront slower than the time-out, with the header, footer and admin still working', async () => {
    storefront.delayMs = 4000;
    const page = await openSession(browser);
    await signInAs(page, shop.url, DEMO_ADMIN);
    const started = Date.now();
    await page.goto(`${shop.url}/products`);
    await waitForText(page, 'Retry', 15_000);
    // Not the spec's 120 s: the configured 2.5 s (plus page start-up).
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(await page.$('header.site-header')).not.toBeNull();
    expect(await page.$('footer.site-footer')).not.toBeNull();
    expect(await page.$('.product-grid')).toBeNull();

    await page.click('header.site-header a[href="/admin"]');
    await page.waitForSelector('[data-testid="stat-products"]', { timeout: 30_000 });

    // The storefront answers normally again once its late answers are out: Retry loads it.
    storefront.delayMs = 0;
    await storefront.answeredAll();
    await page.goto(`${shop.url}/products`);
    const shown = await Promise.race([
      page.waitForSelector('.product-grid li', { timeout: 30_000 }).then(() => 'grid'),
      waitForText(page, 'Retry', 30_000).then(() => 'fallback'),
    ]);
    if (shown === 'fallback') {
      await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click());
      await page.waitForSelector('.product-grid li', { timeout: 30_000 });
    }
    await closeSession(page);
  });

  it('reports no CSP violation on the storefront and admin pages and the API docs, with both remotes on other origins', async () => {
    storefront.delayMs = 0;
    const page = await openSession(browser);
    const violations = await recordCspViolations(page);
    const csp = (await fetch(`${shop.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(storefront.url);
    expect(csp).toContain(admin.url);

    await page.goto(`${shop.url}/`, { waitUntil: 'networkidle0' });
    await page.goto(`${shop.url}/products`);
    await page.waitForSelector('.product-grid li', { timeout: 30_000 });
    const { data } = (await (await fetch(`${shop.url}/api/products?page=1&limit=1`)).json()) as { data: { _id: string; name: string }[] };
    await page.goto(`${shop.url}/product/${data[0]._id}`);
    await waitForText(page, data[0].name);
    for (const path of ['/about', '/contact', '/cart']) {
      await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle0' });
    }
    await signInAs(page, shop.url, DEMO_ADMIN);
    for (const path of ['/admin', '/admin/products', '/admin/orders', '/admin/stats']) {
      await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle0' });
      await new Promise((done) => setTimeout(done, 500));
    }
    await page.goto(`${shop.url}/api/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.swagger-ui', { timeout: 30_000 });
    expect(violations).toEqual([]);
    await closeSession(page);
  });
});

/**
 * A remote entry answering after the federation runtime's own 20 s: with the configured time-out above
 * that, the shell's runtime plugin (shell/src/remotes/federation-plugins.ts) lets the script take as
 * long as the shell waits, and the page shows the storefront instead of the fallback.
 */
describe("a remote slower than the federation runtime's own 20 s, within the configured time-out", () => {
  /** 21 s on the page's clock, which runs PAGE_CLOCK_SPEED times faster: past the runtime's 20 s, within the 40 s configured. */
  const PAGE_CLOCK_SPEED = 20;
  const ENTRY_DELAY_MS = 21_000 / PAGE_CLOCK_SPEED;
  let browser: Browser;
  let shop: Shop;
  let storefront: StaticServer;

  beforeAll(async () => {
    storefront = await serveStatic(join(workspaceRoot, 'dist/storefront-mfe'));
    shop = await startShop({ STOREFRONT_REMOTE_URL: `${storefront.url}/mf-manifest.json`, REMOTE_LOAD_TIMEOUT_MS: '40000' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await storefront?.close();
  });

  it('waits for the entry past 20 s (on the page clock) and shows the products', async () => {
    storefront.delayMs = ENTRY_DELAY_MS;
    const page = await openSession(browser);
    await runPageClockFaster(page, PAGE_CLOCK_SPEED);
    const started = Date.now();
    await page.goto(`${shop.url}/products`);
    const shown = await Promise.race([
      page.waitForSelector('.product-grid li', { timeout: 60_000 }).then(() => 'grid'),
      waitForText(page, 'Retry', 60_000).then(() => 'fallback'),
    ]);
    expect(shown).toBe('grid');
    expect(Date.now() - started).toBeGreaterThanOrEqual(ENTRY_DELAY_MS);
    await closeSession(page);
  });
});
