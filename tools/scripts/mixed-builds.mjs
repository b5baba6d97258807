// Two builds of the frontends behind one load balancer, as in the middle of a rolling deploy: a phase
// of the compatibility gate (compat-gate.mjs), which also runs alone on folders already built:
//
//   node tools/scripts/mixed-builds.mjs --before <folder> [--now dist] [--page-loads 200]
//
// `--before` and `--now` each hold the three frontend builds (shell/, storefront-mfe/, admin-mfe/).
// Starts `npm run cluster` (cluster.mjs, CLUSTER_WEB_ROOTS) with two API processes, one serving each
// folder, with data directories of their own, on a scratch PostgreSQL database (TEST_DATABASE_URL),
// Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379/8) and an S3-protocol server (s3rver, as
// api/test/s3-test-server.ts starts it), behind nginx round-robin. Then Chromium loads pages through
// nginx and navigates in them (tools/e2e/mixed-builds.compat.ts) and counts every script or
// stylesheet that fails to load. Prints one line:
//   mixed builds: 200 page loads over 2 processes (…), 0 failed chunk loads
// The API is dist/api's (CLUSTER_API_MAIN names another). Without PostgreSQL or nginx the phase is
// skipped, saying why; in CI (CI=true) that fails it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bin, JEST_ESM_ENV, run, workspaceRoot } from './lib.mjs';

const require = createRequire(import.meta.url);
const { startS3ProtocolServer } = require('./s3-protocol-server.cjs');
const APPS = ['shell', 'storefront-mfe', 'admin-mfe'];

/**
 * `count` ports that are free now, below the kernel's range for ports it picks itself. The journeys
 * beside this phase start their shops on ports the kernel picks, and outgoing connections take ports
 * from that range too: neither can take one of these before the cluster's processes bind it.
 */
async function freePorts(count) {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]) || ephemeralLow;
  } catch {
    /* not Linux: its usual start */
  }
  const low = Math.max(1024, ephemeralLow - 10_000);
  const ports = [];
  while (ports.length < count) {
    const port = low + Math.floor(Math.random() * (ephemeralLow - low));
    if (ports.includes(port)) continue;
    const server = createServer();
    const bound = await new Promise((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (bound) {
      await new Promise((done) => server.close(done));
      ports.push(port);
    }
  }
  return ports;
}

/** Why the phase cannot run here, or null. */
function missingPieces() {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL (a PostgreSQL server) is not set';
  if (spawnSync(process.env.NGINX ?? 'nginx', ['-v']).error) return 'nginx is not installed (apt-get install -y nginx)';
  return null;
}

/** A database of the phase's own on `baseUrl`'s server: cluster.mjs creates it when it starts; `drop` removes it. */
function scratchDatabase(baseUrl) {
  const name = `shop_mixed_builds_${process.pid}_${Date.now()}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const { Client } = require('pg');
    const client = new Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), drop };
}

/** Starts cluster.mjs; `opened` resolves once it says the shop is open, or rejects with its output if it stops first. */
function startCluster(env) {
  const child = spawn(process.execPath, ['tools/scripts/cluster.mjs'], {
    cwd: workspaceRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((done) => child.once('exit', done));
  const opened = new Promise((resolveOpened, failed) => {
    const timer = setTimeout(() => failed(new Error(`the cluster did not open within 360 s:\n${output}`)), 360_000);
    const read = (chunk) => {
      output += chunk;
      if (output.includes('the shop is open')) {
        clearTimeout(timer);
        resolveOpened();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      failed(new Error(`the cluster stopped while starting:\n${output}`));
    });
  });
  return {
    opened,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs the phase: `before` and `now` are folders of frontend builds. Resolves with its exit code,
 * its output and the one-line summary.
 */
export async function runMixedBuilds({ before, now = join(workspaceRoot, 'dist'), pageLoads = 200 }) {
  const started = Date.now();
  const roots = { now: resolve(workspaceRoot, now), before: resolve(workspaceRoot, before) };
  for (const [label, root] of Object.entries(roots)) {
    const absent = APPS.filter((app) => !existsSync(join(root, app)));
    if (absent.length > 0) return { code: 1, output: '', summary: `mixed builds: FAILED: no ${absent.join(', ')} build in ${root} (${label})` };
  }
  const missing = missingPieces();
  if (missing) {
    const code = process.env.CI === 'true' ? 1 : 0;
    return { code, output: '', summary: `mixed builds: ${code ? 'FAILED' : 'skipped'}: ${missing}` };
  }
  const main = process.env.CLUSTER_API_MAIN ?? join(workspaceRoot, 'dist/api/api/src/main.js');
  const scratch = mkdtempSync(join(tmpdir(), 'thalir-mixed-builds-'));
  const cleanups = [() => rmSync(scratch, { recursive: true, force: true })];
  let output = '';
  try {
    const database = scratchDatabase(process.env.TEST_DATABASE_URL);
    cleanups.push(() => database.drop());
    const s3 = await startS3ProtocolServer('thalir-mixed-builds');
    cleanups.push(() => s3.close());
    const [port, ...apiPorts] = await freePorts(3);
    const cluster = startCluster({
      NODE_ENV: '',
      CLUSTER_API_MAIN: main,
      CLUSTER_PORT: String(port),
      CLUSTER_API_PORTS: apiPorts.join(','),
      CLUSTER_WEB_ROOTS: [roots.now, roots.before].join(','),
      CLUSTER_ACCESS_LOG: 'off',
      // Beside the journeys in CI the machine is busy, and a first start shares its build's chunks first.
      CLUSTER_START_TIMEOUT_MS: '300000',
      // Nothing restarts here: the processes stop at once.
      SHUTDOWN_DRAIN_MS: '0',
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/8',
      ...s3.env,
      DATA_DIR: join(scratch, 'data'),
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => cluster.stop());
    await cluster.opened;
    const report = join(scratch, 'report.json');
    const processes = Object.fromEntries(
      apiPorts.map((apiPort, i) => [`127.0.0.1:${apiPort}`, { build: i === 0 ? 'now' : 'before', webRoot: i === 0 ? roots.now : roots.before }]),
    );
    const browsed = await run(bin('jest'), ['-c', 'tools/e2e/mixed-builds.jest.config.cjs'], {
      env: {
        ...JEST_ESM_ENV,
        MIXED_BUILDS_URL: `http://127.0.0.1:${port}`,
        MIXED_BUILDS_PROCESSES: JSON.stringify(processes),
        MIXED_BUILDS_PAGE_LOADS: String(pageLoads),
        MIXED_BUILDS_REPORT: report,
      },
      quiet: true,
    });
    output = browsed.output;
    if (browsed.code !== 0) output += `\ncluster output:\n${cluster.output()}`;
    let summary = 'mixed builds: FAILED (the browser run wrote no report)';
    if (existsSync(report)) summary = JSON.parse(readFileSync(report, 'utf8')).summary;
    return { code: browsed.code, output, summary: `${summary} (${Math.round((Date.now() - started) / 1000)} s)` };
  } catch (error) {
    return { code: 1, output, summary: `mixed builds: FAILED: ${error.message}` };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { before: { type: 'string' }, now: { type: 'string' }, 'page-loads': { type: 'string' } } });
  if (!values.before) {
    console.error('usage: node tools/scripts/mixed-builds.mjs --before <folder> [--now dist] [--page-loads 200]');
    process.exit(2);
  }
  const result = await runMixedBuilds({ before: values.before, now: values.now, pageLoads: Number(values['page-loads'] ?? 200) });
  if (result.output) console.log(result.output);
  console.log(result.summary);
  process.exit(result.code);
}
