import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FrontendApp } from './frontend-apps';
import { CONTRACT_FILE, readBuildContract, type SharedModuleContract } from './shared-contract';

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
}

export const RELEASE_FILE = 'release.json';
/** A release name: the version (semver, possibly with a pre-release or build tag) and the hash. */
const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,90}-[0-9a-f]{12}$/;
/** Folders being copied in start with a dot: never listed, never served. */
const INCOMING_PREFIX = '.incoming-';

export function isReleaseName(value: unknown): value is string {
  return typeof value === 'string' && RELEASE_NAME.test(value);
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const visit = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) visit(full);
      else files.push(full);
    }
  };
  visit(dir);
  return files;
}

/** The same files with the same bytes give the same hash, whatever the machine or the time. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The releases on disk: RELEASES_DIR/<app>/<release>/, each a whole build output folder (entry,
 * manifest, hashed chunks, any server/ bundle) plus release.json. A release folder is written once,
 * under a temporary name renamed into place, and never changed afterwards: a visitor who loaded an
 * entry of it can load its chunks for as long as it is kept.
 */
export class ReleaseStore {
  constructor(readonly root: string) {}

  dir(app: FrontendApp, release: string): string {
    if (!isReleaseName(release)) throw new Error(`Not a release name: ${release}`);
    return join(this.root, app, release);
  }

  get(app: FrontendApp, release: string): ReleaseMetadata | null {
    if (!isReleaseName(release)) return null;
    const file = join(this.root, app, release, RELEASE_FILE);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReleaseMetadata) : null;
  }

  /** Newest first. */
  list(app: FrontendApp): ReleaseMetadata[] {
    const appDir = join(this.root, app);
    if (!existsSync(appDir)) return [];
    return readdirSync(appDir)
      .map((name) => this.get(app, name))
      .filter((metadata): metadata is ReleaseMetadata => metadata !== null)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.release.localeCompare(a.release));
  }

  /**
   * Publishes a build output folder as a release. The same content is the same release: publishing it
   * again answers the existing one and writes nothing.
   */
  publish(app: FrontendApp, buildDir: string, git: { commit: string | null; dirty: boolean | null }): { metadata: ReleaseMetadata; created: boolean } {
    const contract = readBuildContract(buildDir);
    if (!contract) throw new Error(`${buildDir} is not a frontend build of this workspace (it has no ${CONTRACT_FILE})`);
    if (contract.app !== app) throw new Error(`${buildDir} is a build of ${contract.app}, not of ${app}`);
    const release = `${contract.version}-${contentHash(buildDir)}`;
    const existing = this.get(app, release);
    if (existing) return { metadata: existing, created: false };

    const metadata: ReleaseMetadata = {
      app,
      release,
      version: contract.version,
      gitCommit: git.commit,
      gitDirty: git.dirty,
      builtAt: statSync(join(buildDir, CONTRACT_FILE)).mtime.toISOString(),
      publishedAt: new Date().toISOString(),
      sharedLibraries: contract.shared,
    };
    const appDir = join(this.root, app);
    mkdirSync(appDir, { recursive: true });
    const incoming = join(appDir, `${INCOMING_PREFIX}${randomBytes(6).toString('hex')}`);
    try {
      cpSync(buildDir, incoming, { recursive: true });
      writeFileSync(join(incoming, RELEASE_FILE), `${JSON.stringify(metadata, null, 2)}\n`);
      renameSync(incoming, join(appDir, release));
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      // Someone published the same content meanwhile: theirs stands.
      const published = this.get(app, release);
      if (published) return { metadata: published, created: false };
      throw error;
    }
    return { metadata, created: true };
  }

  /**
   * Deletes the releases past the newest `keep`, never one of `protectedReleases` (the live one and
   * the one before it), and any copy an interrupted publish left behind. Answers what it removed.
   */
  prune(app: FrontendApp, keep: number, protectedReleases: ReadonlySet<string>): string[] {
    const appDir = join(this.root, app);
    if (!existsSync(appDir)) return [];
    for (const name of readdirSync(appDir)) {
      const path = join(appDir, name);
      // An incoming copy older than an hour is left over from a publish that died.
      if (name.startsWith(INCOMING_PREFIX) && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
    }
    const removed: string[] = [];
    this.list(app).forEach((metadata, index) => {
      if (index < keep || protectedReleases.has(metadata.release)) return;
      rmSync(join(appDir, metadata.release), { recursive: true, force: true });
      removed.push(metadata.release);
    });
    return removed;
  }
}
