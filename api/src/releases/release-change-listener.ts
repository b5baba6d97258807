import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChannelListener } from '../database/channel-listener';
import { FRONTEND_APPS, type FrontendApp } from './frontend-apps';
import { LiveReleases } from './live-releases';
import { ReleaseStore } from './release-store';
import { ReleasesService } from './releases.service';

export const RELEASE_CHANNEL = 'frontend_release_changed';

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
 * new release from the next page load on, without a restart. A release goes live in this process
 * only once its local copy is there (fetched from the storage, checked): until then, and while the
 * storage cannot give it whole, the process keeps serving what was live.
 */
@Injectable()
export class ReleaseChangeListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Releases');
  private readonly listener: ChannelListener;
  private poll: NodeJS.Timeout | undefined;
  /** Reloads run one after another, so an older read never overwrites a newer one. */
  private reloading: Promise<void> = Promise.resolve();
  /** The release each app could not switch to, so the log says it once rather than every poll. */
  private readonly unavailable = new Map<FrontendApp, string>();

  constructor(
    dataSource: DataSource,
    @Inject(ReleasesService) private readonly releases: ReleasesService,
    private readonly store: ReleaseStore,
    private readonly live: LiveReleases,
  ) {
    this.listener = new ChannelListener(dataSource, {
      channel: RELEASE_CHANNEL,
      logger: this.logger,
      subject: 'release changes',
      meanwhile: `reading the live releases every ${RELEASE_POLL_MS} ms`,
      onNotice: (notice) => {
        if (notice.channel === RELEASE_CHANNEL) void this.reload();
      },
      onConnected: () => this.reload(),
    });
  }

  async onModuleInit(): Promise<void> {
    try {
      const adopted = await this.store.adoptAndTidyLocal();
      if (adopted.length > 0) this.logger.log(`Uploaded to the storage the releases published here before: ${adopted.join(', ')}`);
    } catch (error) {
      this.logger.error(`Could not bring RELEASES_DIR in step with the storage: ${(error as Error).message}`);
    }
    await this.reload();
    await this.listener.start();
    this.poll = setInterval(() => void this.reload(), RELEASE_POLL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.poll);
    await this.listener.stop();
  }

  /** Reads the pointer now (also called by the admin API right after its own switch). */
  reload(): Promise<void> {
    this.reloading = this.reloading.catch(() => undefined).then(() => this.readAndSwitch());
    return this.reloading;
  }

  private async readAndSwitch(): Promise<void> {
    let wanted: Record<FrontendApp, string | null>;
    try {
      wanted = await this.releases.liveReleases();
    } catch (error) {
      // The database is away: keep serving what was live; the next read catches up.
      this.logger.debug(`Could not read the live releases: ${(error as Error).message}`);
      return;
    }
    const next = { ...wanted };
    for (const app of FRONTEND_APPS) {
      const release = wanted[app];
      if (release === null || release === this.live.current(app)) continue;
      try {
        await this.store.ensureLocal(app, release);
        this.unavailable.delete(app);
      } catch (error) {
        next[app] = this.live.current(app);
        if (this.unavailable.get(app) !== release) {
          this.unavailable.set(app, release);
          this.logger.error(`${app} ${release} is live, but this process keeps serving ${next[app] ?? 'the build'}: ${(error as Error).message}`);
        }
      }
    }
    this.live.replace(next);
  }
}
