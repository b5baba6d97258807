import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { contentSecurityPolicy } from '../common/security-headers';
import { LocalObjectStorage } from './local-object-storage';
import { S3ObjectStorage } from './s3-object-storage';
import { createObjectStorage } from './storage.module';

/** STORAGE_DRIVER, S3_* and ASSET_BASE_URL as the API reads them at start. */
describe('storage configuration', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-storage-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const problemsOf = (env: Record<string, string>): string => {
    try {
      load(env);
      return '';
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
  };

  it('keeps uploads in DATA_DIR/uploads by default, as before, with image URLs on the API itself', () => {
    const config = load({});
    expect(config.storage).toEqual({ driver: 'local' });
    expect(config.assetBaseUrl).toBeNull();
    const storage = createObjectStorage(config);
    expect(storage).toBeInstanceOf(LocalObjectStorage);
    expect((storage as LocalObjectStorage).root).toBe(join(dataDir, 'uploads'));
  });

  it('reads an S3-compatible bucket: MinIO or R2 at an endpoint, path-style there by default, us-east-1 unless told', () => {
    const config = load({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'thalir-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'thalir-uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    const storage = createObjectStorage(config) as S3ObjectStorage;
    expect(storage).toBeInstanceOf(S3ObjectStorage);
    storage.onApplicationShutdown();
  });

  it("reads AWS S3 itself: bucket host names, and the SDK's own credentials when none are given", () => {
    expect(load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'thalir.uploads', S3_REGION: 'ap-south-1' }).storage).toEqual({
      driver: 's3',
      bucket: 'thalir.uploads',
      region: 'ap-south-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
    expect(
      load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b12', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com', S3_FORCE_PATH_STYLE: 'false' }).storage,
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ['an unknown driver', { STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER must be local or s3, got "ftp"'],
    ['the S3 driver without a bucket', { STORAGE_DRIVER: 's3' }, 'STORAGE_DRIVER=s3 needs S3_BUCKET'],
    ['a bucket name S3 would refuse', { STORAGE_DRIVER: 's3', S3_BUCKET: 'Thalir_Uploads' }, 'S3_BUCKET must be a bucket name'],
    [
      'an endpoint that is no URL',
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT must be an http:// or https:// URL, got "minio:9000"',
    ],
    [
      'a key id without its secret',
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'id' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [
      'a path-style flag that is no flag',
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'shop', S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE must be true or false',
    ],
    [
      'S3 settings without STORAGE_DRIVER=s3 (uploads would quietly stay on one disk)',
      { S3_BUCKET: 'shop', S3_FORCE_PATH_STYLE: 'true' },
      'S3_BUCKET, S3_FORCE_PATH_STYLE only apply with STORAGE_DRIVER=s3',
    ],
    ['an asset base that is no URL', { ASSET_BASE_URL: 'cdn.example.com' }, 'ASSET_BASE_URL must be an http:// or https:// URL'],
    ['an asset base with a query', { ASSET_BASE_URL: 'https://cdn.example.com/u?x=1' }, 'ASSET_BASE_URL must be an http:// or https:// URL without query'],
    [
      'a plain-http asset base under an https site',
      { ASSET_BASE_URL: 'http://cdn.example.com', PUBLIC_URL: 'https://shop.example.com' },
      'ASSET_BASE_URL must be https:// when PUBLIC_URL is',
    ],
  ])('refuses to start with %s, saying why', (_case, env, message) => {
    const problems = problemsOf(env);
    expect(problems).toContain('Invalid configuration');
    expect(problems).toContain(message);
  });

  it('points image URLs at ASSET_BASE_URL without its trailing slash, and lets the CSP load images from its origin', () => {
    const config = load({ ASSET_BASE_URL: 'https://cdn.thalir.example/uploads/', PUBLIC_URL: 'https://shop.thalir.example' });
    expect(config.assetBaseUrl).toBe('https://cdn.thalir.example/uploads');
    const csp = contentSecurityPolicy(config);
    expect(csp['img-src']).toContain('https://cdn.thalir.example');
    expect(csp['script-src']).not.toContain('https://cdn.thalir.example');
    expect(contentSecurityPolicy(load({}))['img-src']).not.toContain('https://cdn.thalir.example');
  });
});
