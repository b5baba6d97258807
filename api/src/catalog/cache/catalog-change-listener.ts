import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client, type ClientConfig, type Notification, type Pool, type PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { CatalogCache } from './catalog-cache';

export const CATALOG_CHANNEL = 'catalog_changed';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/** How often the listener connection proves it is alive (and catches any notice it missed). */
const HEARTBEAT_MS = 10_000;

/**
 * Keeps the catalogue cache in step with the database, whoever changes `products`.
 *
 * Two paths, because of how notifications travel:
 * - A dedicated connection LISTENs on `catalog_changed`: it hears other API processes sharing the
 *   PostgreSQL database. While it is down the cache stores nothing, and on (re)connect it is dropped,
 *   since notices sent meanwhile are lost.
 * - Every pooled connection LISTENs too. PostgreSQL hands a session its own notices right after its
 *   COMMIT and before the COMMIT returns, so a write made anywhere in this process (an order taking
 *   stock with plain SQL included) has dropped the cache by the time the writer's `await` resolves.
 *   The embedded PGlite runs every socket connection in one shared session and writes each notice to
 *   the connection that committed, never to the dedicated one: there this path is the one that works.
 */
@Injectable()
export class CatalogChangeListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('CatalogCache');
  private readonly listeningClients = new WeakSet<PoolClient>();
  private client: Client | null = null;
  private stopped = false;
  private retryDelay = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: CatalogCache,
  ) {}

  async onModuleInit(): Promise<void> {
    this.pool().on('acquire', this.listenOnPooledClient);
    await this.connect();
    this.heartbeat = setInterval(() => void this.checkVersion(), HEARTBEAT_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    this.pool().off('acquire', this.listenOnPooledClient);
    const client = this.client;
    this.client = null;
    this.cache.setLive(false);
    await client?.end().catch(() => undefined);
  }

  private pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  /** Payloads are "<version>" for any change, plus "<version> counts" when totals may have moved. */
  private readonly onNotification = (notice: Notification): void => {
    if (notice.channel !== CATALOG_CHANNEL) return;
    const [version, kind] = (notice.payload ?? '').split(' ');
    const parsed = Number(version);
    if (Number.isSafeInteger(parsed) && parsed > 0) this.cache.changed(parsed, kind === 'counts');
    else this.cache.invalidate();
  };

  /** Runs as the pool hands out a connection, before the borrower's first query is queued on it. */
  private readonly listenOnPooledClient = (client: PoolClient): void => {
    if (this.listeningClients.has(client)) return;
    this.listeningClients.add(client);
    client.on('notification', this.onNotification);
    // Queued ahead of the borrower's query; a failure here surfaces on the borrower's own query.
    client.query(`LISTEN ${CATALOG_CHANNEL}`).catch(() => undefined);
  };

  private async connect(): Promise<void> {
    const options = this.dataSource.options as PostgresDataSourceOptions;
    const client = new Client({
      connectionString: options.url,
      host: options.host,
      port: options.port,
      user: options.username,
      password: typeof options.password === 'string' ? options.password : undefined,
      database: options.database,
      ssl: options.ssl as ClientConfig['ssl'],
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
    });
    client.on('notification', this.onNotification);
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    let version: number;
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      version = await this.readVersion(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`Cannot listen for catalogue changes (${(error as Error).message}); serving the catalogue uncached meanwhile`);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryDelay = RETRY_FIRST_MS;
    this.cache.setLive(true);
    this.cache.caughtUp(version);
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.setLive(false);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`Lost the catalogue change listener${error ? ` (${error.message})` : ''}; reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryDelay).unref();
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }

  private async readVersion(client: Client): Promise<number> {
    const result = await client.query<{ version: string }>('SELECT version FROM catalog_state WHERE id = 1');
    return Number(result.rows[0]?.version ?? 0);
  }

  /** Proves the connection is alive and catches up on any version whose notice went astray. */
  private async checkVersion(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      this.cache.caughtUp(await this.readVersion(client));
    } catch (error) {
      this.lost(client, error as Error);
    }
  }
}
