import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ObjectStorage,
  type PutOptions,
  readAll,
  storageKeyProblem,
  type StoredObject,
  type StoredObjectInfo,
  type StoredObjectSummary,
  StoredObjectNotFoundError,
} from './object-storage';

/** What the local driver keeps beside an object: the disk has no place for a content type. */
interface Sidecar {
  contentType: string;
  /** Hex MD5 of the bytes: the same entity tag S3 gives an object put whole. */
  md5: string;
  cacheControl: string | null;
}

/** Folder of the sidecars under the root; keys never have a part starting with ".", so no key reaches it. */
const META_DIR = '.meta';

/** Content types of files written before the sidecars (uploads of earlier versions), by extension. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

const typeByExtension = (key: string) => TYPES_BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(key)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** UTF-8 byte order, the order S3 lists keys in. */
const byKey = (a: { key: string }, b: { key: string }) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));

/**
 * Objects as files under a folder (DATA_DIR/uploads): the key is the path below it, so files
 * written by earlier versions are read as they are. Content type, MD5 and cache control go to a
 * JSON sidecar under `.meta/`; a file without one is typed by its extension.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly driver = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, key);
    // The key check already keeps every path inside; this is the belt to its braces.
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the folder: ${key}`);
    return path;
  }

  private sidecarOf(key: string): string {
    return join(this.root, META_DIR, `${key}.json`);
  }

  /** Writes through a temporary file renamed into place, so no reader sees half a file. */
  private async writeWhole(path: string, data: Buffer | string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async put(key: string, data: Buffer, options: PutOptions): Promise<void> {
    const path = this.pathOf(key);
    const sidecar: Sidecar = {
      contentType: options.contentType,
      md5: createHash('md5').update(data).digest('hex'),
      cacheControl: options.cacheControl ?? null,
    };
    await this.writeWhole(this.sidecarOf(key), JSON.stringify(sidecar));
    await this.writeWhole(path, data);
  }

  private async sidecar(key: string): Promise<Sidecar | null> {
    try {
      return JSON.parse(await readFile(this.sidecarOf(key), 'utf8')) as Sidecar;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async infoOf(key: string, size: number, mtime: Date): Promise<StoredObjectInfo> {
    const sidecar = await this.sidecar(key);
    return {
      key,
      contentType: sidecar?.contentType ?? typeByExtension(key),
      contentLength: size,
      // Without a sidecar, the weak tag @fastify/static sent for these files before.
      etag: sidecar ? `"${sidecar.md5}"` : `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`,
      lastModified: mtime,
      cacheControl: sidecar?.cacheControl ?? null,
    };
  }

  async get(key: string): Promise<StoredObject> {
    const path = this.pathOf(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw new StoredObjectNotFoundError(key);
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new StoredObjectNotFoundError(key);
      const info = await this.infoOf(key, stats.size, stats.mtime);
      // The open handle reads the file as it was found, even if it is replaced meanwhile.
      return { ...info, body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async getBuffer(key: string): Promise<{ info: StoredObjectInfo; data: Buffer }> {
    const { body, ...info } = await this.get(key);
    return { info, data: await readAll(body) };
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    const path = this.pathOf(key);
    try {
      const stats = await stat(path);
      return stats.isFile() ? await this.infoOf(key, stats.size, stats.mtime) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    for (const file of [path, this.sidecarOf(key)]) {
      await rm(file, { force: true }).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
    }
  }

  async list(prefix: string): Promise<StoredObjectSummary[]> {
    assertStoragePrefix(prefix);
    const found: StoredObjectSummary[] = [];
    const walk = async (folderKey: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(folderKey ? join(this.root, folderKey) : this.root, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = folderKey ? `${folderKey}/${entry.name}` : entry.name;
        // Dot names are the sidecars and temporary files; a name no key could have was not put here.
        if (entry.name.startsWith('.') || storageKeyProblem(key)) continue;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          const stats = await stat(join(this.root, key)).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
          if (stats) found.push({ key, size: stats.size, lastModified: stats.mtime });
        }
      }
    };
    // Only the folder the prefix points into needs reading.
    await walk(prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '');
    return found.sort(byKey);
  }
}
