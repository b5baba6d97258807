import type { Readable } from 'node:stream';

/**
 * Where the shop keeps files it writes at run time: product images (their originals and
 * renditions) now, frontend releases next. Keys are relative paths such as
 * `products/ab12-card.webp`. Two drivers implement it: a folder on local disk (DATA_DIR/uploads,
 * the default) and an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2); STORAGE_DRIVER picks one.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Writes (or replaces) the object whole; a reader sees the old object or the new one, never part of one. */
  put(key: string, data: Buffer, options: PutOptions): Promise<void>;
  /** The object's bytes as a stream, with what serving it needs; throws StoredObjectNotFoundError. */
  get(key: string): Promise<StoredObject>;
  /** The object's bytes whole; throws StoredObjectNotFoundError. */
  getBuffer(key: string): Promise<{ info: StoredObjectInfo; data: Buffer }>;
  /** What get would answer, without the bytes; null when there is no such object. */
  head(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a key with no object is fine (deleting twice is not an error). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (any string, not only a folder), by key. */
  list(prefix: string): Promise<StoredObjectSummary[]>;
}

export interface PutOptions {
  /** The media type the object is served with, e.g. `image/webp`. */
  contentType: string;
  /** Kept with the object for a CDN or bucket serving it directly (the API's own serving sets its own). */
  cacheControl?: string;
}

export interface StoredObjectInfo {
  key: string;
  contentType: string;
  /** Bytes. */
  contentLength: number;
  /** A quoted entity tag, as HTTP's ETag header carries it. */
  etag: string;
  lastModified: Date;
  cacheControl: string | null;
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes; the reader must consume or destroy it. */
  body: Readable;
}

export interface StoredObjectSummary {
  key: string;
  size: number;
  lastModified: Date;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export class StoredObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under the key "${key}"`);
    this.name = 'StoredObjectNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** S3's own limit on a key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024;

/** Why `key` cannot name an object, or null when it can. */
export function storageKeyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'it is empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return 'it holds a control character or a backslash';
  // With the u flag a surrogate in the class matches only when unpaired: text that has no UTF-8 form.
  if (/[\uD800-\uDFFF]/u.test(key)) return 'it is not well-formed Unicode';
  for (const segment of key.split('/')) {
    if (segment === '') return 'it starts or ends with "/" or holds "//"';
    // "." and ".." would leave the folder on disk; other dot names are kept for the drivers' own files.
    if (segment.startsWith('.')) return 'a part of it starts with "."';
  }
  return null;
}

/** Refuses a key that could escape the store or that the two drivers would read differently. */
export function assertStorageKey(key: string): void {
  const problem = storageKeyProblem(key);
  if (problem) throw new InvalidStorageKeyError(key, problem);
}

/** A list prefix: empty, or what a valid key could start with (`products/`, `products/ab`). */
export function assertStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = storageKeyProblem(`${prefix}x`);
  if (problem) throw new InvalidStorageKeyError(prefix, problem.replace(/^it /, 'the prefix '));
}

/** Reads a stream whole. */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
