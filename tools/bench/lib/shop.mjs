// Runs a section body against a freshly started API, on a scratch PostgreSQL database or the
// embedded one, and always cleans both up.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApi, workspaceRoot } from './api-server.mjs';
import { summariseProfile } from './cpu-profile.mjs';
import { createScratchDatabase, postgresReachable } from './postgres.mjs';
import { SkipError } from './report.mjs';

/**
 * `database`: 'postgres' (required: skip the section without it), 'prefer-postgres' (fall back to the
 * embedded database when PostgreSQL is unreachable) or 'embedded'.
 * `profile`: run the API with --cpu-prof and log where its CPU time went (the profiler slows it
 * down, so figures measured this way are for finding causes, not for the table).
 */
export async function withShop({ label, database, env = {}, profile = false, log = console.log }, body) {
  let scratch = null;
  let usePostgres = database === 'postgres';
  if (database === 'prefer-postgres') usePostgres = await postgresReachable();
  if (usePostgres) scratch = await createScratchDatabase(label);
  const profileDir = profile ? join(workspaceRoot, 'bench/out/profiles', `${label}-${Date.now()}`) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  try {
    const api = await startApi({ databaseUrl: scratch?.url ?? null, env, nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
    try {
      return await body({ api, databaseUrl: scratch?.url ?? null, databaseLabel: scratch ? 'PostgreSQL' : 'embedded PGlite' });
    } finally {
      await api.stop();
      if (profileDir) reportProfile(profileDir, log);
    }
  } finally {
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
