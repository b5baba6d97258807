import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MetricsService } from './metrics.service';

/** The route label of requests no route matched: raw URLs would make a series per scanner probe. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every HTTP request by route template (`/api/orders/:id`, never the id itself) and status.
 * An onResponse hook: it runs after the answer is on its way; Fastify has already timed the request
 * (`elapsedTime`), so all that is left is one histogram observation. The catalogue's cache hits
 * never reach Fastify: CatalogFastPath observes them itself.
 */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const durations = this.metrics.httpRequestDuration;
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      durations.observe(
        { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}
