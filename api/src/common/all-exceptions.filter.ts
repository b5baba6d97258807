import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { classifyDatabaseError } from './database-errors';
import { JSON_NOT_TEXT, JSON_TOO_DEEP } from './json-body';
import { redactUrl } from './log-redaction';
import { TooManyRequestsException } from './rate-limit/rate-limiter';
import { answersInTamil, withTamilMessages } from './tamil-messages';

export interface ErrorBody {
  success: false;
  message: string;
  errors?: string[];
  [key: string]: unknown;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data request',
  FST_REQ_FILE_TOO_LARGE: 'Image is too large (5 MB at most)',
  FST_PARTS_LIMIT: 'Too many form fields',
  FST_FILES_LIMIT: 'Only one image may be uploaded',
  FST_FIELDS_LIMIT: 'Too many form fields',
  [JSON_TOO_DEEP]: 'Request body is nested too deeply',
  [JSON_NOT_TEXT]: 'Request body has text that is not valid Unicode',
};

/** What the multipart parser (busboy) throws for a body that is not the form it claims to be. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|Malformed part header|\w+ terminated early due to unexpected end of multipart data)$/;

/** Seconds a client is asked to wait before retrying while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** Turns every error into the contract's shape: a string `message`, the right status, never a stack. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest | undefined>();
    const { status, body, logAs } = this.describe(exception);
    if (logAs) {
      // The request id ties this line to the request's own log lines and to the client's x-request-id.
      const where = request ? `${request.method} ${redactUrl(request.url)} [${String(request.id)}]` : 'outside a request';
      const detail = exception instanceof Error ? (logAs === 'error' ? (exception.stack ?? exception.message) : exception.message) : String(exception);
      this.logger[logAs](`${status} on ${where}: ${detail}`);
    }
    if (reply.sent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (exception instanceof TooManyRequestsException) void reply.header('retry-after', String(exception.retryAfterSeconds));
    this.answer(request, reply, status, body);
  }

  /**
   * Sends the error in the contract's shape (a filter for one kind of route may answer otherwise),
   * its messages in Tamil when the request's Accept-Language prefers Tamil (tamil-messages.ts).
   */
  protected answer(request: FastifyRequest | undefined, reply: FastifyReply, status: number, body: ErrorBody): void {
    void reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(answersInTamil(request) ? withTamilMessages(body) : body);
  }

  private describe(exception: unknown): { status: number; body: ErrorBody; logAs?: 'error' | 'warn' } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return { status, body: { success: false, message: response } };
      const { message, error: _error, statusCode: _statusCode, ...extra } = response as Record<string, unknown>;
      if (Array.isArray(message)) {
        const errors = message.map(String);
        return { status, body: { ...extra, success: false, message: errors[0] ?? exception.message, errors } };
      }
      return {
        status,
        body: { ...extra, success: false, message: typeof message === 'string' ? message : exception.message },
        logAs: status === HttpStatus.SERVICE_UNAVAILABLE ? 'warn' : status >= 500 ? 'error' : undefined,
      };
    }
    const database = classifyDatabaseError(exception);
    if (database) {
      // A refused value means some validation upstream let it through: worth a warning to fix it.
      return { status: database.status, body: { success: false, message: database.message }, logAs: 'warn' };
    }
    if (exception instanceof Error && MALFORMED_MULTIPART.test(exception.message)) {
      return { status: HttpStatus.BAD_REQUEST, body: { success: false, message: 'The form data is malformed' } };
    }
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const message = (fastifyError.code && FASTIFY_MESSAGES[fastifyError.code]) || 'Bad request';
      return { status: fastifyError.statusCode, body: { success: false, message } };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { success: false, message: 'Something went wrong on our side. Please try again.' },
      logAs: 'error',
    };
  }
}
