import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ReleaseStore } from '../src/releases/release-store';
import { ReleasesService } from '../src/releases/releases.service';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/** The hashed name webpack would give a chunk of this build. */
const chunkOf = (label: string) => `main.${createHash('sha256').update(label).digest('hex').slice(0, 12)}.js`;

/** A build output folder as the webpack config writes it: entry, manifest, a hashed chunk, the contract. */
function fakeBuild(app: string, label: string, libs: { cart: string; cartRequired?: string; federationRuntime?: 'needs' }): string {
  const dir = mkdtempSync(join(tmpdir(), `thalir-build-${app}-`));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${app} ${label} */`);
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: app, label }));
  writeFileSync(join(dir, chunkOf(label)), `/* chunk of ${label} */`);
  writeFileSync(join(dir, 'index.html'), `<title>${app} ${label}</title>`);
  writeFileSync(join(dir, 'server', 'render.js'), `/* server bundle ${label} */`);
  writeFileSync(
    join(dir, 'shared-libraries.json'),
    JSON.stringify({
      app,
      version: '1.0.0',
      shared: {
        '@thalir/cart': { version: libs.cart, requiredVersion: libs.cartRequired ?? `^${libs.cart}`, singleton: true },
        '@thalir/ui': { version: '1.0.0', requiredVersion: '^1.0.0', singleton: false },
        ...(libs.federationRuntime === 'needs'
          ? { '@module-federation/runtime-core': { version: '2.9.2', requiredVersion: '^2.9.2', singleton: true, external: true } }
          : {}),
      },
    }),
  );
  return dir;
}

describe('frontend releases', () => {
  let t: TestApp;
  let admin: TestUser;
  let store: ReleaseStore;
  const builds: string[] = [];
  const publish = async (app: 'shell' | 'storefront-mfe' | 'admin-mfe', label: string, libs: Parameters<typeof fakeBuild>[2] = { cart: '1.0.0' }) => {
    const dir = fakeBuild(app, label, libs);
    builds.push(dir);
    return (await store.publish(app, dir, { commit: 'abc123', dirty: false })).metadata.release;
  };
  const remotes = async () => (await t.request('GET', '/remotes.json')).body as Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ RELEASES_KEEP: '3' });
    store = t.app.get(ReleaseStore);
    admin = await t.createUser({ role: 'admin' });
    // The builds in WEB_ROOT, as `npm start` serves them with no release published.
    mkdirSync(join(t.config.webRoot, 'shell'), { recursive: true });
    writeFileSync(join(t.config.webRoot, 'shell', 'index.html'), '<title>shell build</title>');
    writeFileSync(
      join(t.config.webRoot, 'shell', 'shared-libraries.json'),
      JSON.stringify({ app: 'shell', version: '1.0.0', shared: { '@thalir/cart': { version: '1.0.0', requiredVersion: '^1.0.0', singleton: true } } }),
    );
  });

  afterAll(async () => {
    await t.close();
    for (const dir of builds) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the builds in WEB_ROOT while no release is published', async () => {
    expect(await remotes()).toEqual({ storefront_mfe: '/remotes/storefront/mf-manifest.json', admin_mfe: '/remotes/admin/mf-manifest.json' });
    expect((await t.request('GET', '/products')).body).toContain('shell build');
    const list = await t.request('GET', '/api/admin/releases', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.apps.map((app: { app: string; live: string | null }) => [app.app, app.live])).toEqual([
      ['shell', null],
      ['storefront-mfe', null],
      ['admin-mfe', null],
    ]);
  });

  it('publishes a build as an immutable release named by version and content, once', async () => {
    const release = await publish('storefront-mfe', 'first');
    expect(release).toMatch(/^1\.0\.0-[0-9a-f]{12}$/);
    const again = await store.publish('storefront-mfe', builds[builds.length - 1], { commit: 'def', dirty: true });
    expect(again).toMatchObject({ created: false, metadata: { release, gitCommit: 'abc123' } });
    const metadata = (await store.get('storefront-mfe', release))!;
    expect(metadata.sharedLibraries['@thalir/cart']).toEqual({ version: '1.0.0', requiredVersion: '^1.0.0', singleton: true });
    // The whole build folder, server bundle included: the API renders pages with it, browsers never get it.
    expect(readFileSync(join(await store.ensureLocal('storefront-mfe', release), 'server', 'render.js'), 'utf8')).toContain('server bundle first');
    expect((await t.request('GET', `/releases/storefront-mfe/${release}/server/render.js`)).status).toBe(404);
  });

  it('makes a storefront release live in one step, for /remotes.json and its immutable files, and records who did it', async () => {
    const release = (await store.list('storefront-mfe'))[0].release;
    const switched = await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ app: 'storefront-mfe', live: release, previous: null });
    expect(switched.body.history[0]).toMatchObject({ action: 'promote', from: null, to: release, forced: false, by: admin.email });

    expect((await remotes()).storefront_mfe).toBe(`/releases/storefront-mfe/${release}/mf-manifest.json`);
    const entry = await t.request('GET', `/releases/storefront-mfe/${release}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.body).toContain('storefront-mfe first');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.request('GET', `/releases/storefront-mfe/${release}/release.json`)).status).toBe(200);
  });

  it('keeps serving the files of the release a visitor started on after the next one goes live', async () => {
    const first = (await store.list('storefront-mfe'))[0].release;
    const second = await publish('storefront-mfe', 'second');
    expect((await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: second } })).status).toBe(200);
    expect((await remotes()).storefront_mfe).toContain(second);
    expect((await t.request('GET', `/releases/storefront-mfe/${first}/${chunkOf('first')}`)).status).toBe(200);
  });

  it('refuses a remote whose cart range the live shell does not meet, naming the mismatch, unless forced', async () => {
    const incompatible = await publish('storefront-mfe', 'cart2', { cart: '2.0.0' });
    const refused = await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: incompatible } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('storefront-mfe needs @thalir/cart ^2.0.0, and the shell has 1.0.0');
    expect((await remotes()).storefront_mfe).not.toContain(incompatible);

    const listed = (await t.request('GET', '/api/admin/releases', { token: admin.token })).body.apps[1];
    expect(listed.releases.find((r: { release: string }) => r.release === incompatible).unmet).toEqual([
      'storefront-mfe needs @thalir/cart ^2.0.0, and the shell has 1.0.0',
    ]);

    const forced = await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: incompatible, force: true } });
    expect(forced.status).toBe(200);
    expect(forced.body.history[0]).toMatchObject({ to: incompatible, forced: true });
  });

  it("refuses a remote built to use the shell's federation runtime while the live shell provides none", async () => {
    const needsRuntime = await publish('admin-mfe', 'external-runtime', { cart: '1.0.0', federationRuntime: 'needs' });
    const refused = await t.request('PUT', '/api/admin/releases/admin-mfe', { token: admin.token, body: { release: needsRuntime } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('admin-mfe needs @module-federation/runtime-core ^2.9.2, and the shell has none');
    expect((await remotes()).admin_mfe).not.toContain(needsRuntime);
  });

  it('rolls back to the release live before, and further back on a second rollback', async () => {
    const service = t.app.get(ReleasesService);
    const history = (await service.appReleases('storefront-mfe')).history;
    const [cart2Promotion, secondPromotion] = history;
    const actor = { userId: null, name: 'cli test@host', staff: null };
    const back = await service.rollback('storefront-mfe', { actor });
    expect(back.live).toBe(cart2Promotion.from);
    const further = await service.rollback('storefront-mfe', { actor });
    expect(further.live).toBe(secondPromotion.from);
    expect(further.history[0]).toMatchObject({ action: 'rollback', by: 'cli test@host' });
  });

  it('keeps RELEASES_KEEP releases besides the live one and the one before it', async () => {
    // RELEASES_KEEP=3. After the two rollbacks the oldest release is live: it stays whatever its age.
    const live = (await t.request('GET', '/api/admin/releases', { token: admin.token })).body.apps[1].live;
    const [, second] = (await store.list('storefront-mfe')).map((r) => r.release).reverse();
    await publish('storefront-mfe', 'fourth');
    expect(await t.app.get(ReleasesService).prune('storefront-mfe')).toEqual([]);
    await publish('storefront-mfe', 'fifth');
    expect(await t.app.get(ReleasesService).prune('storefront-mfe')).toEqual([second]);
    expect((await store.list('storefront-mfe')).map((r) => r.release)).toContain(live);
    expect(await store.list('storefront-mfe')).toHaveLength(4);
    // Gone from the storage, not only from this machine.
    expect(await store.find('storefront-mfe', second)).toEqual({ state: 'absent' });
    expect((await t.request('GET', `/releases/storefront-mfe/${second}/remoteEntry.js`)).status).toBe(404);
  });

  it('serves a shell release at the site root, and the chunks of the shell release before it to pages still open', async () => {
    const first = await publish('shell', 'shellone');
    expect((await t.request('PUT', '/api/admin/releases/shell', { token: admin.token, body: { release: first } })).status).toBe(200);
    expect((await t.request('GET', '/products')).body).toContain('shell shellone');
    const second = await publish('shell', 'shelltwo');
    expect((await t.request('PUT', '/api/admin/releases/shell', { token: admin.token, body: { release: second } })).status).toBe(200);
    expect((await t.request('GET', '/')).body).toContain('shell shelltwo');
    const oldChunk = await t.request('GET', `/${chunkOf('shellone')}`);
    expect(oldChunk.status).toBe(200);
    expect(oldChunk.body).toContain('chunk of shellone');
    // Back to the build in WEB_ROOT.
    expect((await t.request('PUT', '/api/admin/releases/shell', { token: admin.token, body: { release: null } })).status).toBe(200);
    expect((await t.request('GET', '/products')).body).toContain('shell build');
  });

  it('switches when another process changes the live pointer in the database', async () => {
    const release = await publish('admin-mfe', 'adminone');
    const other = t.databaseUrl ? new Client({ connectionString: t.databaseUrl }) : null;
    if (other) {
      await other.connect();
      await other.query(`INSERT INTO frontend_live_releases (app, release) VALUES ('admin-mfe', $1) ON CONFLICT (app) DO UPDATE SET release = $1`, [release]);
      await other.end();
    } else {
      await t.dataSource.query(`INSERT INTO frontend_live_releases (app, release) VALUES ('admin-mfe', $1) ON CONFLICT (app) DO UPDATE SET release = $1`, [
        release,
      ]);
    }
    const deadline = Date.now() + 10_000;
    while (!(await remotes()).admin_mfe.includes(release) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    expect((await remotes()).admin_mfe).toBe(`/releases/admin-mfe/${release}/mf-manifest.json`);
  });

  it('answers 404 for an unknown app or release, 400 for a bad body, 403 for a customer', async () => {
    const customer = await t.createUser();
    expect((await t.request('PUT', '/api/admin/releases/catalog', { token: admin.token, body: { release: null } })).status).toBe(404);
    const unknown = await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: '9.9.9-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('storefront-mfe has no release 9.9.9-000000000000');
    expect((await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: 5 } })).status).toBe(400);
    expect((await t.request('PUT', '/api/admin/releases/storefront-mfe', { token: admin.token, body: { release: '../../etc' } })).status).toBe(404);
    expect((await t.request('GET', '/api/admin/releases', { token: customer.token })).status).toBe(403);
  });
});

describe('client error reports', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('records a report from any visitor and lists it to admins, newest first, without the query string', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const report = {
      kind: 'shared-library-mismatch',
      app: 'storefront_mfe',
      message: 'storefront_mfe: it needs @thalir/cart ^2.0.0, and this page has 1.0.0',
      page: '/cart?token=secret',
      details: { library: '@thalir/cart', required: '^2.0.0', available: ['1.0.0'] },
    };
    const posted = await t.request('POST', '/api/client-errors', { body: report, headers: { 'user-agent': 'JourneyBrowser/1.0' } });
    expect(posted.status).toBe(201);
    const list = await t.request('GET', '/api/admin/client-errors', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ ...report, page: '/cart', userAgent: 'JourneyBrowser/1.0' });
    expect((await t.request('GET', '/api/admin/client-errors')).status).toBe(401);
  });

  it('refuses malformed or oversized reports with 400', async () => {
    expect((await t.request('POST', '/api/client-errors', { body: { kind: 'Bad Kind', message: 'x' } })).status).toBe(400);
    expect((await t.request('POST', '/api/client-errors', { body: { kind: 'x', message: '' } })).status).toBe(400);
    const huge = await t.request('POST', '/api/client-errors', { body: { kind: 'x', message: 'y', details: { blob: 'z'.repeat(5000) } } });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('details must be at most');
  });

  it('limits reports per client address', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (await t.request('POST', '/api/client-errors', { body: { kind: 'probe', message: `report ${i}` } })).status;
    }
    expect(status).toBe(429);
  });
});
