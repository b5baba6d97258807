import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import sharp from 'sharp';

export const workspaceRoot = resolve(__dirname, '../..');
/**
 * The built frontends the journeys run: dist/, or the mix of releases the compatibility gate
 * (tools/scripts/compat-gate.mjs) assembles, e.g. the shell of now with the remotes of before.
 */
export const webRoot = process.env.E2E_WEB_ROOT ? resolve(process.env.E2E_WEB_ROOT) : join(workspaceRoot, 'dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
export const DEMO_ADMIN = { email: 'admin@thalirblooms.example', password: 'BloomAdmin#2026' };

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export interface Shop {
  url: string;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  stop(): Promise<void>;
}

/** Starts the built shop (dist/) as `npm start` would, on its own port and data directory. */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'thalir-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['dist/api/api/src/main.js'], {
    cwd: workspaceRoot,
    env: { ...process.env, NODE_ENV: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_ROOT: webRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  child.once('exit', (code, signal) => (output += `\n[the shop exited with code ${code}, signal ${signal}]`));
  const url = `http://127.0.0.1:${port}`;
  // A first boot creates the embedded database and the demo catalogue: minutes on a busy shared machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The shop did not become healthy:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    dataDir,
    process: child,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('close', done));
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

/** A static file server with CORS, standing in for a remote deployed on its own origin. */
export async function serveStatic(root: string, port = 0): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent((request.url ?? '/').split('?')[0])));
    if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    });
    createReadStream(path).pipe(response);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
}

/** Signs in through the API and stores token and role the way the login screen does. */
export async function signInAs(page: Page, shopUrl: string, credentials: { email: string; password: string }): Promise<{ token: string; role: string }> {
  const response = await fetch(`${shopUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: { role: string } };
  await page.goto(`${shopUrl}/favicon.ico`).catch(() => undefined);
  await page.evaluate((t, r) => {
    localStorage.setItem('token', t);
    localStorage.setItem('role', r);
  }, token, user.role);
  return { token, role: user.role };
}

export async function registerCustomer(shopUrl: string, name = 'Asha Customer'): Promise<{ email: string; password: string; token: string }> {
  const email = `customer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Petals#2026';
  const response = await fetch(`${shopUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { email, password, token };
}

/** Records the React renderers that register with the devtools hook: one per react-dom copy. */
export async function countReactCopies(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    let nextId = 0;
    const renderers = new Map<number, unknown>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      inject(renderer: unknown) {
        nextId += 1;
        renderers.set(nextId, renderer);
        return nextId;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
}

export async function textOf(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

export async function waitForText(page: Page, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}

/** The machine running the journeys is shared and slow: every wait in them gets this long. */
export const UI_TIMEOUT = 60_000;

/** For a `beforeAll` that starts a shop: its start alone may take up to 3 minutes. */
export const SHOP_START_TIMEOUT = 300_000;

/**
 * A fresh browser context (its own localStorage, like a separate visitor) with one page in it.
 * With `downloadPath`, files the page downloads are saved there.
 */
export async function openSession(browser: Browser, downloadPath?: string): Promise<Page> {
  const context = await browser.createBrowserContext(downloadPath ? { downloadBehavior: { policy: 'allow', downloadPath } } : {});
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  page.setDefaultNavigationTimeout(UI_TIMEOUT);
  await page.setViewport({ width: 1280, height: 900 });
  return page;
}

export async function closeSession(page: Page): Promise<void> {
  await page.browserContext().close();
}

/** The form control a `<label>` with exactly this text points at, waiting for it to render. */
export async function fieldByLabel(page: Page, label: string): Promise<ElementHandle<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>> {
  const handle = await page.waitForFunction(
    (text) => {
      const match = [...document.querySelectorAll('label')].find((node) => node.textContent?.replace(/\s+/g, ' ').trim() === text);
      return (match?.control as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null | undefined) ?? null;
    },
    { timeout: UI_TIMEOUT },
    label,
  );
  const element = handle.asElement();
  if (!element) throw new Error(`No form control labelled "${label}"`);
  return element as ElementHandle<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
}

/** Replaces what the labelled field holds by typing, as a user would (React sees every key). */
export async function fillField(page: Page, label: string, value: string): Promise<void> {
  const field = await fieldByLabel(page, label);
  await field.focus();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value) await field.type(value);
}

/** The checkout's delivery fields a valid order needs: a served PIN code (checked as it is typed) and the recipient's mobile. */
export async function fillDelivery(page: Page, pincode = '635109', mobile = '98765 43210'): Promise<void> {
  await fillField(page, 'PIN code', pincode);
  await seeText(page, `We deliver to ${pincode}.`);
  await fillField(page, 'Recipient’s mobile', mobile);
}

export async function selectOption(page: Page, label: string, value: string): Promise<void> {
  const field = await fieldByLabel(page, label);
  await field.select(value);
}

/** Clicks the button with this accessible name once it is visible and enabled. */
export async function clickButton(page: Page, name: string): Promise<void> {
  await page.locator(`::-p-aria([name="${name}"][role="button"])`).click();
}

export async function clickLink(page: Page, name: string): Promise<void> {
  await page.locator(`::-p-aria([name="${name}"][role="link"])`).click();
}

/** Waits until the page's path (and query, when given) is this one. */
export async function waitForPath(page: Page, pathAndQuery: string | RegExp, timeout = UI_TIMEOUT): Promise<string> {
  const expected = typeof pathAndQuery === 'string' ? `^${pathAndQuery.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : pathAndQuery.source;
  await page.waitForFunction((source) => new RegExp(source).test(location.pathname + location.search), { timeout }, expected);
  return page.evaluate(() => location.pathname + location.search);
}

/** The texts of the links and buttons in the desktop header navigation. */
export async function headerItems(page: Page): Promise<string[]> {
  return page.$$eval('header.site-header nav.nav--desktop a, header.site-header nav.nav--desktop button', (nodes) =>
    nodes.map((node) => (node as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );
}

export async function apiLogin(shopUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${shopUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A small real PNG made on the spot, so an upload carries actual image content. */
export function pngImage(colour = '#c0244f', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } }).png().toBuffer();
}

export interface CreatedProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
  image: string;
}

/** Adds a product through the admin API (multipart with a real image), for journeys that need known stock and price. */
export async function createProductViaApi(
  shopUrl: string,
  adminToken: string,
  fields: { name: string; price: number; stock: number; type?: 'flower' | 'green_leaf'; description?: string },
): Promise<CreatedProduct> {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('price', String(fields.price));
  form.set('stock', String(fields.stock));
  form.set('type', fields.type ?? 'flower');
  form.set('description', fields.description ?? `${fields.name}, grown for the browser journeys.`);
  form.set('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'journey.png');
  const response = await fetch(`${shopUrl}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  if (response.status !== 201) throw new Error(`create product failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: CreatedProduct }).data;
}

/** What the page says it went wrong, for a failed wait's message. */
async function pageProblems(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => ({
      at: location.pathname + location.search,
      alerts: [...document.querySelectorAll('[role="alert"]')].map((node) => (node as HTMLElement).innerText.trim()).filter(Boolean),
    }))
    .catch(() => ({ at: page.url(), alerts: [] as string[] }));
  return `at ${state.at}${state.alerts.length ? `, alerts: ${state.alerts.join(' | ')}` : ''}`;
}

/** Waits for text to appear on the page; a timeout names where the page is and what it is alerting. */
export async function seeText(page: Page, text: string, timeout = UI_TIMEOUT): Promise<void> {
  try {
    await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);
  } catch (error) {
    throw new Error(`"${text}" did not appear (${await pageProblems(page)}): ${(error as Error).message}`, { cause: error });
  }
}

/** Waits for an element; a timeout names where the page is and what it is alerting. */
export async function seeElement(page: Page, selector: string, timeout = UI_TIMEOUT): Promise<ElementHandle<Element>> {
  try {
    const element = await page.waitForSelector(selector, { timeout });
    if (!element) throw new Error('not found');
    return element;
  } catch (error) {
    throw new Error(`${selector} did not appear (${await pageProblems(page)}): ${(error as Error).message}`, { cause: error });
  }
}

/** Places an order through the API as the customer would from the checkout, for journeys that start after it. */
export async function placeOrderViaApi(
  shopUrl: string,
  token: string,
  order: { items: { product: string; quantity: number }[]; paymentMethod: 'cash' | 'razorpay'; address: string },
): Promise<{ _id: string; totalAmount: number }> {
  const response = await fetch(`${shopUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ orderItems: order.items, paymentMethod: order.paymentMethod, address: order.address }),
  });
  if (response.status !== 201) throw new Error(`place order failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { _id: string; totalAmount: number };
}

/**
 * Fails with the shop's own output when its process has ended: on a shared machine a journey's
 * "connection refused" otherwise hides why (a crash, or someone rebuilding dist/api underneath it).
 */
export function expectShopRunning(shop: Shop | undefined): void {
  if (shop && (shop.process.exitCode !== null || shop.process.signalCode !== null)) {
    throw new Error(`The shop is no longer running:\n${shop.logs().slice(-4000)}`);
  }
}

/** A rupee amount as the shop shows it (en-IN, two decimals). */
export const rupees = (amount: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
