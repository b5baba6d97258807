import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { FrontendDirs, RELEASES_PREFIX } from './frontend-dirs';
import { answerPage, registerSeoRoutes } from './pages/page-routes';
import { registerUploadRoutes } from './upload-routes';

/** Webpack names hashed files `name.<hash>.js`; those never change and may be cached for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png|webp|jpg)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What a build writes for the API only (server bundles, their asset lists): not served. */
const SERVER_ONLY = /^\/?(server\/|ssr-assets\.json$)/;

function setCacheHeaders(reply: FastifyReply, path: string): void {
  // A precompressed copy (`main.<hash>.js.br`) is cached like the file it encodes.
  void reply.header('cache-control', HASHED_FILE.test(path.replace(/\.(br|gz)$/, '')) ? IMMUTABLE : 'no-cache');
}

/**
 * Serves the built frontends on the API's port: the shell at the site root (with the SPA fallback
 * for its client-side routes), each remote's build under its own prefix, the published releases under
 * /releases/, uploads (read from storage: upload-routes.ts), and /remotes.json, which tells the shell
 * at run time where each remote lives (its live release, else its build). The live shell is the live
 * release's folder, else the build's.
 */
export async function registerWebRoutes(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const frontends = app.get(FrontendDirs);
  // Written again whenever another release goes live (every API process hears of it, see releases/).
  let remotesJson = JSON.stringify(frontends.remotesManifest());
  frontends.onChange(() => (remotesJson = JSON.stringify(frontends.remotesManifest())));
  const roots = {
    storefront: join(config.webRoot, 'storefront-mfe'),
    admin: join(config.webRoot, 'admin-mfe'),
    releases: config.releasesDir,
  };
  // A remote may be deployed elsewhere, so its local folder may be empty; static serving needs it to exist.
  for (const dir of Object.values(roots)) mkdirSync(dir, { recursive: true });

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
  const fastify = app.getHttpAdapter().getInstance();
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
      const dirs = HASHED_FILE.test(relative) ? frontends.shellFileDirs() : [shellDir];
      const dir = dirs.find((candidate) => existsSync(join(candidate, relative)));
      if (dir) {
        setCacheHeaders(reply, relative);
        return reply.sendFile(relative, dir);
      }
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
