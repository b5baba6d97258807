import type { Readable } from 'node:stream';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config/app-config';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ObjectStorage,
  type PutOptions,
  readAll,
  type StoredObject,
  type StoredObjectInfo,
  type StoredObjectSummary,
  StoredObjectNotFoundError,
} from './object-storage';

/** What the SDK's errors carry besides a message. */
interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * A missing object: GetObject says NoSuchKey; HeadObject has no body to say anything, so its 404 is
 * "NotFound". A missing bucket answers NoSuchBucket on GetObject and stays an error.
 */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as SdkError;
  return name === 'NoSuchKey' || (name === 'NotFound' && $metadata?.httpStatusCode === 404);
}

/** An S3 failure other than a missing object, said with the operation, key and bucket. */
export class ObjectStorageError extends Error {
  constructor(operation: string, key: string, bucket: string, cause: unknown) {
    const { name, message, $metadata } = cause as SdkError;
    const status = $metadata?.httpStatusCode ? ` (HTTP ${$metadata.httpStatusCode})` : '';
    super(`S3 ${operation} of "${key}" in bucket "${bucket}" failed${status}: ${name ?? 'Error'}: ${message ?? String(cause)}`, { cause });
    this.name = 'ObjectStorageError';
  }
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2) through @aws-sdk/client-s3.
 * Each object is put whole from memory (product images are a few hundred kilobytes).
 */
export class S3ObjectStorage implements ObjectStorage, OnApplicationShutdown {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: Omit<S3StorageConfig, 'driver'>) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // Unset: the SDK's own chain (AWS_* variables, the instance's or task's role).
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: not every S3-compatible store takes the newer
      // checksum headers, and SigV4 already signs each body's SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private async send<T>(operation: string, key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isMissingObject(error)) throw new StoredObjectNotFoundError(key);
      throw new ObjectStorageError(operation, key, this.bucket, error);
    }
  }

  private infoOf(key: string, output: GetObjectCommandOutput | HeadObjectCommandOutput): StoredObjectInfo {
    return {
      key,
      contentType: output.ContentType ?? 'application/octet-stream',
      contentLength: output.ContentLength ?? 0,
      etag: output.ETag ?? '""',
      lastModified: output.LastModified ?? new Date(0),
      cacheControl: output.CacheControl ?? null,
    };
  }

  async put(key: string, data: Buffer, options: PutOptions): Promise<void> {
    assertStorageKey(key);
    await this.send('PutObject', key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: options.contentType,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredObject> {
    assertStorageKey(key);
    const output = await this.send('GetObject', key, () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
    // In Node the SDK hands the body over as the response's own stream.
    return { ...this.infoOf(key, output), body: output.Body as Readable };
  }

  async getBuffer(key: string): Promise<{ info: StoredObjectInfo; data: Buffer }> {
    const { body, ...info } = await this.get(key);
    return { info, data: await readAll(body) };
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    try {
      return this.infoOf(key, await this.send('HeadObject', key, () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))));
    } catch (error) {
      if (error instanceof StoredObjectNotFoundError) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for a key that has no object, as for one that had.
    await this.send('DeleteObject', key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async list(prefix: string): Promise<StoredObjectSummary[]> {
    assertStoragePrefix(prefix);
    const found: StoredObjectSummary[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.send('ListObjectsV2', prefix, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: continuationToken })),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return found;
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
