import type { ClientConfig } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';

/** DATABASE_DIRECT_URL of each DataSource whose pool goes through a transaction pooler. */
const directUrls = new WeakMap<DataSource, string>();

/**
 * Says that `dataSource`'s pool reaches PostgreSQL through a pooler in transaction mode (PgBouncer),
 * and that `directUrl` reaches PostgreSQL itself. Behind such a pooler each transaction may run on
 * another server connection, so what lives in a session (LISTEN, a session advisory lock) must not
 * go through the pool.
 */
export function reachDirectlyAt(dataSource: DataSource, directUrl: string | null): DataSource {
  if (directUrl) directUrls.set(dataSource, directUrl);
  return dataSource;
}

/** Whether the pool goes through a transaction pooler (DATABASE_DIRECT_URL is set). */
export function poolsThroughPooler(dataSource: DataSource): boolean {
  return directUrls.has(dataSource);
}

/**
 * Settings for a connection of its own that keeps session state: PostgreSQL itself when the pool
 * goes through a pooler, else the database the pool uses.
 */
export function directConnectionSettings(dataSource: DataSource): ClientConfig {
  const options = dataSource.options as PostgresDataSourceOptions;
  const directUrl = directUrls.get(dataSource);
  if (directUrl) return { connectionString: directUrl, ssl: options.ssl as ClientConfig['ssl'] };
  return {
    connectionString: options.url,
    host: options.host,
    port: options.port,
    user: options.username,
    password: typeof options.password === 'string' ? options.password : undefined,
    database: options.database,
    ssl: options.ssl as ClientConfig['ssl'],
  };
}
