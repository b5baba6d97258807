import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { apiLogin, closeSession, DEMO_ADMIN, launchBrowser, openSession, seeElement, seeText, signInAs, startShop, workspaceRoot, type Shop } from './support';

const run = promisify(execFile);
/** The cart library's version in the shell's build (the workspace's own). */
const SHELL_CART_VERSION = (JSON.parse(readFileSync(join(workspaceRoot, 'libs/cart/package.json'), 'utf8')) as { version: string }).version;

const RELEASES_CLI = join(workspaceRoot, 'dist/api/api/src/cli/releases.js');

/**
 * A copy of the frontend sources (node_modules linked), where a journey can build the storefront as
 * another team would, with its own changes, without touching the workspace.
 */
function workspaceCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'thalir-workspace-'));
  for (const entry of ['package.json', 'tsconfig.base.json', 'lingui.config.js', 'libs', 'tools/webpack', 'storefront-mfe']) {
    cpSync(join(workspaceRoot, entry), join(dir, entry), { recursive: true, filter: (source) => !source.includes('node_modules') });
  }
  symlinkSync(join(workspaceRoot, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

async function buildStorefront(copy: string, buildId: string): Promise<string> {
  const out = join(copy, 'dist', buildId);
  mkdirSync(out, { recursive: true });
  await run(join(workspaceRoot, 'node_modules/.bin/webpack'), ['--config', 'storefront-mfe/webpack.config.js', '--mode', 'production', '--output-path', out], {
    cwd: copy,
    // The copy's builds share webpack's cache: the second and third rebuild only what changed.
    env: { ...process.env, BUILD_ID: buildId, WEBPACK_CACHE_DIR: join(copy, '.webpack-cache') },
  });
  return out;
}

/** `npm run releases` against the running shop's database and releases folder. */
async function releases(shop: Shop, ...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [RELEASES_CLI, ...args], {
      cwd: workspaceRoot,
      env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'warn', ...shop.env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function publish(shop: Shop, buildDir: string): Promise<string> {
  const { code, output } = await releases(shop, 'publish', 'storefront-mfe', '--from', buildDir);
  if (code !== 0) throw new Error(output);
  return /storefront-mfe (\S+)/.exec(output)![1];
}

async function liveBuild(page: Page): Promise<string | null> {
  await page.waitForSelector('[data-remote="storefront"]');
  return page.$eval('[data-remote="storefront"]', (node) => node.getAttribute('data-build'));
}

/** Waits until the shop names this release in /remotes.json (the shop hears of a switch within seconds). */
async function waitUntilLive(shop: Shop, release: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const manifest = (await (await fetch(`${shop.url}/remotes.json`)).json()) as { storefront_mfe: string };
    if (manifest.storefront_mfe.includes(release)) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${release} did not go live`);
}

/**
 * Releasing the storefront while visitors shop: promote and rollback switch what the next page load
 * gets, without a restart, and a page already open keeps working on its release; a release built
 * against a cart library the live shell cannot run is refused, and forced live it shows the fallback
 * naming the mismatch, never a blank page.
 */
describe('storefront releases, promoted and rolled back while visitors shop', () => {
  let browser: Browser;
  let shop: Shop;
  let copy: string;
  let blue: string;
  let green: string;
  let cartTwo: string;

  beforeAll(async () => {
    shop = await startShop();
    copy = workspaceCopy();
    const [blueBuild, greenBuild] = [await buildStorefront(copy, 'release-blue'), await buildStorefront(copy, 'release-green')];
    const cartPackage = join(copy, 'libs/cart/package.json');
    writeFileSync(cartPackage, readFileSync(cartPackage, 'utf8').replace(/"version": "[^"]+"/, '"version": "2.0.0"'));
    const cartTwoBuild = await buildStorefront(copy, 'release-cart-two');
    blue = await publish(shop, blueBuild);
    green = await publish(shop, greenBuild);
    cartTwo = await publish(shop, cartTwoBuild);
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('switches the next page load to the promoted release while an open page keeps working, and rollback restores it', async () => {
    expect((await releases(shop, 'promote', 'storefront-mfe', blue)).code).toBe(0);
    await waitUntilLive(shop, blue);
    const visitor = await openSession(browser);
    await visitor.goto(`${shop.url}/products`);
    await visitor.waitForSelector('.product-grid li a');
    expect(await liveBuild(visitor)).toBe('release-blue');

    expect((await releases(shop, 'promote', 'storefront-mfe', green)).code).toBe(0);
    await waitUntilLive(shop, green);
    // The open page goes on with its release: a product page's chunk still comes from the blue folder.
    await visitor.click('.product-grid li a');
    await seeText(visitor, 'Inclusive of all taxes');
    expect(await liveBuild(visitor)).toBe('release-blue');

    await visitor.goto(`${shop.url}/products`);
    expect(await liveBuild(visitor)).toBe('release-green');

    const rolledBack = await releases(shop, 'rollback', 'storefront-mfe');
    expect(rolledBack.output).toContain(`live ${blue}`);
    await waitUntilLive(shop, blue);
    await visitor.goto(`${shop.url}/products`);
    expect(await liveBuild(visitor)).toBe('release-blue');
    await closeSession(visitor);

    // The back office's Releases screen says the same, with green one step from live again.
    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/releases`);
    await seeElement(admin, `::-p-aria([name="Make live ${green}"][role="button"])`);
    expect(await admin.$eval('[data-testid="live-storefront-mfe"]', (node) => node.textContent)).toBe(blue);
    await closeSession(admin);
  });

  it('refuses a release built against an incompatible cart major, and forced live shows the fallback naming the mismatch', async () => {
    const refused = await releases(shop, 'promote', 'storefront-mfe', cartTwo);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`storefront-mfe needs @thalir/cart ^2.0.0, and the shell has ${SHELL_CART_VERSION}`);

    expect((await releases(shop, 'promote', 'storefront-mfe', cartTwo, '--force')).code).toBe(0);
    await waitUntilLive(shop, cartTwo);
    const visitor = await openSession(browser);
    await visitor.goto(`${shop.url}/products`);
    await seeText(visitor, `it needs @thalir/cart ^2.0.0, and this page has ${SHELL_CART_VERSION}`);
    expect(await visitor.$('header.site-header')).not.toBeNull();
    expect(await visitor.$('button')).not.toBeNull();
    await closeSession(visitor);

    // Staff see the report.
    const token = await apiLogin(shop.url, DEMO_ADMIN);
    const reports = (await (await fetch(`${shop.url}/api/admin/client-errors`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      kind: string;
      details: { entry: string };
    }[];
    expect(reports[0]).toMatchObject({ kind: 'shared-library-mismatch' });
    expect(reports[0].details.entry).toContain(cartTwo);

    expect((await releases(shop, 'rollback', 'storefront-mfe')).code).toBe(0);
  });
});
