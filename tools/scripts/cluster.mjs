// `npm run cluster`: the scaled-out topology on this machine. Builds, creates the database if
// needed, starts several API processes (default ports 3101 and 3102) on one PostgreSQL and one
// Redis, and nginx in front on port 8080 (round-robin, no sticky sessions). Ctrl+C stops nginx and
// drains the API processes; SIGUSR2 (`kill -USR2 <pid>`) restarts them one after another, as a
// rolling deploy does.
//
// Without object storage the processes share DATA_DIR (uploads, secrets). With STORAGE_DRIVER=s3
// (and the S3_* variables) each process gets a data directory of its own (DATA_DIR/api-<port>), as
// separate machines would: nothing is shared on disk, and the secrets the API would otherwise keep
// in its data directory (JWT_SECRET, the payment sandbox's) are made once, in
// DATA_DIR/cluster-secrets.json, and given to every process.
//
// CLUSTER_WEB_ROOTS (a folder per port of CLUSTER_API_PORTS, comma-separated, in the same order)
// gives each process its own frontend builds (WEB_ROOT), as during a rolling deploy where machines run
// different versions; unset, every process serves WEB_ROOT (default dist/).
//
// Environment: SHUTDOWN_DRAIN_MS (2000), CLUSTER_PORT (8080), CLUSTER_API_PORTS (3101,3102), DATABASE_URL
// (postgres://shop:shop@127.0.0.1:5432/thalir_cluster), REDIS_URL (redis://127.0.0.1:6379),
// DATA_DIR (.data/cluster), CLUSTER_API_MAIN (a built main.js: skips the build), NGINX (nginx),
// CLUSTER_ACCESS_LOG (nginx's access log: a file, default DATA_DIR/nginx-access.log, or off),
// CLUSTER_START_TIMEOUT_MS (120000: how long an API process may take to become ready).
// Anything else (RAZORPAY_*, JWT_SECRET, ADMIN_*, …) is passed to the API processes as is.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_NODE_FLAGS, bin, run, workspaceRoot } from './lib.mjs';

const require = createRequire(import.meta.url);
const env = process.env;
const port = Number(env.CLUSTER_PORT ?? 8080);
const apiPorts = (env.CLUSTER_API_PORTS ?? '3101,3102')
  .split(',')
  .map((p) => Number(p.trim()))
  .filter(Boolean);
const webRoots = env.CLUSTER_WEB_ROOTS ? env.CLUSTER_WEB_ROOTS.split(',').map((dir) => resolve(workspaceRoot, dir.trim())) : null;
const databaseUrl = env.DATABASE_URL ?? 'postgres://shop:shop@127.0.0.1:5432/thalir_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = resolve(workspaceRoot, env.DATA_DIR ?? '.data/cluster');
const nginxBinary = env.NGINX ?? 'nginx';
// A file: nginx cannot open /dev/stdout when its output is a pipe (Node's pipes are sockets).
const accessLog = env.CLUSTER_ACCESS_LOG ?? join(dataDir, 'nginx-access.log');

const separateDataDirs = env.STORAGE_DRIVER === 's3';
// A stopping process serves this long (SHUTDOWN_DRAIN_MS, default here 2 s), and nginx closes the
// connections it leaves idle within half of it: see deploy/nginx/nginx.conf.
const drainMs = Number(env.SHUTDOWN_DRAIN_MS ?? 2000);
/** How long a stopping API process may take after its drain before it is killed. */
const STOP_TIMEOUT_MS = 30_000;
const upstreamKeepaliveTimeout = `${Math.max(100, Math.floor(drainMs / 2))}ms`;

const children = [];
let stopping = false;
let restarting = false;
let runDir = null;

function fail(message) {
  console.error(`cluster: ${message}`);
  void stop(1);
}

/** Prefixes each line a child writes, so the interleaved output stays readable. */
function relay(child, name) {
  for (const [source, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let partial = '';
    source.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  }
}

function start(name, command, args, extraEnv = {}) {
  const child = spawn(command, args, { cwd: workspaceRoot, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  relay(child, name);
  const entry = { name, child, expectedExit: false };
  child.on('exit', (code, signal) => {
    if (!stopping && !entry.expectedExit) fail(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`})`);
  });
  children.push(entry);
  return child;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  // nginx first (SIGQUIT: finish the requests it holds), then the APIs drain theirs (SIGTERM).
  const order = [...children].sort((a, b) => (a.name === 'nginx' ? -1 : b.name === 'nginx' ? 1 : 0));
  for (const { name, child } of order) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', () => done(true)));
    child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    // A process still starting may not stop on SIGTERM yet: past the drain and its requests, it is killed.
    const stopped = await Promise.race([exited, new Promise((done) => setTimeout(() => done(false), drainMs + STOP_TIMEOUT_MS).unref())]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const startTimeoutMs = Number(env.CLUSTER_START_TIMEOUT_MS ?? 120_000);

async function waitHealthy(url, what, timeoutMs = startTimeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (stopping) throw new Error('stopping');
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become healthy at ${url}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** The secrets every process must share, made once and kept beside the processes' data directories. */
function sharedSecrets() {
  const file = join(dataDir, 'cluster-secrets.json');
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  // The payment sandbox's secrets; the real provider's come from its dashboard.
  const sandbox = env.PAYMENTS_PROVIDER === 'razorpay' ? [] : ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'];
  for (const name of ['JWT_SECRET', ...sandbox]) secrets[name] ??= randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return Object.fromEntries(Object.entries(secrets).filter(([name]) => !env[name] && (name === 'JWT_SECRET' || sandbox.includes(name))));
}

/**
 * Sets which API processes nginx sends to (a graceful reload: nginx's old workers finish what they
 * hold), and waits until its answers come only from processes in the rotation.
 */
async function rotate(nginx, downPorts) {
  writeNginxConfig(downPorts);
  nginx.kill('SIGHUP');
  let fromRotation = 0;
  await watchNginx(
    (upstream) => {
      fromRotation = upstream && !downPorts.some((down) => upstream.endsWith(`:${down}`)) ? fromRotation + 1 : 0;
      return fromRotation >= 20;
    },
    `nginx still sends to ${downPorts.join(', ')} after its reload`,
  );
}

/**
 * Asks nginx for /api/health until `enough` says so of the process that answered (its X-Upstream,
 * answer after answer), or fails with `problem` after 30 s.
 */
async function watchNginx(enough, problem) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (enough(answer?.headers.get('x-upstream') ?? null)) return;
    if (Date.now() > deadline) throw new Error(problem);
    await new Promise((done) => setTimeout(done, 10));
  }
}

/**
 * A rolling deploy on this machine, as an orchestrator does it: each API process in turn is taken
 * out of nginx's rotation, sent SIGTERM (it drains, see docs/operations.md), started again once it has
 * exited, and put back once it is ready; the next goes once nginx sends to it again.
 */
async function restartOneByOne(main, apiEnv, nginx) {
  if (restarting || stopping) return;
  restarting = true;
  try {
    for (const apiPort of apiPorts) {
      const name = `api-${apiPort}`;
      const entry = children.find((candidate) => candidate.name === name && candidate.child.exitCode === null && candidate.child.signalCode === null);
      await rotate(nginx, [apiPort]);
      if (entry) {
        entry.expectedExit = true;
        const exited = new Promise((done) => entry.child.once('exit', done));
        entry.child.kill('SIGTERM');
        await exited;
        children.splice(children.indexOf(entry), 1);
      }
      if (stopping) return;
      start(name, process.execPath, [...API_NODE_FLAGS, main], apiEnv(apiPort));
      await waitHealthy(`http://127.0.0.1:${apiPort}`, `API process on ${apiPort}`);
      await rotate(nginx, []);
      // nginx sends to it again (the next process stops only then).
      await watchNginx((upstream) => Boolean(upstream?.endsWith(`:${apiPort}`)), `nginx did not send to the API process on ${apiPort} again within 30 s`);
      console.log(`cluster: ${name} restarted`);
    }
    console.log('cluster: rolling restart done');
  } catch (error) {
    if (!stopping) fail(error.message);
  } finally {
    restarting = false;
  }
}

async function ensureDatabase() {
  const { Client } = require('pg');
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL does not answer at ${server.host} (${error.message})`, { cause: error });
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`cluster: created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function ensureRedis() {
  const { Redis } = require('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis does not answer at ${redisUrl} (${error.message}); rate limits could not be shared`, { cause: error });
  } finally {
    redis.disconnect();
  }
}

/** Writes nginx's configuration, with the API processes on `downPorts` taken out of the rotation. */
function writeNginxConfig(downPorts = []) {
  if (!runDir) {
    runDir = mkdtempSync(join(tmpdir(), 'thalir-nginx-'));
    chmodSync(runDir, 0o755);
    // nginx's workers may run as another user (nobody) and must write their temp files here.
    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(runDir, sub));
      chmodSync(join(runDir, sub), 0o777);
    }
  }
  const template = readFileSync(join(workspaceRoot, 'deploy/nginx/nginx.conf'), 'utf8');
  const config = template
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{ACCESS_LOG}}', accessLog === 'off' ? 'off' : `${accessLog} upstreamed`)
    .replaceAll('{{LISTEN}}', String(port))
    .replaceAll('{{UPSTREAM_KEEPALIVE_TIMEOUT}}', upstreamKeepaliveTimeout)
    .replaceAll(
      '{{UPSTREAM_SERVERS}}',
      apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s${downPorts.includes(p) ? ' down' : ''};`).join('\n'),
    );
  const file = join(runDir, 'nginx.conf');
  writeFileSync(file, config);
  const check = spawnSync(nginxBinary, ['-t', '-q', '-e', 'stderr', '-p', `${runDir}/`, '-c', file], { encoding: 'utf8' });
  if (check.error) throw new Error(`nginx is not installed (${check.error.message}); on Debian: apt-get install -y nginx`);
  if (check.status !== 0) throw new Error(`nginx refused the generated configuration:\n${check.stderr}`);
  return file;
}

try {
  if (webRoots && webRoots.length !== apiPorts.length) {
    throw new Error(`CLUSTER_WEB_ROOTS names ${webRoots.length} folders for ${apiPorts.length} API ports (${apiPorts.join(', ')}): one per port`);
  }
  let main = env.CLUSTER_API_MAIN;
  if (!main) {
    console.log('cluster: building the API and the frontends…');
    const build = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=2', '--output-style=static'], { quiet: true });
    if (build.code !== 0) throw new Error(`the build failed:\n${build.output}`);
    main = 'dist/api/api/src/main.js';
  }
  await ensureDatabase();
  await ensureRedis();
  mkdirSync(dataDir, { recursive: true });
  const nginxConfig = writeNginxConfig();

  const secrets = separateDataDirs ? sharedSecrets() : {};
  const apiEnv = (apiPort) => ({
    ...secrets,
    PORT: String(apiPort),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: separateDataDirs ? join(dataDir, `api-${apiPort}`) : dataDir,
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_MS: String(drainMs),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
    ...(webRoots ? { WEB_ROOT: webRoots[apiPorts.indexOf(apiPort)] } : {}),
  });
  // The first process creates the schema, the demo catalogue and the secrets kept in DATA_DIR;
  // the others start once it is up, so they all read the same ones.
  const [first, ...rest] = apiPorts;
  start(`api-${first}`, process.execPath, [...API_NODE_FLAGS, main], apiEnv(first));
  await waitHealthy(`http://127.0.0.1:${first}`, `API process on ${first}`);
  for (const apiPort of rest) start(`api-${apiPort}`, process.execPath, [...API_NODE_FLAGS, main], apiEnv(apiPort));
  await Promise.all(rest.map((apiPort) => waitHealthy(`http://127.0.0.1:${apiPort}`, `API process on ${apiPort}`)));

  const nginx = start('nginx', nginxBinary, ['-e', 'stderr', '-p', `${runDir}/`, '-c', nginxConfig, '-g', 'daemon off;']);
  await waitHealthy(`http://127.0.0.1:${port}`, 'nginx');
  process.on('SIGUSR2', () => void restartOneByOne(main, apiEnv, nginx));
  console.log(
    `cluster: the shop is open at http://localhost:${port}: nginx → API processes on ${apiPorts.join(', ')}; ` +
      `PostgreSQL ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}, Redis ${new URL(redisUrl).host}, ` +
      (separateDataDirs ? `object storage in bucket ${env.S3_BUCKET}, a data directory per process in ${dataDir}` : `shared data in ${dataDir}`) +
      `${accessLog === 'off' ? '' : `, nginx access log ${accessLog}`}. Ctrl+C stops it.`,
  );
} catch (error) {
  if (!stopping) fail(error.message);
}
