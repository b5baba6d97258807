import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Client, Notification, Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ChannelListener } from '../../database/channel-listener';
import { poolsThroughPooler } from '../../database/direct-connection';
import { CatalogCache } from './catalog-cache';
import { readCatalogNotice } from './catalog-changes';

export const CATALOG_CHANNEL = 'catalog_changed';

/** How often the listener connection proves it is alive (and catches any notice it missed). */
const HEARTBEAT_MS = 10_000;

/**
 * Keeps the catalogue cache in step with the database, whoever changes `products`.
 *
 * Two paths, because of how notifications travel:
 * - A dedicated connection LISTENs on `catalog_changed`: it hears other API processes sharing the
 *   PostgreSQL database. While it is down the cache stores nothing, and on (re)connect it is dropped,
 *   since notices sent meanwhile are lost. Behind PgBouncer it goes to PostgreSQL itself
 *   (DATABASE_DIRECT_URL).
 * - On a direct pool, every pooled connection LISTENs too. PostgreSQL hands a session its own notices
 *   right after its COMMIT and before the COMMIT returns, so a write made anywhere in this process (an
 *   order taking stock with plain SQL included) has dropped what it touched by the time the writer's
 *   `await` resolves. Each notice is taken from one path only: a pooled connection takes the notices
 *   of its own session, the dedicated one those of every other session. The paths together do not
 *   keep commit order, so a stock notice older than the stock shown is skipped (CatalogCache).
 *   The embedded PGlite runs every socket connection in one shared session and writes each notice to
 *   the connection that committed, never to the dedicated one: there this path is the one that works.
 *   Behind PgBouncer a LISTEN would stay on whichever server connection ran it, so the pool does not
 *   listen: this process's own changes arrive through the dedicated connection, as other processes'
 *   always do.
 */
@Injectable()
export class CatalogChangeListener implements OnModuleInit, OnModuleDestroy {
  private readonly listeningClients = new WeakSet<PoolClient>();
  /** Backend process ids of this process's listening pooled connections: the dedicated listener leaves their notices to them. */
  private readonly pooledSessions = new Set<number>();
  private readonly listener: ChannelListener;
  private readonly poolListens: boolean;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: CatalogCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.poolListens = !poolsThroughPooler(dataSource);
    this.listener = new ChannelListener(dataSource, {
      channel: CATALOG_CHANNEL,
      logger: new Logger('CatalogCache'),
      subject: 'catalogue changes',
      meanwhile: 'serving the catalogue uncached',
      onNotice: (notice) => {
        if (!this.pooledSessions.has(notice.processId)) this.onNotification(notice);
      },
      onConnected: async (client) => {
        const version = await this.readVersion(client);
        if (this.listener.client !== client) return;
        this.cache.setLive(true);
        this.cache.caughtUp(version);
      },
      onLost: () => this.cache.setLive(false),
    });
  }

  async onModuleInit(): Promise<void> {
    if (this.poolListens) {
      this.pool().on('acquire', this.listenOnPooledClient);
      this.pool().on('remove', this.forgetPooledClient);
    }
    await this.listener.start();
    this.heartbeat = setInterval(() => void this.checkVersion(), HEARTBEAT_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.heartbeat);
    this.pool().off('acquire', this.listenOnPooledClient);
    this.pool().off('remove', this.forgetPooledClient);
    this.cache.setLive(false);
    await this.listener.stop();
  }

  private pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  private onNotification(notice: Notification): void {
    if (notice.channel !== CATALOG_CHANNEL) return;
    const { version, change } = readCatalogNotice(notice.payload ?? '');
    this.cache.apply(change, version);
  }

  /** Runs as the pool hands out a connection, before the borrower's first query is queued on it. */
  private readonly listenOnPooledClient = (client: PoolClient): void => {
    if (this.listeningClients.has(client)) return;
    this.listeningClients.add(client);
    const session = (client as PoolClient & { processID: number }).processID;
    // PGlite's one shared session may number its notices differently from its connections; each only gets its own.
    const embedded = this.config.databaseUrl === null;
    client.on('notification', (notice) => {
      if (embedded || notice.processId === session) this.onNotification(notice);
    });
    // Queued ahead of the borrower's query; a failure here surfaces on the borrower's own query.
    client.query(`LISTEN ${CATALOG_CHANNEL}`).then(
      () => this.pooledSessions.add(session),
      () => undefined,
    );
  };

  private readonly forgetPooledClient = (client: PoolClient): void => {
    this.pooledSessions.delete((client as PoolClient & { processID: number }).processID);
  };

  private async readVersion(client: Client): Promise<number> {
    const result = await client.query<{ version: string }>('SELECT version FROM catalog_state WHERE id = 1');
    return Number(result.rows[0]?.version ?? 0);
  }

  /** Proves the connection is alive and catches up on any version whose notice went astray. */
  private async checkVersion(): Promise<void> {
    const client = this.listener.client;
    if (!client) return;
    try {
      this.cache.caughtUp(await this.readVersion(client));
    } catch (error) {
      this.listener.lost(client, error as Error);
    }
  }
}
