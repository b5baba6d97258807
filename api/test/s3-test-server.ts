import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../src/config/app-config';
import { workspaceRoot } from './api-process';

interface S3ProtocolServer {
  endpoint: string;
  accessKey: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

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

/** A real S3-protocol server (s3rver, see tools/scripts/s3-protocol-server.cjs) and a client of the test's own. */
export async function startS3Server(bucket = 'thalir-test'): Promise<S3TestServer> {
  // Shared with the compatibility gate's plain Node scripts, so loaded by its path.
  const { startS3ProtocolServer } = (await import(join(workspaceRoot, 'tools/scripts/s3-protocol-server.cjs'))) as {
    startS3ProtocolServer(bucket: string): Promise<S3ProtocolServer>;
  };
  const server = await startS3ProtocolServer(bucket);
  const credentials = { accessKeyId: server.accessKey, secretAccessKey: server.accessKey };
  const config: S3StorageConfig = { driver: 's3', bucket, region: 'us-east-1', endpoint: server.endpoint, forcePathStyle: true, credentials };
  const client = new S3Client({ region: config.region, endpoint: server.endpoint, forcePathStyle: true, credentials });
  return {
    endpoint: server.endpoint,
    bucket,
    config,
    env: server.env,
    client,
    async close() {
      client.destroy();
      await server.close();
    },
  };
}
