// Runs a section body against a freshly started API, on a scratch PostgreSQL database or the
// embedded one, and always cleans both up.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, sleep, startApi, workspaceRoot } from './api-server.mjs';
import { summariseProfile } from './cpu-profile.mjs';
import { createScratchDatabase, postgresReachable } from './postgres.mjs';
import { SkipError } from './report.mjs';

/**
 * `database`: 'postgres' (required: skip the section without it), 'prefer-postgres' (fall back to the
 * embedded database when PostgreSQL is unreachable) or 'embedded'.
 * `setup({api, databaseUrl})` prepares data (e.g. registers buyers) and its result reaches `body` as
 * `prepared`. When profiling, setup runs on an API process of its own, so that its work (password
 * hashing…) stays out of the profile; the body's process shares the database and DATA_DIR (so the
 * JWT secret: tokens stay valid).
 * `profile`: run the body's API with --cpu-prof and log where its CPU time went (the profiler slows
 * it down, so figures measured this way are for finding causes, not for the table).
 */
export async function withShop({ label, database, env = {}, profile = false, log = console.log, setup = null }, body) {
  let scratch = null;
  let usePostgres = database === 'postgres';
  if (database === 'prefer-postgres') usePostgres = await postgresReachable();
  if (usePostgres) scratch = await createScratchDatabase(label);
  const databaseUrl = scratch?.url ?? null;
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-bench-'));
  const profileDir = profile ? join(workspaceRoot, 'bench/out/profiles', `${label}-${Date.now()}`) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  try {
    let prepared;
    if (setup && profileDir) {
      const setupApi = await startApi({ databaseUrl, env, dataDir });
      try {
        prepared = await setup({ api: setupApi, databaseUrl });
      } finally {
        await setupApi.stop();
      }
    }
    const api = await startApi({ databaseUrl, env, dataDir, nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
    try {
      if (setup && !profileDir) prepared = await setup({ api, databaseUrl });
      const rows = await body({ api, databaseUrl, databaseLabel: scratch ? 'PostgreSQL' : 'embedded PGlite', prepared }).finally(() => {
        const crash = api.crashed();
        if (crash)
          throw new Error(
            `the API process died during the section (${crash.signal ?? `exit code ${crash.code}`}); its last output:\n${api.logs().slice(-2000)}`,
          );
      });
      return rows;
    } finally {
      await api.stop();
      if (profileDir) reportProfile(profileDir, log);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

function reportProfile(dir, log) {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) {
    log(`no CPU profile was written to ${dir} (the API did not exit normally)`);
    return;
  }
  const summary = summariseProfile(join(dir, file));
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  log(`API busy ${summary.busyPercent}% of its ${summary.seconds} s (the rest idle: waiting for I/O or clients)`);
  log(`API CPU self time by owner: ${summary.byOwner.map((o) => `${o.name} ${o.percent}%`).join(', ')}`);
  log(`API CPU self time by function:\n    ${summary.byFunction.map((f) => `${f.percent}% ${f.name}`).join('\n    ')}`);
  log(`profile and summary in ${dir}`);
}

/** Throws a SkipError naming the call when the API does not have it yet. */
export function requireCall(response, description, expectedStatus) {
  if (response.status === expectedStatus) return;
  const message = response.json?.message ?? response.text.slice(0, 120);
  // Unknown routes answer Nest's "Cannot POST /api/…" or the web fallback's bare "Not found".
  if (response.status === 404 && /^(Cannot [A-Z]+ |Not found$)/.test(String(message))) {
    throw new SkipError(`${description} is not implemented yet (404)`);
  }
  throw new SkipError(`${description} answered ${response.status} instead of ${expectedStatus}: ${message}`);
}

/** The demo admin every non-production shop has (api/src/config/app-config.ts). */
const DEMO_ADMIN = { email: 'admin@thalirblooms.example', password: 'BloomAdmin#2026' };

/**
 * Waits until the shop has sent every mail its outbox holds. Placing orders writes two mails each,
 * which the API process then renders and sends in the background: a phase measured right after many
 * orders would time that work too (and a reference script run meanwhile would share the CPU with it).
 */
export async function waitForMailSent(apiUrl, log, timeoutMs = 300_000) {
  const login = await call(apiUrl, 'POST', '/api/auth/login', { body: DEMO_ADMIN });
  requireCall(login, 'POST /api/auth/login (demo admin)', 200);
  const waiting = async () => {
    let total = 0;
    for (const status of ['pending', 'sending']) {
      const page = await call(apiUrl, 'GET', `/api/admin/emails?status=${status}&limit=1`, { token: login.json.token });
      requireCall(page, 'GET /api/admin/emails', 200);
      total += Number(page.headers.get('x-total-count') ?? 0);
    }
    return total;
  };
  const started = Date.now();
  let left = await waiting();
  if (left > 0) log(`waiting for the shop to send the ${left} mails its orders wrote`);
  while (left > 0) {
    if (Date.now() - started > timeoutMs) throw new SkipError(`the outbox still held ${left} unsent mails after ${timeoutMs / 1000} s`);
    await sleep(500);
    left = await waiting();
  }
}
