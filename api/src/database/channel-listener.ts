import type { Logger } from '@nestjs/common';
import { Client, type Notification } from 'pg';
import type { DataSource } from 'typeorm';
import { directConnectionSettings } from './direct-connection';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export interface ChannelListenerOptions {
  channel: string;
  logger: Logger;
  /** What is listened for, for the log ("catalogue changes"). */
  subject: string;
  /** What the process does while it cannot listen, for the log. */
  meanwhile: string;
  onNotice(notice: Notification): void;
  /**
   * Runs once LISTEN is in place on a fresh connection: notices sent while none was connected are
   * lost, so this catches up. A failure counts as losing the connection.
   */
  onConnected(client: Client): Promise<void>;
  /** Runs when a connection that was listening is lost (not on stop). */
  onLost?(): void;
}

/**
 * A dedicated connection that LISTENs on one channel and comes back after it is lost, with
 * exponential backoff (0.5 s doubling to 30 s): the catalogue's and the releases' change notices
 * travel this way between API processes. It goes to PostgreSQL itself (DATABASE_DIRECT_URL) when the
 * pool goes through PgBouncer, where a LISTEN would stay on whichever server connection ran it.
 */
export class ChannelListener {
  private current: Client | null = null;
  private stopped = false;
  private retryDelay = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: ChannelListenerOptions,
  ) {}

  /** The listening connection, or null while there is none. */
  get client(): Client | null {
    return this.current;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.current;
    this.current = null;
    await client?.end().catch(() => undefined);
  }

  /** Gives up on `client` (when it is still the listening one) and reconnects. */
  lost(client: Client, error?: Error): void {
    if (this.current !== client) return;
    this.current = null;
    this.options.onLost?.();
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.logger.warn(`Lost the listener for ${this.options.subject}${error ? ` (${error.message})` : ''}; reconnecting`);
    this.scheduleReconnect();
  }

  private async connect(): Promise<void> {
    const { channel, logger, subject, meanwhile, onNotice, onConnected } = this.options;
    const client = new Client({ ...directConnectionSettings(this.dataSource), keepAlive: true, connectionTimeoutMillis: 5000, query_timeout: 5000 });
    client.on('notification', onNotice);
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      logger.warn(`Cannot listen for ${subject} (${(error as Error).message}); ${meanwhile} meanwhile`);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.current = client;
    this.retryDelay = RETRY_FIRST_MS;
    try {
      await onConnected(client);
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryDelay).unref();
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }
}
