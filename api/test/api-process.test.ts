import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, startApi } from './api-process';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * The harness of the process tests: a port found free can be taken by another process before the API
 * binds it, and a shop there answers /api/health too. The start must not be taken for this API's.
 */
(postgresUrl ? describe : describe.skip)('startApi', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let impostor: Server;

  beforeAll(async () => {
    scratch = await createScratchDatabase(postgresUrl!, 'harness');
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-harness-'));
    impostor = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
    await new Promise<void>((done) => impostor.listen(0, '0.0.0.0', done));
  });
  afterAll(async () => {
    await new Promise((done) => impostor?.close(done));
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not take the answer of another server on its port for the API it started', async () => {
    const port = String((impostor.address() as AddressInfo).port);
    await expect(startApi({ PORT: port, DATABASE_URL: scratch.url, DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: 'false' })).rejects.toThrow(
      /The API exited during start:[\s\S]*EADDRINUSE/,
    );
  });
});
