import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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

/** Which answer a request gets: 304, or the body in one encoding. */
type Variant = 'not-modified' | 'identity' | ContentEncoding;

/**
 * What to answer with a cached JSON body: 304 when the browser already holds it, else the variant
 * in the best encoding it accepts.
 */
function variantFor(requestHeaders: IncomingHttpHeaders, entry: CachedJson): Variant {
  if (matchesEtag(requestHeaders['if-none-match'], entry.etag)) return 'not-modified';
  return (entry.isCompressible && preferredEncoding(requestHeaders['accept-encoding'])) || 'identity';
}

/** `no-cache` makes browsers revalidate every time, which costs a 304 at most, so a change is visible on the next request. */
function headersFor(entry: CachedJson, variant: Variant): Record<string, string> {
  const headers: Record<string, string> = { 'cache-control': 'no-cache', etag: entry.etag, vary: entry.vary };
  if (variant === 'not-modified') return headers;
  headers['content-type'] = entry.contentType;
  if (variant !== 'identity') headers['content-encoding'] = variant;
  return headers;
}

/** The bytes of a variant, when they are made. */
function bodyOf(entry: CachedJson, variant: Variant): Buffer | undefined {
  if (variant === 'not-modified') return Buffer.alloc(0);
  return variant === 'identity' ? entry.body : entry.ready(variant);
}

/** Sends a cached body through Fastify's ordinary reply (onSend hooks included). */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson): FastifyReply | Promise<FastifyReply> {
  const variant = variantFor(request.headers, entry);
  reply.code(variant === 'not-modified' ? 304 : 200).headers(headersFor(entry, variant));
  if (variant === 'not-modified') return reply.send();
  const body = bodyOf(entry, variant);
  if (body) return reply.send(body);
  return entry.variant(variant as ContentEncoding).then((bytes) => reply.send(bytes));
}

/**
 * The fast path's way to send: the ready bytes straight to Node's response. Each entry's header
 * list per variant (the common headers, then the answer's own) is made once, flat as writeHead
 * takes it, and only the request id is added per request.
 */
export class CachedJsonWriter {
  private readonly prepared = new WeakMap<CachedJson, Partial<Record<Variant, string[]>>>();

  constructor(private readonly common: Record<string, string>) {}

  /** Returns false, having sent nothing, when the compressed variant is not made yet. */
  write(request: IncomingMessage, response: ServerResponse, entry: CachedJson, requestId: string): boolean {
    const variant = variantFor(request.headers, entry);
    const body = bodyOf(entry, variant);
    if (!body) return false;
    const headers = this.headerList(entry, variant, body).slice();
    headers.push('x-request-id', requestId);
    response.writeHead(variant === 'not-modified' ? 304 : 200, headers);
    response.end(body);
    return true;
  }

  private headerList(entry: CachedJson, variant: Variant, body: Buffer): string[] {
    let byVariant = this.prepared.get(entry);
    if (!byVariant) this.prepared.set(entry, (byVariant = {}));
    let list = byVariant[variant];
    if (!list) {
      const headers = { ...this.common, ...headersFor(entry, variant) };
      if (variant !== 'not-modified') headers['content-length'] = String(body.length);
      list = byVariant[variant] = Object.entries(headers).flat();
    }
    return list;
  }
}
