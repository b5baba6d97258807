import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCachedJson } from '../../catalog/cache/send-cached-json';
import { shareImage } from '../seo/share-image';
import { Sitemaps } from '../seo/sitemaps';
import { appAt, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, pathInLanguage, splitLanguage, type Language } from '@thalir/pages';
import { PageRenderer, sendPage } from './page-renderer';

/** /sitemap.xml (and its numbered parts past 50,000 addresses), /robots.txt and the share picture. */
export function registerSeoRoutes(app: NestFastifyApplication): void {
  const sitemaps = app.get(Sitemaps);
  const fastify = app.getHttpAdapter().getInstance();
  const robots = sitemaps.robots();
  const sendSitemap = async (part: number, request: FastifyRequest, reply: FastifyReply) => {
    const file = Number.isSafeInteger(part) ? await sitemaps.file(part) : null;
    if (!file) return reply.status(404).type('text/plain').send('Not found');
    return sendCachedJson(request, reply, file);
  };
  fastify.get('/sitemap.xml', (request, reply) => sendSitemap(0, request, reply));
  fastify.get('/sitemap-:part.xml', (request, reply) => {
    const { part } = request.params as { part: string };
    return sendSitemap(/^[1-9]\d{0,5}$/.test(part) ? Number(part) : NaN, request, reply);
  });
  fastify.get('/robots.txt', (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots));
  fastify.get('/share-image.png', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/png')
      .send(await shareImage()),
  );
}

/** The language the visitor chose with the language switch (a cookie it writes), if any. */
export function rememberedLanguage(cookieHeader: string | undefined): Language | null {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  return isLanguage(value) ? value : null;
}

/**
 * Answers an address that is not a file with its page as HTML (server-rendered, or drawn in the
 * browser). False, having sent nothing, while the frontends have no server bundles (the caller sends index.html).
 * A visitor who chose Tamil with the language switch is sent from an English address to the same
 * page in Tamil; without that choice (a first visit, a search engine) nobody is sent anywhere. The
 * back office is in English only, and stays at its own address.
 */
export async function answerPage(app: NestFastifyApplication, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const remembered = rememberedLanguage(request.headers.cookie);
  const pathname = request.url.split('?')[0];
  if (remembered && remembered !== DEFAULT_LANGUAGE && splitLanguage(pathname).language === DEFAULT_LANGUAGE && appAt(pathname) !== 'admin') {
    void reply.header('cache-control', 'no-store').redirect(pathInLanguage(request.url, remembered), 302);
    return true;
  }
  const page = await app.get(PageRenderer).render(request.url);
  if (!page) return false;
  // Not returned: a reply is thenable, and awaiting it would wait for the response to finish.
  void sendPage(request, reply, page);
  return true;
}
