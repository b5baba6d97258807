import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's own log lines (start-up, errors) written through Fastify's pino logger, so that with
 * JSON logs on, every line of the process is one JSON object with the same fields.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    // Nest passes (message, stack, context); a stack arrives as a multi-line string.
    const [maybeStack, ...others] = rest;
    if (typeof maybeStack === 'string' && maybeStack.includes('\n')) {
      this.write('error', message, others, { stack: maybeStack });
    } else {
      this.write('error', message, rest);
    }
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[], extra: Record<string, unknown> = {}): void {
    // Nest appends the logger's context (a class name) as the last argument.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const fields = { ...(context ? { context } : {}), ...extra };
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: { type: message.name, message: message.message, stack: message.stack } }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
