import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import {
  clickLink,
  closeSession,
  countReactCopies,
  DEMO_ADMIN,
  launchBrowser,
  openSession,
  serveStatic,
  signInAs,
  startShop,
  waitForText,
  webRoot,
  workspaceRoot,
  type Shop,
} from './support';

/**
 * The walking skeleton in a real browser: the production build, served by the API, with the
 * remotes found at run time. Each remote here is hosted on its own origin, as in production.
 */
describe('foundation: runtime-federated shell and remotes', () => {
  let browser: Browser;
  let shop: Shop;
  let storefrontDir: string;
  let adminDir: string;
  let storefront: Awaited<ReturnType<typeof serveStatic>>;
  let admin: Awaited<ReturnType<typeof serveStatic>> | null;

  beforeAll(async () => {
    storefrontDir = mkdtempSync(join(tmpdir(), 'thalir-storefront-'));
    adminDir = mkdtempSync(join(tmpdir(), 'thalir-admin-'));
    cpSync(join(webRoot, 'storefront-mfe'), storefrontDir, { recursive: true });
    cpSync(join(webRoot, 'admin-mfe'), adminDir, { recursive: true });
    storefront = await serveStatic(storefrontDir);
    admin = await serveStatic(adminDir);
    shop = await startShop({
      STOREFRONT_REMOTE_URL: `${storefront.url}/mf-manifest.json`,
      ADMIN_REMOTE_URL: `${admin.url}/mf-manifest.json`,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await storefront?.close();
    await admin?.close();
    rmSync(storefrontDir, { recursive: true, force: true });
    rmSync(adminDir, { recursive: true, force: true });
  });

  it('shows the seeded products in the grid, read from the real API', async () => {
    const page = await openSession(browser);
    await page.goto(`${shop.url}/products`);
    await page.waitForSelector('.product-grid li', { timeout: 30_000 });
    const names = await page.$$eval('.product-grid li h2', (nodes) => nodes.map((n) => n.textContent));
    const api = (await (await fetch(`${shop.url}/api/products?page=1&limit=24`)).json()) as { data: { name: string }[] };
    expect(names.length).toBeGreaterThanOrEqual(Math.min(api.data.length, 24));
    expect(names).toContain(api.data[0].name);
    await closeSession(page);
  });

  it('lets an admin see the back office figures', async () => {
    const page = await openSession(browser);
    await signInAs(page, shop.url, DEMO_ADMIN);
    await page.goto(`${shop.url}/admin`);
    await page.waitForSelector('[data-testid="stat-products"]', { timeout: 30_000 });
    const products = await page.$eval('[data-testid="stat-products"]', (n) => Number(n.textContent));
    expect(products).toBeGreaterThanOrEqual(24);
    await closeSession(page);
  });

  it('loads exactly one React copy across the shell and both remotes', async () => {
    const page = await openSession(browser);
    await countReactCopies(page);
    await signInAs(page, shop.url, DEMO_ADMIN);
    await page.goto(`${shop.url}/products`);
    await page.waitForSelector('.product-grid li', { timeout: 30_000 });
    await page.click('a[href="/admin"]');
    await page.waitForSelector('[data-testid="stat-products"]', { timeout: 30_000 });
    const renderers = await page.evaluate(
      () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
    expect(renderers).toBe(1);
    await closeSession(page);
  });

  it('keeps the storefront working when the admin remote is down, with a Retry fallback on admin routes', async () => {
    await admin!.close();
    const page = await openSession(browser);
    await signInAs(page, shop.url, DEMO_ADMIN);
    await page.goto(`${shop.url}/admin`);
    await waitForText(page, 'Retry');
    expect(await page.$('header.site-header')).not.toBeNull();
    expect(await page.$('footer.site-footer')).not.toBeNull();
    await clickLink(page, 'Shop');
    await page.waitForSelector('.product-grid li', { timeout: 30_000 });

    // Back on an admin route while the remote is still down, then it comes back and Retry loads it.
    await page.click('a[href="/admin"]');
    await waitForText(page, 'Retry');
    admin = await serveStatic(adminDir, admin!.port);
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click());
    await page.waitForSelector('[data-testid="stat-products"]', { timeout: 30_000 });
    await closeSession(page);
  });

  it('picks up a storefront rebuilt and redeployed alone, with the shell unchanged', async () => {
    const page = await openSession(browser);
    await page.goto(`${shop.url}/products`);
    await page.waitForSelector('[data-remote="storefront"]', { timeout: 30_000 });
    const before = await page.$eval('[data-remote="storefront"]', (n) => n.getAttribute('data-build'));

    const buildId = `e2e-${Date.now()}`;
    const outDir = mkdtempSync(join(tmpdir(), 'thalir-storefront-rebuilt-'));
    // The browser build alone: the storefront's server bundle (its other build) is the API's, not the remote's.
    execFileSync(
      join(workspaceRoot, 'node_modules/.bin/webpack'),
      ['--config', 'storefront-mfe/webpack.config.js', '--config-name', 'storefront-mfe', '--mode', 'production', '--output-path', outDir],
      {
        cwd: workspaceRoot,
        env: { ...process.env, BUILD_ID: buildId },
        stdio: 'ignore',
      },
    );
    rmSync(storefrontDir, { recursive: true, force: true });
    cpSync(outDir, storefrontDir, { recursive: true });
    rmSync(outDir, { recursive: true, force: true });

    await page.reload();
    await page.waitForSelector(`[data-remote="storefront"][data-build="${buildId}"]`, { timeout: 30_000 });
    expect(before).not.toBe(buildId);
    await closeSession(page);
  });
});
