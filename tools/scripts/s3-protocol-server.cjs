// A real S3-protocol server on a loopback port, keeping objects in a temporary folder: s3rver (the
// maintained fork), which speaks the S3 REST API, SigV4 included, to any client. For the API's tests
// (api/test/s3-test-server.ts) and the mixed-builds phase of the compatibility gate.
//
// Two s3rver apps share that folder. Object requests go to one that checks every signature, as S3
// does. Bucket-level requests (ListObjectsV2) go to one that does not: s3rver builds their canonical
// path as `/bucket` while the current SDK signs the `/bucket/` it sends (AWS, MinIO and R2 check the
// path as sent), so it would refuse every correctly signed list.
const { mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const S3rver = require('@20minutes/s3rver');

/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER';

async function startS3ProtocolServer(bucket) {
  const directory = mkdtempSync(join(tmpdir(), 'thalir-s3-'));
  const strict = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  const lenient = new S3rver({ directory, silent: true, allowMismatchedSignatures: true });
  await strict.configureBuckets();
  const objects = strict.callback();
  const buckets = lenient.callback();
  const server = createServer((request, response) => (/^\/[^/?]+\/?(\?|$)/.test(request.url ?? '') ? buckets : objects)(request, response));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${server.address().port}`;
  return {
    endpoint,
    bucket,
    accessKey: ACCESS_KEY,
    /** The S3_* variables (and STORAGE_DRIVER) that point the API at this server. */
    env: { STORAGE_DRIVER: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: ACCESS_KEY },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      strict.logger.close();
      lenient.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

module.exports = { startS3ProtocolServer };
