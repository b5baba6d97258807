import type { FastifyReply, FastifyRequest } from 'fastify';
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

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §8.8.3.2): W/"x" and "x" name the same content.
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * Answers with a cached JSON body: 304 when the browser already holds it, else the variant
 * in the best encoding it accepts. `no-cache` makes browsers revalidate every time, which costs
 * a 304 at most, so a change is visible on the next request.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson): FastifyReply | Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache').header('etag', entry.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = entry.isCompressible ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.body);
  reply.header('content-encoding', encoding);
  const ready = entry.ready(encoding);
  return ready ? reply.send(ready) : entry.variant(encoding).then((bytes) => reply.send(bytes));
}

