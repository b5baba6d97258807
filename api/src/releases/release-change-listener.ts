import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { LiveReleases } from './live-releases';
import { ReleasesService } from './releases.service';

export const RELEASE_CHANNEL = 'frontend_release_changed';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/**
 * How often the live pointer is read regardless of notices. On PostgreSQL it only catches a notice
 * lost while the listener reconnected. On the embedded database a change made by `npm run releases`
 * (another process on the database's socket) is delivered to that process's connection, never to
 * this one: there the read is how the shop hears of it, so it is frequent (the query reads 3 rows).
 */
export const RELEASE_POLL_MS = 2000;

/**
 * Keeps LiveReleases in step with `frontend_live_releases`, as catalog-change-listener.ts does for the
 * catalogue: a dedicated connection LISTENs on `frontend_release_changed` (a trigger announces every
 * change, whoever makes it) and rereads the pointer on each notice, so every API process serves the
 * new release from the next page load on, without a restart.
 */
@Injectable()
export class ReleaseChangeListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Releases');
  private client: Client | null = null;
  private stopped = false;
  private retryDelay = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ReleasesService) private readonly releases: ReleasesService,
    private readonly live: LiveReleases,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    await this.connect();
    this.poll = setInterval(() => void this.reload(), RELEASE_POLL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.poll);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Reads the pointer now (also called by the admin API right after its own switch). */
  async reload(): Promise<void> {
    try {
      this.live.replace(await this.releases.liveReleases());
    } catch (error) {
      // The database is away: keep serving what was live; the next read catches up.
      this.logger.debug(`Could not read the live releases: ${(error as Error).message}`);
    }
  }

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
    });
    client.on('notification', (notice) => {
      if (notice.channel === RELEASE_CHANNEL) void this.reload();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`Cannot listen for release changes (${(error as Error).message}); reading the live releases every ${RELEASE_POLL_MS} ms meanwhile`);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryDelay = RETRY_FIRST_MS;
    // Notices sent while no listener was connected are lost: read what is live now.
    await this.reload();
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`Lost the release change listener${error ? ` (${error.message})` : ''}; reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryDelay).unref();
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }
}
