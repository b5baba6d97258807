import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, defer, Observable, switchMap, throwError } from 'rxjs';
import { RateLimiter, TooManyRequestsException, type RateLimitRule } from './rate-limiter';

const CLIENT_RATE_LIMIT = 'client-rate-limit';

/**
 * Counts every call to the route per client address (request.ip, which honours trustProxy),
 * before validation, so malformed calls count too. Any 429 from the route gets a Retry-After.
 */
@Injectable()
export class ClientRateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rule = this.reflector.getAllAndOverride<RateLimitRule | undefined>(CLIENT_RATE_LIMIT, [context.getHandler(), context.getClass()]);
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    return defer(async () => {
      if (rule) await this.limiter.consume(rule, request.ip);
    }).pipe(
      switchMap(() => next.handle()),
      catchError((error: unknown) => {
        if (error instanceof TooManyRequestsException) {
          void http.getResponse<FastifyReply>().header('retry-after', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}

/** Limits calls per client address on a controller or route, answering 429 past the rule. */
export const ClientRateLimit = (rule: RateLimitRule) =>
  applyDecorators(SetMetadata(CLIENT_RATE_LIMIT, rule), UseInterceptors(ClientRateLimitInterceptor));
