import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { clientAddressOf } from '../../common/client-address';
import { requestIdFor } from '../../common/request-id';
import { securityHeaders } from '../../common/security-headers';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import type { CachedJson } from './cached-json';
import { CatalogCache, catalogReadOf } from './catalog-cache';
import { CachedJsonWriter } from './send-cached-json';

/** Logger levels at which Fastify logs every request (at info). */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/**
 * Answers cache hits of GET /api/products and GET /api/products/:id before Fastify sees the
 * request. A hit is a few header writes; Fastify's request and reply objects, its routing and
 * hooks, and Nest's pipeline around them cost more than the answer itself, and these are the
 * shop's hottest reads.
 *
 * It sits in front of Fastify's listener on the HTTP server and gives a hit what Fastify's hooks
 * give every answer: the request id, the security headers, the duration metric and, when requests
 * are logged, their log line. Everything else goes to Fastify untouched: every miss (anything
 * invalid, which is never cached, included), other methods, cross-origin requests when CORS is
 * configured (Fastify's CORS hook answers those) and, once the application starts closing,
 * everything (Fastify then refuses new requests while the ones in flight finish).
 */
@Injectable()
export class CatalogFastPath implements OnModuleInit, OnModuleDestroy {
  private restoreFastify?: () => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: CatalogCache,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const server: Server = fastify.server;
    const listeners = server.listeners('request') as RequestListener[];
    if (listeners.length !== 1) throw new Error(`Expected Fastify's one request listener on the HTTP server, found ${listeners.length}`);
    const [toFastify] = listeners;
    const answerHit = this.hitAnswerer(fastify);
    const listener: RequestListener = (request, response) => {
      if (!answerHit(request, response)) toFastify.call(server, request, response);
    };
    server.removeListener('request', toFastify);
    server.on('request', listener);
    this.restoreFastify = () => {
      server.removeListener('request', listener);
      server.on('request', toFastify);
    };
  }

  onModuleDestroy(): void {
    this.restoreFastify?.();
    this.restoreFastify = undefined;
  }

  /** A function answering a request from the cache, or returning false having touched nothing. */
  private hitAnswerer(fastify: FastifyInstance): (request: IncomingMessage, response: ServerResponse) => boolean {
    const writer = new CachedJsonWriter(securityHeaders(this.config));
    const corsConfigured = this.config.corsOrigins.length > 0;
    const { catalogCacheHits: hits, httpRequestDuration: durations } = this.metrics;
    const logRequest = this.requestLogger(fastify);
    return (request, response) => {
      if (request.method !== 'GET' || (corsConfigured && request.headers.origin !== undefined)) return false;
      const started = performance.now();
      const hit = this.lookup(request.url ?? '', request.headers['accept-language']);
      if (!hit) return false;
      const requestId = requestIdFor(request.headers);
      if (!writer.write(request, response, hit.entry, requestId)) return false;
      const elapsedMs = performance.now() - started;
      hits.inc();
      durations.observe({ method: 'GET', route: hit.route, status_code: response.statusCode }, elapsedMs / 1000);
      logRequest?.(request, response, requestId, elapsedMs);
      return true;
    };
  }

  /** The cached answer a URL asks for, with its route template, if it can be one at all and is cached. */
  private lookup(url: string, acceptLanguage: string | undefined): { route: string; entry: CachedJson } | undefined {
    const read = catalogReadOf(url, acceptLanguage);
    const entry = read && this.cache.peek(read.key);
    return entry && { route: read.route, entry };
  }

  /** Fastify's "request completed" line for a hit, when requests are logged at all. */
  private requestLogger(fastify: FastifyInstance) {
    const log = fastify.log;
    if (!LOGS_REQUESTS.has(log.level)) return undefined;
    const clientAddress = clientAddressOf(this.config.trustProxy);
    return (request: IncomingMessage, response: ServerResponse, requestId: string, elapsedMs: number) => {
      const ip = clientAddress(request);
      log.info(
        {
          reqId: requestId,
          req: { id: requestId, method: request.method, url: request.url, ip },
          res: { statusCode: response.statusCode },
          responseTime: elapsedMs,
        },
        'request completed',
      );
    };
  }
}
