// Starts the built API (dist/) as a separate process on a free port with its own data directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NODE_FLAGS } from '../../scripts/lib.mjs';
import { distRoot } from './dist-snapshot.mjs';
import { workspaceRoot } from './paths.mjs';
import { SkipError } from './report.mjs';

export { workspaceRoot };
const apiMain = () => join(distRoot(), 'api/api/src/main.js');

export async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Polls until `url` answers 200; returns the time it took, or throws with the process output. */
export async function waitForHealthy(url, child, output, { timeoutMs = 120_000, intervalMs = 100 } = {}) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited (code ${child.exitCode}) before ${url} answered:\n${output()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
    await sleep(intervalMs);
  }
}

/** Ends a child we started: SIGTERM, then SIGKILL if it lingers. */
export async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((done) => child.once('close', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await closed;
  clearTimeout(timer);
}

/**
 * The API under test with LOG_LEVEL=warn. `databaseUrl` null runs the embedded database (PGlite) in
 * DATA_DIR, which also holds uploads and the generated JWT secret. A given `dataDir` is kept on stop
 * (a later API process on it accepts the same tokens); without one a fresh directory is made and removed.
 */
export async function startApi({ databaseUrl = null, env = {}, nodeArgs = [], dataDir: givenDataDir = null } = {}) {
  const main = apiMain();
  if (!existsSync(main)) throw new SkipError(`the API is not built (${main} missing); run without --no-build`);
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'thalir-bench-'));
  const removeDataDir = () => givenDataDir || rmSync(dataDir, { recursive: true, force: true });
  let output = '';
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...nodeArgs, main], {
    cwd: workspaceRoot,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_ROOT: distRoot(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${url}/api/health`, child, () => output);
  } catch (error) {
    await stopChild(child);
    removeDataDir();
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid,
    logs: () => output,
    /** Set when the process ended by itself (a crash), null while it runs. */
    crashed: () => (child.exitCode !== null || child.signalCode !== null ? { code: child.exitCode, signal: child.signalCode } : null),
    async stop() {
      await stopChild(child);
      removeDataDir();
    },
  };
}

/** One JSON call to the API. */
export async function call(baseUrl, method, path, { token, body, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, json, text };
}
