import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Request ids a client or proxy may hand us; anything else is replaced by a fresh one. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The id a request is logged and answered under: the caller's X-Request-Id when it is sane. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
