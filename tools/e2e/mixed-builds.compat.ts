import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import { launchBrowser, UI_TIMEOUT } from './support/browser';

/**
 * The compatibility gate's mixed-builds proof, run by tools/scripts/mixed-builds.mjs (not one of
 * `npm run e2e`'s journeys): two API processes behind nginx round-robin, one serving the current
 * frontend builds and one the previous ones, each with its own data directory, sharing their hashed
 * files through the object storage (api/src/releases/build-assets.ts). Chromium, its cache off, loads
 * pages through nginx and navigates in them; every script or stylesheet that does not load, and every
 * chunk or federation load error on the page, is a failure.
 */
const edge = process.env.MIXED_BUILDS_URL ?? '';
/** Which build each API process (host:port, as nginx's X-Upstream names it) serves, and from which folder. */
const processes: Record<string, { build: 'now' | 'before'; webRoot: string }> = JSON.parse(process.env.MIXED_BUILDS_PROCESSES ?? '{}');
const PAGE_LOADS = Number(process.env.MIXED_BUILDS_PAGE_LOADS ?? 200);
const REPORT = process.env.MIXED_BUILDS_REPORT;
/** Set on <html> once the app has taken the page over (TAKEN_OVER_ATTRIBUTE in @thalir/contracts). */
const TAKEN_OVER = 'html[data-taken-over]';
/** What the shell shows when a remote did not load (shell/src/remotes/remote-routes.tsx). */
const REMOTE_FALLBACK = '.remote-fallback';
/** A chunk or remote that did not load, as webpack, the federation runtime or the shell report it. */
const LOAD_ERROR =
  /Loading (CSS )?chunk|ChunkLoadError|Federation Runtime|RUNTIME-0\d\d|dynamically imported module|A remote failed to load|Failed to load (remote|script)/i;
const ASSET = /\.(js|css)$/;
/** Stops early once this many failures are in: the report names them. */
const MAX_FAILURES = 10;

interface Step {
  name: string;
  act(page: Page, cycle: number): Promise<unknown>;
  /** What the screen shows once it is there. */
  shows: string;
}

const nav = (path: string) => `header.site-header nav.nav--desktop a[href="${path}"]`;
const toProducts: Step = { name: 'Shop', act: (page) => page.click(nav('/products')), shows: '.product-grid li' };
const toProduct: Step = {
  name: 'a product',
  act: async (page, cycle) => {
    const cards = await page.$$('a.product-card__link');
    await cards[cycle % cards.length].click();
  },
  shows: 'h1.product__name',
};
const back: Step = { name: 'back', act: (page) => page.goBack(), shows: '.product-grid li' };
const toAbout: Step = { name: 'About', act: (page) => page.click(nav('/about')), shows: '.about h1' };
const toContact: Step = { name: 'Contact', act: (page) => page.click(nav('/contact')), shows: '.contact h1' };

/** Each cycle: a fresh page load from nginx, then navigation inside the app. */
const CYCLES: { start: string; shows: string; steps: Step[] }[] = [
  { start: '/', shows: TAKEN_OVER, steps: [toProducts, toProduct, back, toAbout] },
  { start: '/products', shows: '.product-grid li', steps: [toProduct, back, toAbout, toContact] },
  { start: '/about', shows: '.about h1', steps: [toProducts, toProduct, back, toContact] },
];

/** The build folder and file an address names: the shell's at the root, each remote's under /remotes/<name>/. */
function builtFile(pathname: string): { app: string; file: string } {
  const remote = /^\/remotes\/(storefront|admin)\/(.+)$/.exec(pathname);
  return remote ? { app: `${remote[1]}-mfe`, file: remote[2] } : { app: 'shell', file: pathname.slice(1) };
}

/** The content-hashed scripts and stylesheets of a folder of builds. */
function hashedFiles(webRoot: string): Set<string> {
  return new Set(
    ['shell', 'storefront-mfe', 'admin-mfe'].flatMap((app) =>
      readdirSync(join(webRoot, app))
        .filter((file) => /\.[0-9a-f]{8,}\.(js|css)$/.test(file))
        .map((file) => `${app}/${file}`),
    ),
  );
}

/** Whether the two builds have hashed scripts or stylesheets of different names (else nothing crosses). */
function buildsDiffer(): boolean {
  const [one, other] = Object.values(processes).map(({ webRoot }) => hashedFiles(webRoot));
  return [...one].some((file) => !other.has(file)) || [...other].some((file) => !one.has(file));
}

/** The process that answered, from nginx's X-Upstream (`a, b` when nginx tried the next one). */
const answeredBy = (response: HTTPResponse) => response.headers()['x-upstream']?.split(/,\s*/).pop() ?? '?';

describe('mixed builds behind round-robin', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!edge || Object.keys(processes).length !== 2)
      throw new Error('Run by tools/scripts/mixed-builds.mjs, which sets MIXED_BUILDS_URL and MIXED_BUILDS_PROCESSES');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(`loads ${PAGE_LOADS} pages with navigation and loses no chunk`, async () => {
    const failures: string[] = [];
    const otherErrors: string[] = [];
    const documents = { now: 0, before: 0 };
    let pageLoads = 0;
    let inAppNavigations = 0;
    let assetLoads = 0;
    let fromStorage = 0;
    const localFiles = new Map<string, boolean>();
    const pending = new Set<HTTPRequest>();
    let settled: (() => void) | null = null;

    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    page.setDefaultNavigationTimeout(UI_TIMEOUT);
    await page.setViewport({ width: 1280, height: 900 });
    // Every page load asks nginx for every script and stylesheet again.
    await page.setCacheEnabled(false);

    const isAsset = (request: HTTPRequest) => request.url().startsWith(edge) && ASSET.test(new URL(request.url()).pathname);
    const done = (request: HTTPRequest) => {
      pending.delete(request);
      if (pending.size === 0) settled?.();
    };
    page.on('request', (request) => {
      if (isAsset(request)) pending.add(request);
    });
    page.on('requestfinished', done);
    page.on('requestfailed', (request) => {
      if (isAsset(request)) failures.push(`${new URL(request.url()).pathname}: ${request.failure()?.errorText ?? 'failed'}`);
      done(request);
    });
    page.on('response', (response) => {
      const request = response.request();
      if (!request.url().startsWith(edge)) return;
      const upstream = answeredBy(response);
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        const build = processes[upstream]?.build;
        if (response.status() !== 200 || !build) failures.push(`the page ${new URL(request.url()).pathname}: ${response.status()} from ${upstream}`);
        else documents[build] += 1;
        return;
      }
      if (!isAsset(request)) return;
      assetLoads += 1;
      const { pathname } = new URL(request.url());
      if (response.status() >= 400) {
        failures.push(`${pathname}: ${response.status()} from ${upstream} (the ${processes[upstream]?.build ?? '?'} build)`);
        return;
      }
      // Answered by a process whose own build lacks the file: it came from the storage.
      const { app, file } = builtFile(pathname);
      const key = `${upstream} ${app}/${file}`;
      if (!localFiles.has(key)) localFiles.set(key, !!processes[upstream] && existsSync(join(processes[upstream].webRoot, app, file)));
      if (!localFiles.get(key)) fromStorage += 1;
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      (LOAD_ERROR.test(message.text()) ? failures : otherErrors).push(`console at ${new URL(page.url()).pathname}: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => {
      const text = error instanceof Error ? error.message : String(error);
      (LOAD_ERROR.test(text) ? failures : otherErrors).push(`page error at ${new URL(page.url()).pathname}: ${text.slice(0, 300)}`);
    });

    /** Until every script and stylesheet asked for has loaded or failed, so leaving the page cuts none short. */
    const assetsSettled = () =>
      pending.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${pending.size} scripts or stylesheets still loading after ${UI_TIMEOUT / 1000} s`)), UI_TIMEOUT);
            settled = () => {
              clearTimeout(timer);
              settled = null;
              resolve();
            };
          });

    /** Waits for the screen, or the shell's fallback for a remote that did not load (a failure). */
    const see = async (what: string, shows: string) => {
      const shown = await page.waitForSelector(`${shows}, ${REMOTE_FALLBACK}`);
      if (await shown!.evaluate((node, fallback) => node.matches(fallback), REMOTE_FALLBACK)) {
        failures.push(`${what}: the shell showed its fallback for a remote that did not load (at ${new URL(page.url()).pathname})`);
      }
    };

    const started = Date.now();
    try {
      for (let cycle = 0; pageLoads < PAGE_LOADS && failures.length < MAX_FAILURES; cycle += 1) {
        const { start, shows, steps } = CYCLES[cycle % CYCLES.length];
        const before = documents.now + documents.before;
        // Round-robin hands each process every other request: with an even number of requests per
        // cycle, every page load would land on the same process. One more request every other cycle
        // sends the page loads to both, whatever the pages ask for.
        if (cycle % 2 === 1) await page.evaluate((url) => fetch(url).then((answer) => answer.text()), `${edge}/api/health/live`);
        await page.goto(`${edge}${start}`);
        await page.waitForSelector(TAKEN_OVER);
        await see(`the page ${start}`, shows);
        pageLoads += 1;
        for (const step of steps) {
          if (pageLoads >= PAGE_LOADS) break;
          await step.act(page, cycle);
          await see(`${step.name} from ${start}`, step.shows);
          pageLoads += 1;
          inAppNavigations += 1;
        }
        // The navigation stayed in the app: one page load from nginx per cycle.
        if (documents.now + documents.before !== before + 1)
          failures.push(`a cycle from ${start} loaded ${documents.now + documents.before - before} pages from nginx, not 1`);
        await assetsSettled();
      }
    } finally {
      const summary =
        `mixed builds: ${pageLoads} page loads over 2 processes (${documents.now + documents.before} from nginx: ${documents.now} drawn by the current build, ` +
        `${documents.before} by the previous; ${inAppNavigations} in-app navigations), ${assetLoads} script and stylesheet loads ` +
        `(${fromStorage} answered from the storage by the process of the other build), ${failures.length} failed chunk loads`;
      if (REPORT)
        writeFileSync(
          REPORT,
          JSON.stringify(
            { summary, failures, otherErrors, documents, pageLoads, inAppNavigations, assetLoads, fromStorage, ms: Date.now() - started },
            null,
            2,
          ),
        );
      process.stdout.write(`${summary}\n`);
      if (otherErrors.length > 0) {
        const counts = new Map<string, number>();
        for (const error of otherErrors) counts.set(error, (counts.get(error) ?? 0) + 1);
        const listed = [...counts].slice(0, 10).map(([error, times]) => `${times} × ${error}`);
        process.stdout.write(`${otherErrors.length} other errors on the pages (not counted):\n  ${listed.join('\n  ')}\n`);
      }
    }

    expect(failures).toEqual([]);
    expect(pageLoads).toBe(PAGE_LOADS);
    // Both builds drew pages, and pages of one loaded chunks only the other's process had locally.
    expect(documents.now).toBeGreaterThan(0);
    expect(documents.before).toBeGreaterThan(0);
    if (buildsDiffer()) expect(fromStorage).toBeGreaterThan(0);
    await context.close();
  });
});
