import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Webpack names hashed files `name.<hash>.js`; those never change and may be cached for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png|webp|jpg)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A content-hashed file, or a precompressed copy of one (`main.<hash>.js.br`). */
export function isHashedFile(path: string): boolean {
  return HASHED_FILE.test(path.replace(/\.(br|gz)$/, ''));
}

/** What a build writes for the API only (server bundles, their asset lists): never served. */
export const SERVER_ONLY = /^\/?(server\/|ssr-assets\.json$)/;

/** Every file under `dir`, as `/`-separated paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const visit = (relative: string) => {
    for (const name of readdirSync(join(dir, relative)).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) visit(path);
      else files.push(path);
    }
  };
  visit('');
  return files;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** The media type of a build file; a precompressed copy has the type of what it encodes. */
export function contentTypeOf(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(path.replace(/\.(br|gz)$/, ''))?.[1].toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}

/** Runs `work` on every item, at most `limit` at a time (storage calls go over the network). */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
