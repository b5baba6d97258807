import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Client, Notification, Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { ChannelListener } from '../../database/channel-listener';
import { CatalogCache } from './catalog-cache';

export const CATALOG_CHANNEL = 'catalog_changed';

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
  private readonly listeningClients = new WeakSet<PoolClient>();
  private readonly listener: ChannelListener;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: CatalogCache,
  ) {
    this.listener = new ChannelListener(dataSource, {
      channel: CATALOG_CHANNEL,
      logger: new Logger('CatalogCache'),
      subject: 'catalogue changes',
      meanwhile: 'serving the catalogue uncached',
      onNotice: this.onNotification,
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
    this.pool().on('acquire', this.listenOnPooledClient);
    await this.listener.start();
    this.heartbeat = setInterval(() => void this.checkVersion(), HEARTBEAT_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.heartbeat);
    this.pool().off('acquire', this.listenOnPooledClient);
    this.cache.setLive(false);
    await this.listener.stop();
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
