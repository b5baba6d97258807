import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_CACHE_CONTROL, PUBLIC_IMAGE_PREFIX } from '../catalog/product-images';
import { UPLOADS_PATH } from '../catalog/product.mapper';
import type { AppConfig } from '../config/app-config';
import { OBJECT_STORAGE, type ObjectStorage, storageKeyProblem, type StoredObjectInfo, StoredObjectNotFoundError } from '../storage/object-storage';

/**
 * Raster pictures only: whatever else reached the bucket under products/ (a page, an SVG with a
 * script) is not the shop's upload and is not served from the shop's origin.
 */
const isPicture = (info: StoredObjectInfo) => /^image\/(webp|jpeg|png|gif|avif)$/.test(info.contentType);

/** Strong and weak tags compare alike for GET (RFC 9110, 13.1.2). */
const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether the client's copy is current: If-None-Match, else If-Modified-Since (RFC 9110, 13.2.2). */
function isFresh(request: FastifyRequest, info: StoredObjectInfo): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map(opaqueTag);
    return tags.includes('*') || tags.includes(opaqueTag(info.etag));
  }
  const modifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return Number.isFinite(modifiedSince) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= modifiedSince;
}

/**
 * GET and HEAD /uploads/<key>: product images read from storage (either driver), with a year's
 * caching, entity tags and 304s. Only keys under products/ are served: the originals stay private.
 * With ASSET_BASE_URL the answers point at a CDN instead, which may still fetch from here.
 */
export function registerUploadRoutes(app: NestFastifyApplication, config: AppConfig): void {
  const storage = app.get<ObjectStorage>(OBJECT_STORAGE);
  const setObjectHeaders = (reply: FastifyReply, info: StoredObjectInfo) => {
    void reply.headers({ 'cache-control': IMAGE_CACHE_CONTROL, 'last-modified': info.lastModified.toUTCString(), etag: info.etag });
    // A CDN at ASSET_BASE_URL that fetches from here keeps these headers: its own origin must be let in.
    if (config.assetBaseUrl) void reply.header('cross-origin-resource-policy', 'cross-origin');
  };
  const fastify = app.getHttpAdapter().getInstance();
  // HEAD declared with GET: Fastify's own HEAD route would answer content-length 0 to a HEAD sent no body.
  fastify.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PATH}/*`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const key = (request.params as { '*': string })['*'];
      if (!key.startsWith(PUBLIC_IMAGE_PREFIX) || storageKeyProblem(key)) return reply.callNotFound();
      // A revalidation or a HEAD needs no bytes: asking for the object's description costs less.
      const conditional = request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;
      if (request.method === 'HEAD' || conditional) {
        const info = await storage.head(key);
        if (!info || !isPicture(info)) return reply.callNotFound();
        if (isFresh(request, info)) {
          setObjectHeaders(reply, info);
          return reply.status(304).send();
        }
        if (request.method === 'HEAD') {
          setObjectHeaders(reply, info);
          return reply.type(info.contentType).header('content-length', info.contentLength).send();
        }
      }
      let object;
      try {
        object = await storage.get(key);
      } catch (error) {
        if (error instanceof StoredObjectNotFoundError) return reply.callNotFound();
        throw error;
      }
      if (!isPicture(object)) {
        object.body.destroy();
        return reply.callNotFound();
      }
      setObjectHeaders(reply, object);
      return reply.type(object.contentType).header('content-length', object.contentLength).send(object.body);
    },
  });
}
