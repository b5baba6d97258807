import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../src/config/app-config';

/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** What STORAGE_DRIVER=s3 with the S3_* variables below makes of them. */
  config: S3StorageConfig;
  /** The S3_* variables (and STORAGE_DRIVER) that point the API at this server. */
  env: Record<string, string>;
  /** A client of the test's own, to look into the bucket past the shop's code. */
  client: S3Client;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on a loopback port, keeping objects in a temporary folder: s3rver (the
 * maintained fork), which speaks the S3 REST API, SigV4 included, to any client.
 *
 * Two s3rver apps share that folder. Object requests go to one that checks every signature, as S3
 * does. Bucket-level requests (ListObjectsV2) go to one that does not: s3rver builds their canonical
 * path as `/bucket` while the current SDK signs the `/bucket/` it sends (AWS, MinIO and R2 check the
 * path as sent), so it would refuse every correctly signed list.
 */
export async function startS3Server(bucket = 'thalir-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'thalir-s3-'));
  const strict = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  const lenient = new S3rver({ directory, silent: true, allowMismatchedSignatures: true });
  await strict.configureBuckets();
  const objects = strict.callback();
  const buckets = lenient.callback();
  const server = createServer((request, response) => (/^\/[^/?]+\/?(\?|$)/.test(request.url ?? '') ? buckets : objects)(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: S3StorageConfig = {
    driver: 's3',
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  };
  const client = new S3Client({ region: config.region, endpoint, forcePathStyle: true, credentials: config.credentials! });
  return {
    endpoint,
    bucket,
    config,
    env: { STORAGE_DRIVER: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: ACCESS_KEY },
    client,
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      strict.logger.close();
      lenient.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
