import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../../common/etag';
import type { CachedJson, ContentEncoding } from './cached-json';

/** Accept-Encoding values repeat across requests: remember what each one asks for. */
const negotiated = new Map<string, ContentEncoding | null>();
const MAX_REMEMBERED = 200;

function weightOf(accepted: Map<string, number>, name: string): number {
  return accepted.get(name) ?? accepted.get('*') ?? 0;
}

/** brotli when acceptable, else gzip, else none; honours q-values (`br;q=0` refuses brotli). */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const accepted = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const br = weightOf(accepted, 'br');
  const gzip = weightOf(accepted, 'gzip');
  const choice: ContentEncoding | null = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : br > 0 ? 'br' : null;
  if (negotiated.size >= MAX_REMEMBERED) negotiated.clear();
  negotiated.set(header, choice);
  return choice;
}

interface Answer {
  status: 200 | 304;
  headers: Record<string, string | number>;
  /** The bytes to send; absent for a 304, or while `pending` (a compressed variant still being made). */
  body?: Buffer;
  pending?: ContentEncoding;
}

/**
 * What to answer with a cached JSON body: 304 when the browser already holds it, else the variant
 * in the best encoding it accepts. `no-cache` makes browsers revalidate every time, which costs
 * a 304 at most, so a change is visible on the next request.
 */
function answerFor(request: FastifyRequest, entry: CachedJson): Answer {
  const headers: Answer['headers'] = { 'cache-control': 'no-cache', etag: entry.etag, vary: 'accept-encoding' };
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return { status: 304, headers };
  headers['content-type'] = entry.contentType;
  const encoding = entry.isCompressible ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return { status: 200, headers, body: entry.body };
  headers['content-encoding'] = encoding;
  const body = entry.ready(encoding);
  return body ? { status: 200, headers, body } : { status: 200, headers, pending: encoding };
}

/** Sends a cached body through Fastify's ordinary reply (onSend hooks included). */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson): FastifyReply | Promise<FastifyReply> {
  const answer = answerFor(request, entry);
  reply.code(answer.status).headers(answer.headers);
  if (answer.pending) return entry.variant(answer.pending).then((bytes) => reply.send(bytes));
  return reply.send(answer.body);
}

/**
 * The fast path's way to send: the ready bytes go straight to the socket, skipping Fastify's onSend
 * hooks (compression has nothing to do on a body compressed in advance). Headers set by earlier
 * hooks (request id, security headers, CORS) are kept, and Fastify's response listeners (request
 * log, onResponse hooks) still run when the response finishes. Returns false, having sent nothing,
 * when the compressed variant is not made yet.
 */
export function writeCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson): boolean {
  const answer = answerFor(request, entry);
  if (answer.pending) return false;
  const headers: Record<string, string | number | string[] | undefined> = { ...reply.getHeaders(), ...answer.headers };
  if (answer.body) headers['content-length'] = answer.body.length;
  reply.hijack();
  // Node's typings allow only strings for some named headers; it writes numbers as text all the same.
  reply.raw.writeHead(answer.status, headers as Parameters<typeof reply.raw.writeHead>[1]);
  reply.raw.end(answer.body);
  return true;
}
