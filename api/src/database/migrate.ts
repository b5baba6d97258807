import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Any fixed number works; it only has to be the same in every API process. */
const MIGRATION_LOCK_ID = 727_401;

/** Runs pending migrations; an advisory lock keeps several API processes from racing at start. */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
