import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, extname, join, normalize, resolve } from 'node:path';
import { Client } from 'pg';

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
  /** What a command run against this shop needs: its DATA_DIR, and its DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  process: ChildProcess;
  logs: () => string;
  stop(): Promise<void>;
}

/**
 * What each journey's shop starts from, made once per run by global-setup.ts (prepareRun): the data
 * directory as the shop's first start leaves it (the demo catalogue's pictures, and the embedded
 * database migrated and seeded) and, with TEST_DATABASE_URL set, that first start's PostgreSQL
 * database. A shop starts from copies of them, which saves a first start's seconds of CPU per journey.
 */
const FIRST_STARTED_DATA_DIR = 'E2E_FIRST_STARTED_DATA_DIR';
const FIRST_STARTED_DATABASE = 'E2E_FIRST_STARTED_DATABASE';

/**
 * With TEST_DATABASE_URL set (as in CI), each journey's shop runs on a PostgreSQL database of its
 * own: the embedded database runs inside the shop's process, and the journeys took about a sixth
 * more CPU on it. The checkout journey keeps the embedded database, as `npm start` runs the shop.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

export interface ShopOptions {
  /** Where the shop keeps its data: by default PostgreSQL when TEST_DATABASE_URL is set, else the embedded database. */
  database?: 'embedded' | 'postgres';
}

/** Files of a running embedded database, which a copy must not take over. */
const RUNNING_DATABASE_FILES = new Set(['embedded-db.lock', 'embedded-db.url']);

function newDataDir(copyFirstStarted: boolean): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-e2e-'));
  const firstStarted = process.env[FIRST_STARTED_DATA_DIR];
  if (firstStarted && copyFirstStarted) {
    cpSync(firstStarted, dataDir, { recursive: true, filter: (source) => !RUNNING_DATABASE_FILES.has(basename(source)) });
  }
  return dataDir;
}

const databaseUrlOf = (name: string) => Object.assign(new URL(POSTGRES_URL!), { pathname: `/${name}` }).toString();

async function onTestServer<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let databaseCount = 0;

/** A database of the shop's own, cloned from the first-started one (CREATE DATABASE … TEMPLATE). */
async function newDatabase(): Promise<string> {
  const firstStarted = process.env[FIRST_STARTED_DATABASE];
  if (!firstStarted) throw new Error('No first-started database: the journeys start with global-setup.ts');
  const name = `${firstStarted}_${process.pid}_${databaseCount++}`;
  await onTestServer((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${firstStarted}`));
  return databaseUrlOf(name);
}

async function dropDatabase(url: string): Promise<void> {
  await onTestServer((admin) => admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`));
}

/** Drops the run's databases on the test server: the first-started one and any clone a shop left. */
async function dropRunDatabases(firstStarted: string): Promise<void> {
  await onTestServer(async (admin) => {
    const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)', [firstStarted, `${firstStarted}_`]);
    for (const { datname } of rows as { datname: string }[]) await admin.query(`DROP DATABASE ${datname} WITH (FORCE)`);
  });
}

/** Runs the shop's first start (global-setup.ts), whose data every journey's shop copies. Returns its clean-up. */
export async function prepareRun(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-e2e-first-'));
  const database = POSTGRES_URL ? `thalir_e2e_${process.pid}` : null;
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await dropRunDatabases(database);
  };
  try {
    if (database) await onTestServer((admin) => admin.query(`CREATE DATABASE ${database}`));
    const shop = await startShop({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: databaseUrlOf(database) } : {}) });
    await shop.stop();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  process.env[FIRST_STARTED_DATA_DIR] = dataDir;
  if (database) process.env[FIRST_STARTED_DATABASE] = database;
  return cleanUp;
}

/** The shop could not listen: another process took the port found free before the shop bound it. */
class PortTaken extends Error {}

/**
 * Starts the built shop (dist/) as `npm start` would, on its own port, data directory and database.
 * A port found free can be taken before the shop binds it (the compatibility gate starts shops
 * beside the journeys): the start is then tried again on another port. Another shop that took the
 * port answers /api/health too, so the shop counts as started only once its own start line says it
 * listens there.
 */
export async function startShop(env: Record<string, string> = {}, options: ShopOptions = {}): Promise<Shop> {
  const database = options.database ?? (POSTGRES_URL ? 'postgres' : 'embedded');
  // A DATABASE_URL given by the caller is the caller's to drop; one made here goes with the shop.
  const ownDatabase = database === 'postgres' && !env.DATABASE_URL ? await newDatabase() : null;
  const shopEnv = ownDatabase ? { ...env, DATABASE_URL: ownDatabase } : env;
  // An embedded shop of a run that first started on PostgreSQL starts from nothing: that data directory has no database.
  const copyFirstStarted = database === 'postgres' || !process.env[FIRST_STARTED_DATABASE];
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const shop = await startShopOnce(shopEnv, copyFirstStarted);
        if (!ownDatabase) return shop;
        return { ...shop, stop: () => shop.stop().then(() => dropDatabase(ownDatabase)) };
      } catch (error) {
        if (!(error instanceof PortTaken) || attempt === 3) throw error;
      }
    }
  } catch (error) {
    if (ownDatabase) await dropDatabase(ownDatabase);
    throw error;
  }
}

async function startShopOnce(env: Record<string, string>, copyFirstStarted: boolean): Promise<Shop> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? newDataDir(copyFirstStarted);
  let output = '';
  const child = spawn(process.execPath, ['dist/api/api/src/main.js'], {
    cwd: workspaceRoot,
    env: { ...process.env, NODE_ENV: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_ROOT: webRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // 'close', not 'exit': the last lines may still be in the pipes when the process has exited.
  const closed = new Promise<void>((done) =>
    child.once('close', (code, signal) => {
      output += `\n[the shop exited with code ${code}, signal ${signal}]`;
      done();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const startLine = `The shop is open at http://localhost:${port} `;
  // A first boot creates the embedded database and the demo catalogue: minutes on a busy shared machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await closed;
      if (!output.includes('EADDRINUSE')) throw new Error(`The shop exited during start:\n${output}`);
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      throw new PortTaken(output);
    }
    if (output.includes(startLine)) {
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.ok) break;
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > deadline) throw new Error(`The shop did not become healthy:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    dataDir,
    env: { DATA_DIR: dataDir, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) },
    process: child,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await closed;
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
