import { brotliCompressSync } from 'node:zlib';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runReleases } from '../src/cli/releases';
import { SharedBuildAssets } from '../src/releases/build-assets';
import { ReleaseChangeListener } from '../src/releases/release-change-listener';
import { ReleaseStore } from '../src/releases/release-store';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/storage/object-storage';
import { builtFrontends } from './built-frontends';
import { describeNeeding } from './required-services';
import { startS3Server, type S3TestServer } from './s3-test-server';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Both machines sign tokens alike, as replicas of one shop do. */
const JWT_SECRET = 'release-storage-test-secret-of-forty-chars';

/** Two "machines" share the storage only: with the local driver a shared DATA_DIR (a mounted volume), with S3 the bucket. */
const drivers: [string, () => Promise<{ envOf(machine: string): Record<string, string>; close(): Promise<void> }>][] = [
  [
    'the local driver (a shared DATA_DIR)',
    async () => {
      const shared = mkdtempSync(join(tmpdir(), 'thalir-shared-data-'));
      return { envOf: () => ({ DATA_DIR: shared }), close: async () => rmSync(shared, { recursive: true, force: true }) };
    },
  ],
  [
    'the S3 driver (s3rver)',
    async () => {
      const s3: S3TestServer = await startS3Server('thalir-releases');
      const dataDirs: string[] = [];
      return {
        envOf: () => {
          dataDirs.push(mkdtempSync(join(tmpdir(), 'thalir-machine-data-')));
          return { ...s3.env, DATA_DIR: dataDirs[dataDirs.length - 1] };
        },
        close: async () => {
          await s3.close();
          for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

/** A WEB_ROOT holding small builds with hashed files of their own (and a brotli copy of one). */
function fakeWebRoot(label: string): { dir: string; shellChunk: string; storefrontChunk: string } {
  const dir = mkdtempSync(join(tmpdir(), `thalir-web-${label}-`));
  const hash = Buffer.from(label).toString('hex').padEnd(12, '0').slice(0, 12);
  const shellChunk = `main.${hash}.js`;
  const storefrontChunk = `routes.${hash}.js`;
  mkdirSync(join(dir, 'shell'));
  writeFileSync(join(dir, 'shell', 'index.html'), `<title>shell ${label}</title>`);
  writeFileSync(join(dir, 'shell', shellChunk), `/* shell chunk of build ${label} */`);
  writeFileSync(join(dir, 'shell', `${shellChunk}.br`), brotliCompressSync(`/* shell chunk of build ${label} */`));
  mkdirSync(join(dir, 'storefront-mfe'));
  writeFileSync(join(dir, 'storefront-mfe', 'remoteEntry.js'), `/* storefront entry of build ${label} */`);
  writeFileSync(join(dir, 'storefront-mfe', storefrontChunk), `/* storefront chunk of build ${label} */`);
  return { dir, shellChunk, storefrontChunk };
}

const onPostgres = process.env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is not set (two API instances share one PostgreSQL database)';

describeNeeding(onPostgres, 'releases and build chunks shared through the storage, between machines that share no folder', () => {
  describe.each(drivers)('with %s', (_driver, startStorage) => {
    let storage: Awaited<ReturnType<(typeof drivers)[number][1]>>;
    let a: TestApp;
    let b: TestApp;
    let admin: TestUser;
    let envA: Record<string, string>;
    let built: string;
    let buildX: ReturnType<typeof fakeWebRoot>;
    let webRootB: string;
    const folders: string[] = [];
    /** Release names as `npm run release` printed them. */
    let release: string;

    const folder = (name: string) => {
      const dir = mkdtempSync(join(tmpdir(), `thalir-${name}-`));
      folders.push(dir);
      return dir;
    };
    /** Runs the releases command line of machine A; answers its exit code and what it printed. */
    const cliOfA = async (...args: string[]) => {
      const printed: string[] = [];
      const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
      try {
        return { code: await runReleases(args, { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envA }), output: printed.join('\n') };
      } finally {
        log.mockRestore();
      }
    };

    beforeAll(async () => {
      built = builtFrontends();
      storage = await startStorage();
      // A runs build X of the frontends; B runs the real shell build (Y) and has no storefront build at all.
      buildX = fakeWebRoot('x');
      folders.push(buildX.dir);
      webRootB = folder('web-b');
      cpSync(join(built, 'shell'), join(webRootB, 'shell'), { recursive: true });
      a = await createTestApp({ ...storage.envOf('a'), JWT_SECRET, RELEASES_DIR: folder('releases-a'), WEB_ROOT: buildX.dir });
      envA = { ...storage.envOf('a'), DATABASE_URL: a.databaseUrl!, RELEASES_DIR: a.config.releasesDir, WEB_ROOT: buildX.dir, DATA_DIR: a.config.dataDir };
      b = await createTestApp({
        ...storage.envOf('b'),
        JWT_SECRET,
        DATABASE_URL: a.databaseUrl!,
        RELEASES_DIR: folder('releases-b'),
        WEB_ROOT: webRootB,
        BUILD_ASSETS_KEEP: '2',
      });
      admin = await a.createUser({ role: 'admin' });
    }, 300_000);

    afterAll(async () => {
      // B first: A's close drops the database both use.
      await b?.close();
      await a?.close();
      await storage?.close();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    it("publishes through A's command line into the storage, and B serves the release's files from an empty RELEASES_DIR", async () => {
      const published = await cliOfA('publish', 'storefront-mfe', '--from', join(built, 'storefront-mfe'));
      expect(published.code).toBe(0);
      release = /Published storefront-mfe (\S+) to /.exec(published.output)![1];
      expect(published.output).toContain(`releases/storefront-mfe/${release}/`);
      expect(readdirSync(b.config.releasesDir)).toEqual([]);

      // Not live anywhere yet, and B never had it on disk: B fetches it from the storage on the first request.
      const entry = await b.request('GET', `/releases/storefront-mfe/${release}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers['cache-control']).toBe(IMMUTABLE);
      expect(entry.raw.equals(readFileSync(join(built, 'storefront-mfe', 'remoteEntry.js')))).toBe(true);
      const chunk = readdirSync(join(built, 'storefront-mfe')).find((name) => /^\d+\.[0-9a-f]{12}\.js$/.test(name))!;
      const served = await b.request('GET', `/releases/storefront-mfe/${release}/${chunk}`);
      expect(served.status).toBe(200);
      expect(served.raw.equals(readFileSync(join(built, 'storefront-mfe', chunk)))).toBe(true);
      // The server bundle came along for drawing pages, and is still never served.
      expect((await b.request('GET', `/releases/storefront-mfe/${release}/server/storefront.server.js`)).status).toBe(404);
      expect(existsSync(join(b.config.releasesDir, 'storefront-mfe', release, 'server', 'storefront.server.js'))).toBe(true);
      expect((await b.request('GET', `/releases/storefront-mfe/1.0.0-000000000000/remoteEntry.js`)).status).toBe(404);
    });

    it('promoted through A, the release is what B names to browsers and draws its pages with', async () => {
      const before = await b.request('GET', '/');
      expect(before.status).toBe(200);
      // B has no storefront build: the page is left to the browser.
      expect(before.body).not.toContain('id="page-data"');

      const promoted = await a.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release } });
      expect(promoted.status).toBe(200);
      expect(promoted.body.live).toBe(release);
      // B hears of it by LISTEN/NOTIFY or its poll; here it reads the pointer now rather than the test waiting.
      await b.app.get(ReleaseChangeListener).reload();

      expect((await b.request('GET', '/remotes.json')).body.storefront_mfe).toBe(`/releases/storefront-mfe/${release}/mf-manifest.json`);
      const page = await b.request('GET', '/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('id="page-data"');
      expect(page.body).toMatch(new RegExp(`<link rel="stylesheet" href="/releases/storefront-mfe/${release}/[^"]+\\.css"`));
    });

    it('refuses to promote a release whose publishing did not finish, or whose files are not all in the storage', async () => {
      const objects = a.app.get<ObjectStorage>(OBJECT_STORAGE);
      // Files uploaded, release.json never written (the publishing process died).
      const unfinished = '1.0.0-0123456789ab';
      await objects.put(`releases/storefront-mfe/${unfinished}/remoteEntry.js`, Buffer.from('/* half */'), { contentType: 'text/javascript' });
      const refused = await a.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: unfinished } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false });
      expect(refused.body.message).toBe(
        `storefront-mfe ${unfinished} is not complete in the storage: its publishing did not finish (1 file uploaded, no release.json). Publish it again (npm run release) before making it live.`,
      );
      await expect(cliOfA('promote', 'storefront-mfe', unfinished)).rejects.toThrow('is not complete in the storage');

      // A complete release (the storefront's build and one more file) loses a file.
      const copy = folder('build-copy');
      cpSync(join(built, 'storefront-mfe'), copy, { recursive: true });
      writeFileSync(join(copy, 'extra.txt'), 'makes another release');
      const damaged = (await a.app.get(ReleaseStore).publish('storefront-mfe', copy, { commit: null, dirty: null })).metadata.release;
      await objects.delete(`releases/storefront-mfe/${damaged}/remoteEntry.js`);
      const missing = await a.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: damaged } });
      expect(missing.status).toBe(409);
      expect(missing.body.message).toMatch(/is not complete in the storage: 1 of its \d+ files are missing or cut short \(remoteEntry\.js\)/);
      // Neither listed nor served anywhere; the live releases are unchanged.
      const listed = (await a.request('GET', '/api/admin/releases', { token: admin.token })).body.apps;
      expect(listed.find((app: { app: string }) => app.app === 'admin-mfe')).toMatchObject({ live: null, releases: [] });
      expect(listed.find((app: { app: string }) => app.app === 'storefront-mfe').releases.map((r: { release: string }) => r.release)).toEqual([release]);
      expect((await b.request('GET', `/releases/storefront-mfe/${damaged}/mf-manifest.json`)).status).toBe(404);
      expect((await b.request('GET', '/remotes.json')).body.storefront_mfe).toBe(`/releases/storefront-mfe/${release}/mf-manifest.json`);
    });

    it("serves a hashed chunk of A's build from B, which runs another build, and the other way round; entries stay each build's own", async () => {
      const shellChunk = await b.request('GET', `/${buildX.shellChunk}`);
      expect(shellChunk.status).toBe(200);
      expect(shellChunk.body).toBe('/* shell chunk of build x */');
      expect(shellChunk.headers['cache-control']).toBe(IMMUTABLE);
      expect(shellChunk.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const compressed = await b.request('GET', `/${buildX.shellChunk}`, { headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.raw.equals(readFileSync(join(buildX.dir, 'shell', `${buildX.shellChunk}.br`)))).toBe(true);

      const storefrontChunk = await b.request('GET', `/remotes/storefront/${buildX.storefrontChunk}`);
      expect(storefrontChunk.status).toBe(200);
      expect(storefrontChunk.body).toBe('/* storefront chunk of build x */');
      expect(storefrontChunk.headers['cache-control']).toBe(IMMUTABLE);
      for (const path of [`/${buildX.shellChunk}`, `/remotes/storefront/${buildX.storefrontChunk}`]) {
        const head = await b.request('HEAD', path);
        expect([head.status, head.headers['cache-control']]).toEqual([200, IMMUTABLE]);
        expect(Number(head.headers['content-length'])).toBe((await b.request('GET', path)).raw.length);
      }
      // Unhashed files are never shared: B has no storefront entry of its own.
      expect((await b.request('GET', '/remotes/storefront/remoteEntry.js')).status).toBe(404);

      const chunkOfB = readdirSync(join(webRootB, 'shell')).find((name) => /^\d+\.[0-9a-f]{12}\.js$/.test(name))!;
      const fromA = await a.request('GET', `/${chunkOfB}`);
      expect(fromA.status).toBe(200);
      expect(fromA.raw.equals(readFileSync(join(webRootB, 'shell', chunkOfB)))).toBe(true);
      expect((await a.request('GET', '/')).body).toContain('shell x');
      expect((await b.request('GET', '/main.0123456789ab.js')).status).toBe(404);
    });

    it('keeps the chunks of the newest BUILD_ASSETS_KEEP builds only', async () => {
      // X (A's) started first, then Y (B's); build Z starts later by the clock. BUILD_ASSETS_KEEP=2 on B.
      b.clock.advance(60_000);
      const buildZ = fakeWebRoot('z');
      folders.push(buildZ.dir);
      expect(await b.app.get(SharedBuildAssets).share('shell', join(buildZ.dir, 'shell'))).toMatchObject({ uploaded: 2, dropped: [expect.any(String)] });
      expect((await b.request('GET', `/${buildX.shellChunk}`)).status).toBe(404);
      expect((await a.request('GET', `/${buildZ.shellChunk}`)).status).toBe(200);
      const chunkOfB = readdirSync(join(webRootB, 'shell')).find((name) => /^\d+\.[0-9a-f]{12}\.js$/.test(name))!;
      expect((await a.request('GET', `/${chunkOfB}`)).status).toBe(200);
      // Each app's builds are counted apart: X's storefront chunk stays.
      expect((await b.request('GET', `/remotes/storefront/${buildX.storefrontChunk}`)).status).toBe(200);
    });
  });
});
