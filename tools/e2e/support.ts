import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const workspaceRoot = resolve(__dirname, '../..');
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
    env: { ...process.env, NODE_ENV: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
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
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(),
      supportsFiber: true,
      inject(renderer: unknown) {
        nextId += 1;
        this.renderers.set(nextId, renderer);
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
