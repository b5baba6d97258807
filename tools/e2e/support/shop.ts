import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, extname, join, normalize, resolve } from 'node:path';

export const workspaceRoot = resolve(__dirname, '../../..');
/**
 * The built frontends the journeys run: dist/, or the mix of releases the compatibility gate
 * (tools/scripts/compat-gate.mjs) assembles, e.g. the shell of now with the remotes of before.
 */
export const webRoot = process.env.E2E_WEB_ROOT ? resolve(process.env.E2E_WEB_ROOT) : join(workspaceRoot, 'dist');

/** For a `beforeAll` that starts a shop: its start alone may take up to 3 minutes. */
export const SHOP_START_TIMEOUT = 300_000;

async function freePort(): Promise<number> {
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

/**
 * A data directory as the shop's first start leaves it (embedded database migrated, demo catalogue
 * seeded), made once per run by global-setup.ts: each journey's shop starts from a copy of it,
 * which saves a first start's seconds of CPU per journey. Unset, every shop starts from nothing.
 */
const FIRST_STARTED_DATA_DIR = 'E2E_FIRST_STARTED_DATA_DIR';

/** Files of a running embedded database, which a copy must not take over. */
const RUNNING_DATABASE_FILES = new Set(['embedded-db.lock', 'embedded-db.url']);

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-e2e-'));
  const firstStarted = process.env[FIRST_STARTED_DATA_DIR];
  if (firstStarted) cpSync(firstStarted, dataDir, { recursive: true, filter: (source) => !RUNNING_DATABASE_FILES.has(basename(source)) });
  return dataDir;
}

/** Runs the shop's first start once, into a data directory every later shop of this run copies. */
export async function prepareFirstStartedDataDir(): Promise<() => void> {
  const shop = await startShop({ DATA_DIR: mkdtempSync(join(tmpdir(), 'thalir-e2e-first-')) });
  await shop.stop();
  process.env[FIRST_STARTED_DATA_DIR] = shop.dataDir;
  return () => rmSync(shop.dataDir, { recursive: true, force: true });
}

/** The shop could not listen: another process took the port found free before the shop bound it. */
class PortTaken extends Error {}

/**
 * Starts the built shop (dist/) as `npm start` would, on its own port and data directory. A port
 * found free can be taken before the shop binds it (the compatibility gate starts shops beside the
 * journeys): the start is then tried again on another port.
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startShopOnce(env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

async function startShopOnce(env: Record<string, string>): Promise<Shop> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? newDataDir();
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
    if (child.exitCode !== null) {
      if (!output.includes('EADDRINUSE')) throw new Error(`The shop exited during start:\n${output}`);
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      throw new PortTaken(output);
    }
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

/**
 * Fails with the shop's own output when its process has ended: on a shared machine a journey's
 * "connection refused" otherwise hides why (a crash, or someone rebuilding dist/api underneath it).
 */
export function expectShopRunning(shop: Shop | undefined): void {
  if (shop && (shop.process.exitCode !== null || shop.process.signalCode !== null)) {
    throw new Error(`The shop is no longer running:\n${shop.logs().slice(-4000)}`);
  }
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

/** What a remote's static server serves late when told to: its manifest and its entry script. */
const REMOTE_ENTRY_FILES = /(mf-manifest\.json|remoteEntry\.js)$/;

export interface StaticServer {
  url: string;
  port: number;
  /** While above 0, the manifest and the entry answer this late, as a remote on a struggling host. */
  delayMs: number;
  /** Resolves once every late answer has been sent. */
  answeredAll(): Promise<void>;
  close(): Promise<void>;
}

/** A static file server with CORS, standing in for a remote deployed on its own origin. */
export async function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const late = new Set<Promise<void>>();
  const server: Server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent((request.url ?? '/').split('?')[0])));
    const send = () => {
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
    };
    if (served.delayMs > 0 && REMOTE_ENTRY_FILES.test(path)) {
      const answered = new Promise<void>((done) => setTimeout(done, served.delayMs)).then(send);
      late.add(answered);
      void answered.finally(() => late.delete(answered));
    } else send();
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const actual = (server.address() as AddressInfo).port;
  const served: StaticServer = {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    delayMs: 0,
    answeredAll: async () => {
      while (late.size > 0) await Promise.all([...late]);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return served;
}
