// Runs a section body against a freshly started API, on a scratch PostgreSQL database or the
// embedded one, and always cleans both up.
import { startApi } from './api-server.mjs';
import { createScratchDatabase, postgresReachable } from './postgres.mjs';
import { SkipError } from './report.mjs';

/**
 * `database`: 'postgres' (required: skip the section without it), 'prefer-postgres' (fall back to the
 * embedded database when PostgreSQL is unreachable) or 'embedded'.
 * `prepare(databaseUrl)` runs after migrations, before the body (e.g. bulk inserts).
 */
export async function withShop({ label, database, env = {} }, body) {
  let scratch = null;
  let usePostgres = database === 'postgres';
  if (database === 'prefer-postgres') usePostgres = await postgresReachable();
  if (usePostgres) scratch = await createScratchDatabase(label);
  try {
    const api = await startApi({ databaseUrl: scratch?.url ?? null, env });
    try {
      return await body({ api, databaseUrl: scratch?.url ?? null, databaseLabel: scratch ? 'PostgreSQL' : 'embedded PGlite' });
    } finally {
      await api.stop();
    }
  } finally {
    await scratch?.drop();
  }
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
