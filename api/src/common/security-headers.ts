import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EARLY_TAPS_SCRIPT } from '@thalir/contracts';
import { originOf, type AppConfig } from '../config/app-config';

/** Razorpay's checkout script, and the frames and calls it makes once opened. */
const RAZORPAY = {
  script: 'https://checkout.razorpay.com',
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://*.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://*.razorpay.com'],
  images: ['https://*.razorpay.com'],
};

/** The one inline script pages may run, by its hash: the early-tap capture every server-drawn page carries (web/pages/page-template.ts). */
export const EARLY_TAPS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/** The origins of remotes deployed elsewhere; a relative remote URL lives on the site itself. */
export function remoteOrigins(config: AppConfig): string[] {
  const origins = [config.remotes.storefront, config.remotes.admin].map(originOf).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

/**
 * The Content-Security-Policy of every answer. Scripts come from the site, the remotes' origins
 * and Razorpay only; no inline script but the early-tap capture (by its hash), and no eval. Inline styles stay allowed because React's
 * `style` attributes and the Module Federation runtime's injected CSS need them.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const remotes = remoteOrigins(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", EARLY_TAPS_SCRIPT_HASH, ...remotes, RAZORPAY.script],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // ASSET_BASE_URL: product images come from that CDN.
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...(config.assetBaseUrl ? [originOf(config.assetBaseUrl)!] : []), ...RAZORPAY.images],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...RAZORPAY.connect],
    'frame-src': ["'self'", ...RAZORPAY.frames],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'data:', 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'script-src-attr': ["'none'"],
  };
  // Upgrading would break a plain-http site (a local run, or remotes on http://127.0.0.1:…).
  if (config.publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Helmet's headers for the shop's options, computed once: the same headers go on every answer, and
 * building them per request (as @fastify/helmet does) cost the hot catalogue path several percent.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

const computed = new WeakMap<AppConfig, Record<string, string>>();

/** The security headers every answer carries, computed once per configuration. */
export function securityHeaders(config: AppConfig): Record<string, string> {
  let headers = computed.get(config);
  if (!headers) {
    headers = helmetHeaders(helmetOptions(config));
    computed.set(config, headers);
  }
  return headers;
}

function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Razorpay's checkout may open a bank's page in a popup that reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Remotes, uploads and the API may be read from the other frontends' origins.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 || remoteOrigins(config).length > 0 ? 'cross-origin' : 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Helmet's headers with the shop's CSP. The Swagger UI at /api/docs runs an inline initialiser,
 * so only its pages get a policy that allows inline scripts.
 */
export function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): void {
  const directives = contentSecurityPolicy(config);
  const headers = securityHeaders(config);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const docsPolicy = Object.entries({
    ...directives,
    'script-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
  })
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
  fastify.addHook('onSend', async (request, reply) => {
    if (request.url === '/api/docs' || request.url.startsWith('/api/docs/') || request.url.startsWith('/api/docs?')) {
      reply.header('content-security-policy', docsPolicy);
    }
  });
}
