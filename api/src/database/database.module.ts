import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { reachDirectlyAt } from './direct-connection';
import { EMBEDDED_POOL_SIZE } from './embedded-postgres';
import { ENTITIES, MIGRATIONS } from './entities';

export interface DatabaseOptions {
  url: string;
  embedded: boolean;
  /** DATABASE_POOL_MAX (PostgreSQL only). */
  poolMax: number;
  /** DATABASE_DIRECT_URL: PostgreSQL itself, when `url` is a pooler in transaction mode. */
  directUrl: string | null;
}

@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          dataSourceFactory: async (typeOrmOptions) => reachDirectlyAt(new DataSource(typeOrmOptions as DataSourceOptions), options.directUrl),
          useFactory: () => ({
            type: 'postgres',
            url: options.url,
            entities: ENTITIES,
            migrations: MIGRATIONS,
            migrationsRun: false,
            synchronize: false,
            uuidExtension: 'pgcrypto',
            installExtensions: false,
            // Fail fast instead of hanging when the database is away; the pool reconnects by itself.
            extra: { max: options.embedded ? EMBEDDED_POOL_SIZE : options.poolMax, connectionTimeoutMillis: 5000 },
            retryAttempts: 10,
            retryDelay: 1000,
          }),
        }),
      ],
    };
  }
}
