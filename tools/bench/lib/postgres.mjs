// Scratch PostgreSQL databases: created for one section, dropped afterwards.
import pg from 'pg';
import { SkipError } from './report.mjs';
import { isRunning } from './pids.mjs';

/** A role allowed to create databases; the scratch databases are made next to its database. */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://shop:shop@127.0.0.1:5432/postgres';

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function postgresReachable() {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** Scratch databases carry their creator's pid; those of a bench run that died are dropped. */
async function dropAbandonedScratchDatabases() {
  const { rows } = await adminQuery(`SELECT datname FROM pg_database WHERE datname ~ '^bench_[a-z]+_[0-9]+_[0-9a-z]+$'`);
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    if (pid !== process.pid && !isRunning(pid)) await adminQuery(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

/** Creates an empty database named after the section; `drop()` removes it even with clients left. */
export async function createScratchDatabase(label) {
  const name = `bench_${label}_${process.pid}_${Date.now().toString(36)}`;
  try {
    await dropAbandonedScratchDatabases();
    await adminQuery(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new SkipError(`PostgreSQL not available at ${redact(POSTGRES_ADMIN_URL)} (${error.message})`);
  }
  return {
    name,
    url: withDatabase(POSTGRES_ADMIN_URL, name),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
