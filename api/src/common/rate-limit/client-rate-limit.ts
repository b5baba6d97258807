import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { defer, Observable, switchMap } from 'rxjs';
import { RateLimiter, type RateLimitRule } from './rate-limiter';

const CLIENT_RATE_LIMIT = 'client-rate-limit';

/**
 * Counts every call to the route per client address (request.ip, which honours trustProxy),
 * before validation, so malformed calls count too (the exception filter adds Retry-After to a 429).
 */
@Injectable()
export class ClientRateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rule = this.reflector.getAllAndOverride<RateLimitRule | undefined>(CLIENT_RATE_LIMIT, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return defer(async () => {
      if (rule) await this.limiter.consume(rule, request.ip);
    }).pipe(switchMap(() => next.handle()));
  }
}

/** Limits calls per client address on a controller or route, answering 429 past the rule. */
export const ClientRateLimit = (rule: RateLimitRule) => applyDecorators(SetMetadata(CLIENT_RATE_LIMIT, rule), UseInterceptors(ClientRateLimitInterceptor));
