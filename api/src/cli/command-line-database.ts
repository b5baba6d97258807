import { DataSource } from 'typeorm';
import { reachDirectlyAt } from '../database/direct-connection';
import { ENTITIES, MIGRATIONS } from '../database/entities';

/**
 * The database connection of a command line tool: a small pool, no schema changes of its own (it
 * migrates through runMigrations, under the lock), and, behind a pooler, the migration lock on the
 * direct connection (DATABASE_DIRECT_URL).
 */
export function commandLineDataSource(url: string, directUrl: string | null): DataSource {
  return reachDirectlyAt(
    new DataSource({
      type: 'postgres',
      url,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      synchronize: false,
      uuidExtension: 'pgcrypto',
      installExtensions: false,
      extra: { max: 2, connectionTimeoutMillis: 5000 },
    }),
    directUrl,
  );
}
