import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preferredEncoding } from '../catalog/cache/send-cached-json';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../jobs/clock';
import { OBJECT_STORAGE, type ObjectStorage, storageKeyProblem, type StoredObject, StoredObjectNotFoundError } from '../storage/object-storage';
import { contentTypeOf, filesUnder, forEachLimited, IMMUTABLE, isHashedFile, SERVER_ONLY } from './build-files';
import { FRONTEND_APPS, type FrontendApp } from './frontend-apps';

/** Where the hashed files of the builds that served pages are kept: `assets/<app>/<path>`. */
const ASSETS_KEY_PREFIX = 'assets/';
/** One record per build that served pages, naming its hashed files: `asset-builds/<app>/<build>.json`. */
const ASSET_BUILDS_KEY_PREFIX = 'asset-builds/';

interface BuildRecord {
  app: FrontendApp;
  /** The build's name: a hash of its hashed files' names (a hashed name is its content). */
  build: string;
  /** When a process last started serving pages with it. */
  servedFrom: string;
  files: string[];
}

/** A hashed file another build of the app left in the storage, ready to send. */
export interface StoredAsset {
  object: StoredObject;
  /** The precompressed copy sent, or null for the file itself. */
  encoding: 'br' | 'gzip' | null;
}

const assetKey = (app: FrontendApp, path: string) => `${ASSETS_KEY_PREFIX}${app}/${path}`;

/**
 * Keeps the chunks of every build that serves pages reachable from every API process. During a rolling
 * deploy, a page drawn by the new build may ask a process of the old one for a chunk (and the other
 * way round) through the load balancer. So each process, at start, copies the content-hashed files of
 * its WEB_ROOT builds (immutable, the same name always the same bytes) into the storage, skipping those
 * already there, and a request for a hashed file missing from the local build is answered from there.
 * Entries, manifests and index.html are never shared: each process serves its own.
 *
 * What is kept: the files of the newest BUILD_ASSETS_KEEP builds of each app (by when a process last
 * started with them), and always the one starting; the others' files, unless a kept build has them
 * too, are deleted when a build starts.
 */
@Injectable()
export class SharedBuildAssets implements OnApplicationBootstrap {
  private readonly logger = new Logger('Releases');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Before the process listens: its pages must not ask another process for a chunk not yet shared. */
  async onApplicationBootstrap(): Promise<void> {
    for (const app of FRONTEND_APPS) {
      try {
        const shared = await this.share(app, join(this.config.webRoot, app));
        if (shared && (shared.uploaded > 0 || shared.dropped.length > 0)) {
          const dropped = shared.dropped.length > 0 ? `; dropped the files of builds ${shared.dropped.join(', ')}` : '';
          this.logger.log(`Shared ${shared.uploaded} hashed files of the ${app} build ${shared.build}${dropped}`);
        }
      } catch (error) {
        this.logger.error(`Could not share the hashed files of the ${app} build: pages of other versions may miss its chunks: ${(error as Error).message}`);
      }
    }
  }

  /**
   * Records the build in `dir` as serving pages, uploads its hashed files the storage lacks and drops
   * the builds beyond BUILD_ASSETS_KEEP. Null when the folder holds no hashed file.
   */
  async share(app: FrontendApp, dir: string): Promise<{ build: string; uploaded: number; dropped: string[] } | null> {
    if (!existsSync(dir)) return null;
    const files = filesUnder(dir).filter((path) => isHashedFile(path) && !SERVER_ONLY.test(path));
    if (files.length === 0) return null;
    const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
    return this.dataSource.transaction(async (manager) => {
      // One process per app at a time, so a prune never deletes a file a build starting meanwhile counts on.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', ['shop-build-assets', app]);
      const record: BuildRecord = { app, build, servedFrom: this.clock.now().toISOString(), files };
      await this.storage.put(`${ASSET_BUILDS_KEY_PREFIX}${app}/${build}.json`, Buffer.from(JSON.stringify(record)), { contentType: 'application/json' });
      const stored = new Set((await this.storage.list(`${ASSETS_KEY_PREFIX}${app}/`)).map((object) => object.key));
      const missing = files.filter((path) => !stored.has(assetKey(app, path)));
      await forEachLimited(missing, 8, (path) =>
        this.storage.put(assetKey(app, path), readFileSync(join(dir, path)), { contentType: contentTypeOf(path), cacheControl: IMMUTABLE }),
      );
      for (const path of missing) stored.add(assetKey(app, path));
      const dropped = await this.prune(app, build, stored);
      return { build, uploaded: missing.length, dropped };
    });
  }

  /**
   * A hashed file of another build of `app`, in the encoding the browser prefers when its
   * precompressed copy is there. Null when no kept build has it.
   */
  async find(app: FrontendApp, path: string, acceptEncoding: string | undefined): Promise<StoredAsset | null> {
    const key = assetKey(app, path);
    // A precompressed copy is only ever sent as the encoding of the file it compresses.
    if (!isHashedFile(path) || /\.(br|gz)$/.test(path) || SERVER_ONLY.test(path) || storageKeyProblem(key)) return null;
    // A file and its precompressed copies are kept and dropped together: the copy answers for the file.
    const encoding = preferredEncoding(acceptEncoding);
    const attempts: [string, StoredAsset['encoding']][] = encoding ? [[`${key}.${encoding === 'br' ? 'br' : 'gz'}`, encoding]] : [];
    for (const [candidate, sentAs] of [...attempts, [key, null] as [string, null]]) {
      try {
        return { object: await this.storage.get(candidate), encoding: sentAs };
      } catch (error) {
        if (!(error instanceof StoredObjectNotFoundError)) throw error;
      }
    }
    return null;
  }

  private async prune(app: FrontendApp, current: string, assetKeys: ReadonlySet<string>): Promise<string[]> {
    const records = await Promise.all(
      (await this.storage.list(`${ASSET_BUILDS_KEY_PREFIX}${app}/`)).map(async ({ key }) => ({
        key,
        record: JSON.parse((await this.storage.getBuffer(key)).data.toString('utf8')) as BuildRecord,
      })),
    );
    records.sort((a, b) => b.record.servedFrom.localeCompare(a.record.servedFrom) || a.record.build.localeCompare(b.record.build));
    const kept = records.filter(({ record }, index) => index < this.config.buildAssetsKeep || record.build === current);
    const needed = new Set(kept.flatMap(({ record }) => record.files.map((path) => assetKey(app, path))));
    await forEachLimited(
      [...assetKeys].filter((key) => !needed.has(key)),
      8,
      (key) => this.storage.delete(key),
    );
    const dropped = records.filter((entry) => !kept.includes(entry));
    for (const { key } of dropped) await this.storage.delete(key);
    return dropped.map(({ record }) => record.build);
  }
}
