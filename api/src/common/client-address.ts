import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config/app-config';

/** Trusts the nearest `hops` proxies, as Fastify reads a hop count. */
export const trustedHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The client's address as Fastify's `request.ip` gives it for the same `trustProxy`, for requests
 * answered before Fastify sees them: `X-Forwarded-For` entries count only as far as trusted proxies
 * wrote them, so one a client writes itself never becomes its address.
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? '';
  const trusted = typeof trust === 'number' ? trustedHops(trust) : proxyaddr.compile(trust);
  return (request) => proxyaddr(request, trusted);
}
