// `npm run cluster`: the scaled-out topology on this machine. Builds, creates the database if
// needed, starts several API processes (default ports 3101 and 3102) on one PostgreSQL and one
// Redis with a shared DATA_DIR (uploads, secrets), and nginx in front on port 8080 (round-robin,
// no sticky sessions). Ctrl+C stops nginx and drains the API processes.
//
// Environment: CLUSTER_PORT (8080), CLUSTER_API_PORTS (3101,3102), DATABASE_URL
// (postgres://shop:shop@127.0.0.1:5432/thalir_cluster), REDIS_URL (redis://127.0.0.1:6379),
// DATA_DIR (.data/cluster), CLUSTER_API_MAIN (a built main.js: skips the build), NGINX (nginx),
// CLUSTER_ACCESS_LOG (nginx's access log: a file, default DATA_DIR/nginx-access.log, or off).
// Anything else (RAZORPAY_*, JWT_SECRET, ADMIN_*, …) is passed to the API processes as is.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const databaseUrl = env.DATABASE_URL ?? 'postgres://shop:shop@127.0.0.1:5432/thalir_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = resolve(workspaceRoot, env.DATA_DIR ?? '.data/cluster');
const nginxBinary = env.NGINX ?? 'nginx';
// A file: nginx cannot open /dev/stdout when its output is a pipe (Node's pipes are sockets).
const accessLog = env.CLUSTER_ACCESS_LOG ?? join(dataDir, 'nginx-access.log');

const children = [];
let stopping = false;
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
  child.on('exit', (code, signal) => {
    if (!stopping) fail(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`})`);
  });
  children.push({ name, child });
  return child;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  // nginx first (SIGQUIT: finish the requests it holds), then the APIs drain theirs (SIGTERM).
  const order = [...children].sort((a, b) => (a.name === 'nginx' ? -1 : b.name === 'nginx' ? 1 : 0));
  for (const { name, child } of order) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitHealthy(url, what, timeoutMs = 120_000) {
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

function writeNginxConfig() {
  runDir = mkdtempSync(join(tmpdir(), 'thalir-nginx-'));
  chmodSync(runDir, 0o755);
  // nginx's workers may run as another user (nobody) and must write their temp files here.
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(runDir, sub));
    chmodSync(join(runDir, sub), 0o777);
  }
  const template = readFileSync(join(workspaceRoot, 'deploy/nginx/nginx.conf'), 'utf8');
  const config = template
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{ACCESS_LOG}}', accessLog === 'off' ? 'off' : `${accessLog} upstreamed`)
    .replaceAll('{{LISTEN}}', String(port))
    .replaceAll('{{UPSTREAM_SERVERS}}', apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'));
  const file = join(runDir, 'nginx.conf');
  writeFileSync(file, config);
  const check = spawnSync(nginxBinary, ['-t', '-q', '-e', 'stderr', '-p', `${runDir}/`, '-c', file], { encoding: 'utf8' });
  if (check.error) throw new Error(`nginx is not installed (${check.error.message}); on Debian: apt-get install -y nginx`);
  if (check.status !== 0) throw new Error(`nginx refused the generated configuration:\n${check.stderr}`);
  return file;
}

try {
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

  const apiEnv = (apiPort) => ({
    PORT: String(apiPort),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
  });
  // The first process creates the schema, the demo catalogue and the secrets kept in DATA_DIR;
  // the others start once it is up, so they all read the same ones.
  const [first, ...rest] = apiPorts;
  start(`api-${first}`, process.execPath, [...API_NODE_FLAGS, main], apiEnv(first));
  await waitHealthy(`http://127.0.0.1:${first}`, `API process on ${first}`);
  for (const apiPort of rest) start(`api-${apiPort}`, process.execPath, [...API_NODE_FLAGS, main], apiEnv(apiPort));
  await Promise.all(rest.map((apiPort) => waitHealthy(`http://127.0.0.1:${apiPort}`, `API process on ${apiPort}`)));

  start('nginx', nginxBinary, ['-e', 'stderr', '-p', `${runDir}/`, '-c', nginxConfig, '-g', 'daemon off;']);
  await waitHealthy(`http://127.0.0.1:${port}`, 'nginx');
  console.log(
    `cluster: the shop is open at http://localhost:${port}: nginx → API processes on ${apiPorts.join(', ')}; ` +
      `PostgreSQL ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}, Redis ${new URL(redisUrl).host}, shared data in ${dataDir}` +
      `${accessLog === 'off' ? '' : `, nginx access log ${accessLog}`}. Ctrl+C stops it.`,
  );
} catch (error) {
  if (!stopping) fail(error.message);
}
