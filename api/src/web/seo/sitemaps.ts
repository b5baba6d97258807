import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAGES, type Page } from '@thalir/pages';
import { CachedJson } from '../../catalog/cache/cached-json';
import { CatalogCache } from '../../catalog/cache/catalog-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { escapeHtml } from '../pages/page-head';
import { productPath } from '../pages/page-descriptions';

/** The sitemap protocol's limit per file; past it, /sitemap.xml becomes an index of numbered files. */
export const URLS_PER_SITEMAP = 50_000;

const XML = 'application/xml; charset=utf-8';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const MANIFEST: Page[] = Object.values(PAGES);

/** The manifest's fixed sitemap addresses; the product page ('each-product') is listed once per product after them. */
const STATIC_PATHS = MANIFEST.flatMap((page) => (page.access === 'public' && Array.isArray(page.sitemap) ? page.sitemap : []));

/** Pages the manifest closes to crawlers, by their paths' fixed part (`/admin` for `/admin/*`), sorted; then the API. */
const DISALLOWED = [
  ...MANIFEST.flatMap((page) => (page.access === 'private' && page.robots === 'disallow' ? [page.path.replace(/\/\*$/, '')] : [])).sort(),
  '/api',
];

const iso = (date: Date | string) => new Date(date).toISOString();

/**
 * /sitemap.xml: every static page and every product (with its last change), or, past 50,000
 * addresses, an index of /sitemap-1.xml, /sitemap-2.xml, … Kept in the catalogue's cache, so the
 * catalogue's change notices (any process, any writer) drop it with the product answers.
 */
@Injectable()
export class Sitemaps {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly cache: CatalogCache,
  ) {}

  /** `/sitemap.xml` (part 0) or `/sitemap-<part>.xml`; null for a part that does not exist. */
  file(part: number): Promise<CachedJson | null> {
    return this.cache.response(`seo/sitemap-${part}`, () => this.build(part));
  }

  private async build(part: number): Promise<CachedJson | null> {
    const [{ products }] = await this.dataSource.query(`SELECT count(*)::int AS products FROM products`);
    const total = STATIC_PATHS.length + products;
    const parts = Math.ceil(total / URLS_PER_SITEMAP);
    if (part === 0 && parts <= 1) return this.urlSet(0);
    if (part === 0) return this.index(parts);
    return part <= parts ? this.urlSet(part - 1) : null;
  }

  /** The addresses from `index * URLS_PER_SITEMAP` on: the static pages first, then the products, oldest first. */
  private async urlSet(index: number): Promise<CachedJson> {
    const first = index * URLS_PER_SITEMAP;
    const statics = STATIC_PATHS.slice(first, first + URLS_PER_SITEMAP);
    const offset = Math.max(0, first - STATIC_PATHS.length);
    const rows: { id: string; updatedAt: Date }[] = await this.dataSource.query(
      `SELECT id, updated_at AS "updatedAt" FROM products ORDER BY created_at, id OFFSET $1 LIMIT $2`,
      [offset, URLS_PER_SITEMAP - statics.length],
    );
    const url = (path: string, lastmod?: Date) =>
      `<url><loc>${escapeHtml(this.config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}</url>`;
    const body = [...statics.map((path) => url(path)), ...rows.map((row) => url(productPath(row.id), row.updatedAt))].join('\n');
    return new CachedJson(Buffer.from(`${HEADER}<urlset xmlns="${NAMESPACE}">\n${body}\n</urlset>\n`), XML);
  }

  private async index(parts: number): Promise<CachedJson> {
    const entries: string[] = [];
    for (let part = 1; part <= parts; part += 1) {
      const offset = Math.max(0, (part - 1) * URLS_PER_SITEMAP - STATIC_PATHS.length);
      const limit = part === 1 ? URLS_PER_SITEMAP - STATIC_PATHS.length : URLS_PER_SITEMAP;
      const [{ lastmod }] = await this.dataSource.query(
        `SELECT max(updated_at) AS lastmod FROM (SELECT updated_at FROM products ORDER BY created_at, id OFFSET $1 LIMIT $2) AS part`,
        [offset, limit],
      );
      entries.push(
        `<sitemap><loc>${escapeHtml(`${this.config.publicUrl}/sitemap-${part}.xml`)}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}</sitemap>`,
      );
    }
    return new CachedJson(Buffer.from(`${HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`), XML);
  }

  /** /robots.txt: the private parts closed to crawlers, and where the sitemap is. */
  robots(): string {
    return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${this.config.publicUrl}/sitemap.xml`, ''].join('\n');
  }
}
