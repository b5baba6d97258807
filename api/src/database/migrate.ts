import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Any fixed number works; it only has to be the same in every API process. */
const MIGRATION_LOCK_ID = 727_401;
const LOCK_NOT_AVAILABLE = '55P03';

export class MigrationLockTimeout extends Error {}

/**
 * Runs pending migrations, then `alongside` (the admin bootstrap, the demo seed), all under one
 * advisory lock, so several API processes or a migration job and a starting process never race.
 * Waiting for the lock ends after `lockTimeoutMs` with MigrationLockTimeout.
 */
export async function runMigrations(dataSource: DataSource, lockTimeoutMs: number, alongside: () => Promise<void> = async () => undefined): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  let locked = false;
  try {
    await runner.query(`SELECT set_config('lock_timeout', $1, false)`, [`${lockTimeoutMs}ms`]);
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === LOCK_NOT_AVAILABLE) {
        throw new MigrationLockTimeout(
          `Another process held the migration lock for more than ${lockTimeoutMs} ms (MIGRATION_LOCK_TIMEOUT_MS); is a migration still running?`,
        );
      }
      throw error;
    }
    locked = true;
    await runner.query(`SELECT set_config('lock_timeout', '0', false)`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    await alongside();
  } finally {
    if (locked) await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}

/** For a process that does not migrate at start: refuses to serve a database whose schema is behind its code. */
export async function assertMigrated(dataSource: DataSource): Promise<void> {
  if (await dataSource.showMigrations()) {
    throw new Error('The database has migrations this version needs: run `npm run migrate` (the migration job) first, or start with MIGRATE_ON_START=true.');
  }
}
