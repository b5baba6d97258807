import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ObjectStorage, StoredObjectSummary } from '../storage/object-storage';
import { contentTypeOf, filesUnder, forEachLimited, IMMUTABLE } from './build-files';
import { FRONTEND_APPS, type FrontendApp } from './frontend-apps';
import { CONTRACT_FILE, readBuildContract, type SharedModuleContract } from './shared-contract';

/** One file of a release, as its release.json lists it. */
export interface ReleaseFile {
  size: number;
  /** Hex SHA-256 of the bytes: a copy fetched from the storage is checked against it. */
  sha256: string;
}

/** What `release.json` in a release folder says about it. */
export interface ReleaseMetadata {
  app: FrontendApp;
  /** The folder's name: `<app version>-<content hash>`. */
  release: string;
  version: string;
  gitCommit: string | null;
  /** The working tree had changes to commit when it was built. */
  gitDirty: boolean | null;
  builtAt: string;
  publishedAt: string;
  /** The shared modules the build provides and the ranges it needs (its shared-libraries.json). */
  sharedLibraries: Record<string, SharedModuleContract>;
  /** Every file of the release but release.json itself: the release is complete when all are stored. */
  files: Record<string, ReleaseFile>;
}

/** What a release's state in the storage allows: only a complete one is listed, promoted or served. */
export type StoredRelease = { state: 'complete'; metadata: ReleaseMetadata } | { state: 'incomplete'; problem: string } | { state: 'absent' };

/** A release this process cannot copy from the storage (not there, or not complete there). */
export class ReleaseUnavailableError extends Error {
  constructor(app: FrontendApp, release: string, reason: string) {
    super(`${app} ${release} cannot be used: ${reason}`);
    this.name = 'ReleaseUnavailableError';
  }
}

export const RELEASE_FILE = 'release.json';
/** Where releases live in the storage: `releases/<app>/<release>/<file>`. */
const RELEASES_KEY_PREFIX = 'releases/';
/** A release name: the version (semver, possibly with a pre-release or build tag) and the hash. */
const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,90}-[0-9a-f]{12}$/;
/** Folders being copied in start with a dot: never listed, never served. */
const INCOMING_PREFIX = '.incoming-';
/** Uploads or copies left this long without finishing belong to a process that died. */
const ABANDONED_AFTER_MS = 3_600_000;
/** Storage calls in flight at once while uploading or fetching a release. */
const PARALLEL_TRANSFERS = 8;

export function isReleaseName(value: unknown): value is string {
  return typeof value === 'string' && RELEASE_NAME.test(value);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The same files with the same bytes give the same hash, whatever the machine or the time. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 12);
}

function fileListOf(dir: string): Record<string, ReleaseFile> {
  const files: Record<string, ReleaseFile> = {};
  for (const path of filesUnder(dir)) {
    if (path === RELEASE_FILE) continue;
    const data = readFileSync(join(dir, path));
    files[path] = { size: data.length, sha256: sha256(data) };
  }
  return files;
}

/** The objects of one release found in the storage. */
interface ScannedRelease {
  sizes: Map<string, number>;
  marker: StoredObjectSummary | null;
  /** When its newest object was written (ms). */
  newest: number;
}

/**
 * The releases, kept in the object storage (either driver) under `releases/<app>/<release>/`: every
 * file of a build output folder (entry, manifest, hashed chunks, any server/ bundle), then its
 * release.json, written last, listing each file with its size and hash. A release counts only once
 * release.json and every file it lists are there, so every API process can use it whatever was built
 * on its own disk. A release is never changed once published: a visitor who loaded an entry of it
 * can load its chunks for as long as it is kept.
 *
 * Each process keeps a local copy of the releases it uses in RELEASES_DIR/<app>/<release>/ (served
 * from disk, and the server bundles are run from there), fetched on first use and checked against
 * release.json before it is renamed into place.
 */
export class ReleaseStore {
  /** release.json is immutable: read once per object (a release published again is a new object). */
  private readonly markers = new Map<string, { stamp: number; metadata: ReleaseMetadata }>();
  private readonly copying = new Map<string, Promise<string>>();

  constructor(
    private readonly storage: ObjectStorage,
    /** RELEASES_DIR: this machine's copies. */
    readonly cacheRoot: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Where this process keeps its copy of a release (which may not be there yet: see `ensureLocal`). */
  localDir(app: FrontendApp, release: string): string {
    if (!isReleaseName(release)) throw new Error(`Not a release name: ${release}`);
    return join(this.cacheRoot, app, release);
  }

  /** The releases this process has a copy of (no storage call). */
  localReleases(app: FrontendApp): string[] {
    const appDir = join(this.cacheRoot, app);
    if (!existsSync(appDir)) return [];
    return readdirSync(appDir).filter((name) => isReleaseName(name) && existsSync(join(appDir, name, RELEASE_FILE)));
  }

  storageKey(app: FrontendApp, release: string, path = ''): string {
    return `${RELEASES_KEY_PREFIX}${app}/${release}/${path}`;
  }

  /** Whether the storage holds the release whole. */
  async find(app: FrontendApp, release: string): Promise<StoredRelease> {
    if (!isReleaseName(release)) return { state: 'absent' };
    return this.judge((await this.scan(app, release)).get(release));
  }

  async get(app: FrontendApp, release: string): Promise<ReleaseMetadata | null> {
    const stored = await this.find(app, release);
    return stored.state === 'complete' ? stored.metadata : null;
  }

  /** The complete releases in the storage, newest first. */
  async list(app: FrontendApp): Promise<ReleaseMetadata[]> {
    return this.completeOf(await this.scan(app));
  }

  private async completeOf(scanned: Map<string, ScannedRelease>): Promise<ReleaseMetadata[]> {
    const judged = await Promise.all([...scanned.values()].map((found) => this.judge(found)));
    return judged
      .flatMap((stored) => (stored.state === 'complete' ? [stored.metadata] : []))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.release.localeCompare(a.release));
  }

  /**
   * Publishes a build output folder as a release: every file, then release.json. The same content is
   * the same release: publishing it again answers the stored one and writes nothing.
   */
  async publish(
    app: FrontendApp,
    buildDir: string,
    git: { commit: string | null; dirty: boolean | null },
  ): Promise<{ metadata: ReleaseMetadata; created: boolean }> {
    const contract = readBuildContract(buildDir);
    if (!contract) throw new Error(`${buildDir} is not a frontend build of this workspace (it has no ${CONTRACT_FILE})`);
    if (contract.app !== app) throw new Error(`${buildDir} is a build of ${contract.app}, not of ${app}`);
    const release = `${contract.version}-${contentHash(buildDir)}`;
    const stored = await this.find(app, release);
    if (stored.state === 'complete') return { metadata: stored.metadata, created: false };
    const metadata: ReleaseMetadata = {
      app,
      release,
      version: contract.version,
      gitCommit: git.commit,
      gitDirty: git.dirty,
      builtAt: statSync(join(buildDir, CONTRACT_FILE)).mtime.toISOString(),
      publishedAt: new Date(this.now()).toISOString(),
      sharedLibraries: contract.shared,
      files: fileListOf(buildDir),
    };
    await this.upload(buildDir, metadata);
    return { metadata, created: true };
  }

  /**
   * The folder of this process's copy of a complete release, fetched from the storage on first use:
   * into a temporary folder, each file checked against release.json, then renamed into place.
   * Throws ReleaseUnavailableError when the storage does not hold the release whole.
   */
  ensureLocal(app: FrontendApp, release: string): Promise<string> {
    const dir = this.localDir(app, release);
    if (existsSync(join(dir, RELEASE_FILE))) return Promise.resolve(dir);
    const key = `${app}/${release}`;
    let copy = this.copying.get(key);
    if (!copy) {
      copy = this.copyToLocal(app, release, dir).finally(() => this.copying.delete(key));
      this.copying.set(key, copy);
    }
    return copy;
  }

  /**
   * Deletes the releases past the newest `keep`, never one of `protectedReleases` (the live one and
   * the one before it), and any upload an interrupted publish left behind, from the storage and from
   * this process's copies. Answers what it removed.
   */
  async prune(app: FrontendApp, keep: number, protectedReleases: ReadonlySet<string>): Promise<string[]> {
    const scanned = await this.scan(app);
    const complete = await this.completeOf(scanned);
    const removed: string[] = [];
    for (const [index, metadata] of complete.entries()) {
      if (index < keep || protectedReleases.has(metadata.release)) continue;
      await this.remove(app, metadata.release, scanned.get(metadata.release)!);
      removed.push(metadata.release);
    }
    for (const [release, found] of scanned) {
      if (!found.marker && this.now() - found.newest > ABANDONED_AFTER_MS) await this.remove(app, release, found);
    }
    const kept = new Set(complete.map((metadata) => metadata.release).filter((release) => !removed.includes(release)));
    this.tidyLocal(app, kept);
    return removed;
  }

  /**
   * Uploads the releases published into RELEASES_DIR before releases lived in the storage (their
   * release.json lists no files), so that they stay usable; then drops this process's copies of
   * releases the storage no longer holds (pruned through another process). Answers what it uploaded.
   */
  async adoptAndTidyLocal(): Promise<string[]> {
    const adopted: string[] = [];
    for (const app of FRONTEND_APPS) {
      const appDir = join(this.cacheRoot, app);
      if (!existsSync(appDir)) continue;
      for (const release of readdirSync(appDir).filter(isReleaseName)) {
        const dir = join(appDir, release);
        const local = readLocalMetadata(dir);
        if (!local || local.files) continue;
        const metadata: ReleaseMetadata = { ...local, files: fileListOf(dir) };
        if ((await this.find(app, release)).state !== 'complete') await this.upload(dir, metadata);
        // Now a copy of the stored release, like any other.
        writeFileSync(join(dir, RELEASE_FILE), `${JSON.stringify(metadata, null, 2)}\n`);
        adopted.push(`${app} ${release}`);
      }
      this.tidyLocal(app, new Set((await this.list(app)).map((metadata) => metadata.release)));
    }
    return adopted;
  }

  private async upload(dir: string, metadata: ReleaseMetadata): Promise<void> {
    const { app, release } = metadata;
    await forEachLimited(Object.keys(metadata.files), PARALLEL_TRANSFERS, (path) =>
      this.storage.put(this.storageKey(app, release, path), readFileSync(join(dir, path)), { contentType: contentTypeOf(path), cacheControl: IMMUTABLE }),
    );
    // Last: until this object is there, the release is incomplete and cannot be promoted.
    await this.storage.put(this.storageKey(app, release, RELEASE_FILE), Buffer.from(`${JSON.stringify(metadata, null, 2)}\n`), {
      contentType: 'application/json',
      cacheControl: IMMUTABLE,
    });
  }

  private async copyToLocal(app: FrontendApp, release: string, dir: string): Promise<string> {
    const stored = await this.find(app, release);
    if (stored.state !== 'complete') {
      throw new ReleaseUnavailableError(
        app,
        release,
        stored.state === 'absent' ? 'the storage does not hold it' : `it is not complete in the storage: ${stored.problem}`,
      );
    }
    const { metadata } = stored;
    const appDir = join(this.cacheRoot, app);
    const incoming = join(appDir, `${INCOMING_PREFIX}${randomBytes(6).toString('hex')}`);
    try {
      await forEachLimited(Object.entries(metadata.files), PARALLEL_TRANSFERS, async ([path, file]) => {
        const { data } = await this.storage.getBuffer(this.storageKey(app, release, path));
        if (data.length !== file.size || sha256(data) !== file.sha256) {
          throw new ReleaseUnavailableError(app, release, `${path} in the storage is not the file its ${RELEASE_FILE} lists (size or SHA-256 differ)`);
        }
        await mkdir(dirname(join(incoming, path)), { recursive: true });
        await writeFile(join(incoming, path), data);
      });
      await mkdir(incoming, { recursive: true });
      await writeFile(join(incoming, RELEASE_FILE), `${JSON.stringify(metadata, null, 2)}\n`);
      await rename(incoming, dir);
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      // Another process sharing this folder copied it meanwhile: that copy was checked the same way.
      if (existsSync(join(dir, RELEASE_FILE))) return dir;
      throw error;
    }
    return dir;
  }

  /** Release.json first, so the release stops counting at once; then its files and this process's copy. */
  private async remove(app: FrontendApp, release: string, found: ScannedRelease): Promise<void> {
    if (found.marker) await this.storage.delete(found.marker.key);
    await forEachLimited([...found.sizes.keys()], PARALLEL_TRANSFERS, (path) =>
      path === RELEASE_FILE ? Promise.resolve() : this.storage.delete(this.storageKey(app, release, path)),
    );
    rmSync(join(this.cacheRoot, app, release), { recursive: true, force: true });
  }

  /** Drops local copies of releases not in `kept`, and temporary folders of copies that died. */
  private tidyLocal(app: FrontendApp, kept: ReadonlySet<string>): void {
    const appDir = join(this.cacheRoot, app);
    if (!existsSync(appDir)) return;
    for (const name of readdirSync(appDir)) {
      const path = join(appDir, name);
      const abandoned = name.startsWith(INCOMING_PREFIX) && this.now() - statSync(path).mtimeMs > ABANDONED_AFTER_MS;
      // A folder without a file list was published here before releases lived in the storage: adoptAndTidyLocal uploads it.
      const pruned = isReleaseName(name) && !kept.has(name) && readLocalMetadata(path)?.files !== undefined;
      if (abandoned || pruned) rmSync(path, { recursive: true, force: true });
    }
  }

  /** The storage's objects of one app's releases (or of one release), by release. */
  private async scan(app: FrontendApp, release?: string): Promise<Map<string, ScannedRelease>> {
    const appPrefix = `${RELEASES_KEY_PREFIX}${app}/`;
    const found = new Map<string, ScannedRelease>();
    for (const object of await this.storage.list(release ? this.storageKey(app, release) : appPrefix)) {
      const [name, ...rest] = object.key.slice(appPrefix.length).split('/');
      if (rest.length === 0 || !isReleaseName(name)) continue;
      const path = rest.join('/');
      const entry = found.get(name) ?? { sizes: new Map<string, number>(), marker: null, newest: 0 };
      entry.sizes.set(path, object.size);
      entry.newest = Math.max(entry.newest, object.lastModified.getTime());
      if (path === RELEASE_FILE) entry.marker = object;
      found.set(name, entry);
    }
    return found;
  }

  private async judge(found: ScannedRelease | undefined): Promise<StoredRelease> {
    if (!found) return { state: 'absent' };
    if (!found.marker) {
      const uploaded = `${found.sizes.size} file${found.sizes.size === 1 ? '' : 's'} uploaded`;
      return { state: 'incomplete', problem: `its publishing did not finish (${uploaded}, no ${RELEASE_FILE})` };
    }
    const metadata = await this.readMarker(found.marker);
    if (!metadata.files || typeof metadata.files !== 'object') return { state: 'incomplete', problem: `its ${RELEASE_FILE} lists no files` };
    const missing = Object.entries(metadata.files).flatMap(([path, file]) => (found.sizes.get(path) === file.size ? [] : [path]));
    if (missing.length > 0) {
      const named = missing.slice(0, 3).join(', ') + (missing.length > 3 ? ', …' : '');
      return { state: 'incomplete', problem: `${missing.length} of its ${Object.keys(metadata.files).length} files are missing or cut short (${named})` };
    }
    return { state: 'complete', metadata };
  }

  private async readMarker(marker: StoredObjectSummary): Promise<ReleaseMetadata> {
    const stamp = marker.lastModified.getTime();
    const known = this.markers.get(marker.key);
    if (known?.stamp === stamp) return known.metadata;
    const metadata = JSON.parse((await this.storage.getBuffer(marker.key)).data.toString('utf8')) as ReleaseMetadata;
    this.markers.set(marker.key, { stamp, metadata });
    return metadata;
  }
}

/** release.json of a local folder; `files` is absent in a release published before releases lived in the storage. */
function readLocalMetadata(dir: string): (Omit<ReleaseMetadata, 'files'> & { files?: ReleaseMetadata['files'] }) | null {
  const file = join(dir, RELEASE_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ReleaseMetadata;
  } catch {
    return null;
  }
}
