import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Far deeper than any request of the contract; deep enough nesting overflows the validators' recursion. */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP = 'THALIR_JSON_TOO_DEEP';
export const JSON_NOT_TEXT = 'THALIR_JSON_NOT_TEXT';

/** A `\uD800`-style escape: the only way a JSON body can carry half of a surrogate pair. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when every string (and key) in a parsed body is well-formed Unicode (no lone surrogate halves). */
export function isWellFormedJson(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isWellFormedJson);
  if (value && typeof value === 'object') return Object.entries(value).every(([key, item]) => !LONE_SURROGATE.test(key) && isWellFormedJson(item));
  return true;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** True when arrays and objects nest deeper than `limit`; one pass over the bytes, strings skipped. */
export function nestsDeeperThan(body: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(byte)) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies through Fastify's own parser (which refuses `__proto__` and `constructor.prototype`
 * keys), after refusing nesting deeper than MAX_JSON_DEPTH with a 400 instead of a stack overflow
 * further down, and refusing strings that are not text (a lone surrogate from `"\ud800"`, which
 * validators and the database choke on) with a 400 too.
 */
export function useSafeJsonParser(app: NestFastifyApplication, bodyLimit: number): void {
  const parse = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit }, (request, body, done) => {
    if (Buffer.isBuffer(body) && nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error('Request body is nested too deeply'), { statusCode: 400, code: JSON_TOO_DEEP }), undefined);
      return;
    }
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
    if (!SURROGATE_ESCAPE.test(text)) return parse(request as Parameters<typeof parse>[0], text, done);
    parse(request as Parameters<typeof parse>[0], text, (error, parsed) => {
      if (!error && !isWellFormedJson(parsed)) {
        done(Object.assign(new Error('Request body has text that is not valid Unicode'), { statusCode: 400, code: JSON_NOT_TEXT }), undefined);
        return;
      }
      done(error, parsed);
    });
  });
}
