import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Route config flag (set with @RouteConfig) for routes that must see the exact bytes received. */
export const KEEP_RAW_BODY = { keepRawBody: true } as const;

export type RequestWithRawBody = FastifyRequest & { rawBody?: Buffer };

/**
 * Copies the request bytes of routes marked KEEP_RAW_BODY into `request.rawBody` as Fastify's own
 * JSON parser reads them, so a signature can be checked over exactly what was sent. Other routes
 * are untouched, and body limits and content-length checks still apply.
 */
export function keepRawBodies(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request: RequestWithRawBody, _reply, payload) => {
    const config = request.routeOptions.config as { keepRawBody?: boolean } | undefined;
    if (!config?.keepRawBody) return payload;
    const chunks: Buffer[] = [];
    const copy = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback(null, chunk);
      },
      flush(callback) {
        request.rawBody = Buffer.concat(chunks);
        callback();
      },
    });
    // Errors (a client hanging up) reach Fastify through the returned stream.
    return pipeline(payload, copy, () => undefined);
  });
}
