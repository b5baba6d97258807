import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { answersInTamil, withTamilMessages } from './tamil-messages';

/**
 * A success answer's `message` (and a quote's offer-code verdict) in Tamil for a request whose
 * Accept-Language prefers Tamil (tamil-messages.ts); error answers get theirs in the exception
 * filter. Any other request's answer passes untouched, and so do the back office's (English).
 */
@Injectable()
export class TamilMessagesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || !answersInTamil(context.switchToHttp().getRequest<FastifyRequest | undefined>())) return next.handle();
    return next.handle().pipe(map((body: unknown) => withTamilMessages(body)));
  }
}
