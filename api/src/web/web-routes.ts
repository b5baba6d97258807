import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { SharedBuildAssets, type StoredAsset } from '../releases/build-assets';
import { IMMUTABLE, isHashedFile, SERVER_ONLY } from '../releases/build-files';
import { isFrontendApp, type RemoteApp } from '../releases/frontend-apps';
import { isReleaseName, ReleaseStore, ReleaseUnavailableError } from '../releases/release-store';
import { FrontendDirs, RELEASES_PREFIX } from './frontend-dirs';
import { answerPage, registerSeoRoutes } from './pages/page-routes';
import { registerUploadRoutes } from './upload-routes';

function setCacheHeaders(reply: FastifyReply, path: string): void {
  // A precompressed copy (`main.<hash>.js.br`) is cached like the file it encodes.
  void reply.header('cache-control', isHashedFile(path) ? IMMUTABLE : 'no-cache');
}

/** A hashed file of another build, from the storage, with the caching of a local one. */
function sendStoredAsset(reply: FastifyReply, { object, encoding }: StoredAsset): FastifyReply {
  void reply.headers({
    'cache-control': IMMUTABLE,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'content-length': object.contentLength,
    vary: 'accept-encoding',
  });
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.type(object.contentType).send(object.body);
}

/**
 * Serves the built frontends on the API's port: the shell at the site root (with the SPA fallback
 * for its client-side routes), each remote's build under its own prefix, the published releases under
 * /releases/, uploads (read from storage: upload-routes.ts), and /remotes.json, which tells the shell
 * at run time where each remote lives (its live release, else its build). The live shell is the live
 * release's folder, else the build's. Releases live in the storage: a kept release this process has no
 * copy of is fetched on its first request. A hashed file the local build lacks (a page drawn by
 * another version during a rolling deploy asks for it) is answered from the storage (build-assets.ts).
 */
export async function registerWebRoutes(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const frontends = app.get(FrontendDirs);
  // Written again whenever another release goes live (every API process hears of it, see releases/).
  let remotesJson = JSON.stringify(frontends.remotesManifest());
  frontends.onChange(() => (remotesJson = JSON.stringify(frontends.remotesManifest())));
  const store = app.get(ReleaseStore);
  const buildAssets = app.get(SharedBuildAssets);
  const roots = {
    storefront: join(config.webRoot, 'storefront-mfe'),
    admin: join(config.webRoot, 'admin-mfe'),
    releases: config.releasesDir,
  };
  // A remote may be deployed elsewhere, so its local folder may be empty; static serving needs it to exist.
  for (const dir of Object.values(roots)) mkdirSync(dir, { recursive: true });
  const remoteBuilds: { prefix: string; app: RemoteApp; root: string }[] = [
    { prefix: '/remotes/storefront/', app: 'storefront-mfe', root: roots.storefront },
    { prefix: '/remotes/admin/', app: 'admin-mfe', root: roots.admin },
  ];

  const fastify = app.getHttpAdapter().getInstance();
  // Before static serving answers from disk: what this machine does not hold yet comes from the storage.
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0];
    if (path.startsWith(RELEASES_PREFIX)) {
      const [appName, release, ...file] = path.slice(RELEASES_PREFIX.length).split('/');
      if (!isFrontendApp(appName) || !isReleaseName(release) || file.length === 0) return;
      try {
        await store.ensureLocal(appName, release);
      } catch (error) {
        // Not in the storage, or not whole there: static serving answers 404.
        if (!(error instanceof ReleaseUnavailableError)) throw error;
      }
      return;
    }
    const remote = remoteBuilds.find((build) => path.startsWith(build.prefix));
    if (!remote) return;
    const relative = path.slice(remote.prefix.length);
    if (!isHashedFile(relative) || relative.includes('..') || existsSync(join(remote.root, relative))) return;
    const stored = await buildAssets.find(remote.app, relative, request.headers['accept-encoding']);
    if (stored) return sendStoredAsset(reply, stored);
  });

  // The frontend builds write .br and .gz copies of their text files (tools/webpack/create-config.js),
  // sent as they are to browsers that accept them; this registration's reply.sendFile serves the shell.
  await app.register(fastifyStatic, {
    root: roots.storefront,
    prefix: '/remotes/storefront/',
    preCompressed: true,
    allowedPath: (path: string) => !SERVER_ONLY.test(path),
    setHeaders: setCacheHeaders,
  });
  await app.register(fastifyStatic, {
    root: roots.admin,
    prefix: '/remotes/admin/',
    decorateReply: false,
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });
  // A release folder never changes once published (releases/release-store.ts): all of it is immutable,
  // its manifest and entry included, since /remotes.json names each release's own folder.
  await app.register(fastifyStatic, {
    root: roots.releases,
    prefix: RELEASES_PREFIX,
    decorateReply: false,
    preCompressed: true,
    allowedPath: (path: string) => !path.split('/').some((part) => part.startsWith('.')) && !/\/(server\/|ssr-assets\.json$)/.test(path),
    setHeaders: (reply: FastifyReply) => void reply.header('cache-control', IMMUTABLE),
  });
  registerUploadRoutes(app, config);

  registerSeoRoutes(app);
  fastify.get('/remotes.json', (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-cache').type('application/json').send(remotesJson);
  });
  // Everything else that is not the API is the shell: a real file if there is one, else a page.
  fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      return reply.status(400).send({ success: false, message: 'Malformed URL' });
    }
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    const relative = path.replace(/^\/+/, '');
    const shellDir = frontends.frontendDir('shell');
    if (relative && !relative.includes('..') && !SERVER_ONLY.test(relative)) {
      // A page opened before another shell release went live still asks for its own hashed chunks.
      const hashed = isHashedFile(relative);
      const dirs = hashed ? frontends.shellFileDirs() : [shellDir];
      const dir = dirs.find((candidate) => existsSync(join(candidate, relative))) ?? (hashed ? await frontends.storedShellFileDir(relative) : null);
      if (dir) {
        setCacheHeaders(reply, relative);
        return reply.sendFile(relative, dir);
      }
      // A page drawn by another build of the shell (a rolling deploy) asks this process for its chunk.
      const stored = hashed ? await buildAssets.find('shell', relative, request.headers['accept-encoding']) : null;
      if (stored) return sendStoredAsset(reply, stored);
    }
    if (!existsSync(join(shellDir, 'index.html'))) {
      return reply.status(503).type('text/plain').send('The shop frontend is not built yet: run `npm run build`.');
    }
    // Storefront pages come rendered on the server (pages/page-renderer.ts) when the builds have their
    // server bundles; without them the browser draws every page from index.html.
    if (await answerPage(app, request, reply)) return reply;
    return reply.header('cache-control', 'no-cache').sendFile('index.html', shellDir);
  });
}
