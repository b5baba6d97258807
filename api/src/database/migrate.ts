import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { directConnectionSettings, poolsThroughPooler } from './direct-connection';

/** Any fixed number works; it only has to be the same in every API process. */
const MIGRATION_LOCK_ID = 727_401;
const LOCK_NOT_AVAILABLE = '55P03';

export class MigrationLockTimeout extends Error {}

/** One session for the lock, from its first query to its release. */
interface LockSession {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  release(): Promise<void>;
}

/**
 * A session advisory lock belongs to the server connection that took it. Behind a transaction
 * pooler the pool's next query may run on another one (and its unlock too), so the lock then takes
 * a connection of its own to PostgreSQL itself (DATABASE_DIRECT_URL); else one of the pool's.
 */
async function openLockSession(dataSource: DataSource): Promise<LockSession> {
  if (poolsThroughPooler(dataSource)) {
    const client = new Client({ ...directConnectionSettings(dataSource), connectionTimeoutMillis: 5000 });
    await client.connect();
    return { query: (sql, params) => client.query(sql, params), release: () => client.end() };
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  return { query: (sql, params) => runner.query(sql, params), release: () => runner.release() };
}

/** pg's error code, whether pg raised it or TypeORM wrapped it. */
const errorCode = (error: unknown) => (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;

/**
 * Runs pending migrations, then `alongside` (the admin bootstrap, the demo seed), all under one
 * advisory lock, so several API processes or a migration job and a starting process never race.
 * Waiting for the lock ends after `lockTimeoutMs` with MigrationLockTimeout.
 */
export async function runMigrations(dataSource: DataSource, lockTimeoutMs: number, alongside: () => Promise<void> = async () => undefined): Promise<void> {
  const session = await openLockSession(dataSource);
  let locked = false;
  try {
    await session.query(`SELECT set_config('lock_timeout', $1, false)`, [`${lockTimeoutMs}ms`]);
    try {
      await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    } catch (error) {
      if (errorCode(error) === LOCK_NOT_AVAILABLE) {
        throw new MigrationLockTimeout(
          `Another process held the migration lock for more than ${lockTimeoutMs} ms (MIGRATION_LOCK_TIMEOUT_MS); is a migration still running?`,
        );
      }
      throw error;
    }
    locked = true;
    await session.query(`SELECT set_config('lock_timeout', '0', false)`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    await alongside();
  } finally {
    if (locked) await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await session.release();
  }
}

/** For a process that does not migrate at start: refuses to serve a database whose schema is behind its code. */
export async function assertMigrated(dataSource: DataSource): Promise<void> {
  if (await dataSource.showMigrations()) {
    throw new Error('The database has migrations this version needs: run `npm run migrate` (the migration job) first, or start with MIGRATE_ON_START=true.');
  }
}
