import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { RemotesManifest } from '@thalir/contracts';
import { APP_CONFIG, DEFAULT_REMOTE_LOAD_TIMEOUT_MS, originOf, type AppConfig } from '../config/app-config';
import type { FrontendApp, RemoteApp } from '../releases/frontend-apps';
import { LiveReleases } from '../releases/live-releases';
import { ReleaseStore, type ReleaseMetadata } from '../releases/release-store';

export type { FrontendApp } from '../releases/frontend-apps';

/** Where each remote's build folder is served by this API when no release of it is live. */
const BUILD_PREFIX: Record<RemoteApp, string> = { 'storefront-mfe': '/remotes/storefront/', 'admin-mfe': '/remotes/admin/' };
/** Releases are served by this API at /releases/<app>/<release>/. */
export const RELEASES_PREFIX = '/releases/';

/**
 * The one place that says which build of each frontend is live: its folder (static files, and any
 * server bundle in it) and the address browsers load it from. The live release when one is promoted,
 * else the build in WEB_ROOT (as `npm start` serves with no release published).
 */
@Injectable()
export class FrontendDirs {
  /** The shell releases kept in the storage, read when first needed after each switch. */
  private storedShellReleases: Promise<ReleaseMetadata[]> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly live: LiveReleases,
    private readonly store: ReleaseStore,
  ) {
    // A shell release has open pages only if it went live, which this process hears of (or it was
    // kept before this process started, and the first read finds it).
    live.onChange(() => (this.storedShellReleases = null));
  }

  /** A live release's folder is this process's copy of it, there before it went live here (ReleaseChangeListener). */
  frontendDir(app: FrontendApp): string {
    const release = this.live.current(app);
    return release ? this.store.localDir(app, release) : join(this.config.webRoot, app);
  }

  /** The URL prefix browsers load the app's files from (a remote's files sit beside its manifest). */
  frontendBaseUrl(app: FrontendApp): string {
    if (app === 'shell') return '/';
    return this.remoteManifestUrl(app).replace(/[^/]*$/, '');
  }

  /**
   * Whether browsers get the app's files from this API (its build or a release here). A remote deployed
   * elsewhere may be another build than the folder holds, so pages are not rendered on the server with
   * the folder's code then: the browser draws them with the code it loads.
   */
  servedFromFrontendDir(app: FrontendApp): boolean {
    const base = this.frontendBaseUrl(app);
    const origin = originOf(base);
    return origin === null ? base.startsWith('/') : origin === originOf(this.config.publicUrl);
  }

  /**
   * Folders on this machine that may hold a hashed file an open page of the shell still asks for: the
   * live one first, then the copies of other releases and the build. A hashed name is its content, so
   * any folder holding it is right.
   */
  shellFileDirs(): string[] {
    const live = this.frontendDir('shell');
    const others = [...this.store.localReleases('shell').map((release) => this.store.localDir('shell', release)), join(this.config.webRoot, 'shell')];
    return [live, ...others.filter((dir) => dir !== live)];
  }

  /**
   * For a hashed shell file no local folder holds: the folder of a kept shell release that has it,
   * copied from the storage now (a page drawn with that release, by another process, asks for it).
   */
  async storedShellFileDir(path: string): Promise<string | null> {
    this.storedShellReleases ??= this.store.list('shell').catch((error: unknown) => {
      this.storedShellReleases = null;
      throw error;
    });
    const holder = (await this.storedShellReleases).find((metadata) => Object.hasOwn(metadata.files, path));
    return holder ? this.store.ensureLocal('shell', holder.release) : null;
  }

  /** What /remotes.json tells the shell. */
  remotesManifest(): RemotesManifest {
    return {
      storefront_mfe: this.remoteManifestUrl('storefront-mfe'),
      admin_mfe: this.remoteManifestUrl('admin-mfe'),
      // Only when configured: the shell's own default is the spec's time-out.
      ...(this.config.remoteLoadTimeoutMs !== DEFAULT_REMOTE_LOAD_TIMEOUT_MS ? { timeoutMs: this.config.remoteLoadTimeoutMs } : {}),
    };
  }

  onChange(listener: () => void): () => void {
    return this.live.onChange(listener);
  }

  private remoteManifestUrl(app: RemoteApp): string {
    const key = app === 'storefront-mfe' ? 'storefront' : 'admin';
    // A remote deployed elsewhere (STOREFRONT_REMOTE_URL, ADMIN_REMOTE_URL) is the operator's choice.
    if (this.config.remoteUrlsConfigured[key]) return this.config.remotes[key];
    const release = this.live.current(app);
    return release ? `${RELEASES_PREFIX}${app}/${release}/mf-manifest.json` : `${BUILD_PREFIX[app]}mf-manifest.json`;
  }
}
