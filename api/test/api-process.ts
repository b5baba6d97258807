import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/**
 * Helpers for tests that run the real API as a child process (kill it, restart it, cut its
 * database): a private build, start/stop, scratch PostgreSQL databases and a TCP proxy.
 */
export const workspaceRoot = resolve(__dirname, '../..');

let builtMain: string | null = null;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds the API with the same swc settings as `nx run api:build`, into a folder of this test
 * process, so it neither depends on nor disturbs a `dist/api` someone else is using.
 */
export function buildApi(): string {
  if (builtMain) return builtMain;
  mkdirSync(join(workspaceRoot, 'dist'), { recursive: true });
  // Builds of test processes that were killed (no exit handler ran) are swept here.
  for (const entry of readdirSync(join(workspaceRoot, 'dist'), { withFileTypes: true })) {
    const owner = /^\.test-api-(\d+)$/.exec(entry.name);
    if (owner && !isRunning(Number(owner[1]))) rmSync(join(workspaceRoot, 'dist', entry.name), { recursive: true, force: true });
  }
  const outDir = join(workspaceRoot, 'dist', `.test-api-${process.pid}`);
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(
    join(workspaceRoot, 'node_modules/.bin/swc'),
    ['api/src', 'libs/contracts/src', 'libs/pages/src', '-d', outDir, '--config-file', 'api/.swcrc', '--quiet'],
    {
      cwd: workspaceRoot,
      stdio: 'pipe',
    },
  );
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  builtMain = join(outDir, 'api/src/main.js');
  if (!existsSync(builtMain)) throw new Error(`The API build did not produce ${builtMain}`);
  return builtMain;
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  logs(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Wait for /api/health to answer 200 (default) or return as soon as the process runs. */
  waitHealthy?: boolean;
  timeoutMs?: number;
}

/**
 * The built API on a free port (or env.PORT), with a throwaway web root, logs kept for assertions.
 * A port found free can be taken before the API binds it (another test file's process): the start is
 * then tried again on another port. Another API that took the port answers /api/health too, so the
 * API counts as started only once its own start line says it listens there (a LOG_LEVEL of info or
 * lower, the default here, prints it).
 */
export async function startApi(env: Record<string, string>, options: StartOptions = {}): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt++) {
    const api = spawnApi(env, env.PORT ? Number(env.PORT) : await freePort());
    if (options.waitHealthy === false) return api;
    try {
      await waitUntilServing(api, options.timeoutMs ?? 90_000);
      return api;
    } catch (error) {
      await api.exited;
      const portTaken = !env.PORT && api.logs().includes('EADDRINUSE');
      if (!portTaken || attempt === 3) throw error;
    }
  }
}

function spawnApi(env: Record<string, string>, port: number): ApiProcess {
  const main = buildApi();
  const webRoot = mkdtempSync(join(tmpdir(), 'thalir-web-'));
  let output = '';
  const child = spawn(process.execPath, [main], {
    cwd: workspaceRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    // 'close', not 'exit': the logs may still be in the pipes when the process has exited.
    child.once('close', (code, signal) => {
      rmSync(webRoot, { recursive: true, force: true });
      done({ code, signal });
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logs: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

async function waitUntilServing(api: ApiProcess, timeoutMs: number): Promise<void> {
  const startLine = `The shop is open at http://localhost:${api.port} `;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (api.child.exitCode !== null || api.child.signalCode !== null) throw new Error(`The API exited during start:\n${api.logs()}`);
    if (api.logs().includes(startLine)) {
      try {
        if ((await fetch(`${api.url}/api/health`)).ok) return;
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > deadline) {
      api.child.kill('SIGKILL');
      throw new Error(`The API did not become healthy:\n${api.logs()}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** A fresh database on the PostgreSQL server of `baseUrl`, dropped again by drop(). */
export async function createScratchDatabase(baseUrl: string, label: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `shop_${label}_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A TCP proxy in front of a database (or anything): `cut()` drops every connection and refuses new
 * ones, as a database that went away; `restore()` accepts connections again on the same port.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  async listen(port = this.port): Promise<void> {
    const server = createNetServer((client) => {
      const target = connect(this.targetPort, this.targetHost);
      this.sockets.add(client).add(target);
      const forget = () => {
        this.sockets.delete(client);
        this.sockets.delete(target);
        client.destroy();
        target.destroy();
      };
      client.on('error', forget).on('close', forget);
      target.on('error', forget).on('close', forget);
      client.pipe(target).pipe(client);
    });
    await new Promise<void>((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', () => done()));
    this.server = server;
    this.port = (server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise((done) => server.close(done));
  }

  restore(): Promise<void> {
    return this.listen(this.port);
  }
}
