import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MetricsService } from '../../metrics/metrics.service';
import { CatalogCache, listCacheKey, productCacheKey } from './catalog-cache';
import { writeCachedJson } from './send-cached-json';

/** The two public catalogue reads as Fastify matches them (global prefix included). */
const LIST_ROUTE = '/api/products';
const PRODUCT_ROUTE = '/api/products/:id';

export function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/**
 * Answers cache hits of GET /api/products and GET /api/products/:id before Nest's handler
 * pipeline runs. A hit is a few header writes; Nest's guard, pipe and interceptor machinery
 * around it would cost more than the answer itself, and these are the shop's hottest reads.
 *
 * It is the last `onRequest` hook: it is added when the application initialises, after
 * createApp registered the request id, CORS and security-header hooks, so a hit carries the same
 * headers as the route's answer. It skips what a ready, pre-compressed answer to a GET does not
 * need: body pre-parsing, Nest's pipeline and the onSend hooks (compression). A hook added later
 * that must see every answer belongs in onRequest before this one, or onResponse, which still run.
 * Only what the route answered before is replayed: both routes are @Public(), and every miss
 * (anything invalid, which is never cached, included) goes on to the Nest route, which
 * validates and fills the cache.
 */
@Injectable()
export class CatalogFastPath implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: CatalogCache,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const hits = this.metrics.catalogCacheHits;
    fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const hit = request.method === 'GET' ? this.hitFor(request) : undefined;
      // Not calling done() once the answer is written: the rest of the lifecycle is skipped.
      if (hit && writeCachedJson(request, reply, hit)) hits.inc();
      else done();
    });
  }

  private hitFor(request: FastifyRequest) {
    const route = request.routeOptions.url;
    if (route === LIST_ROUTE) return this.cache.peek(listCacheKey(queryStringOf(request.url)));
    if (route === PRODUCT_ROUTE) return this.cache.peek(productCacheKey((request.params as { id: string }).id));
    return undefined;
  }
}
