import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LANGUAGES, pathInLanguage, PAGES, type Page } from '@thalir/pages';
import { CachedJson } from '../../catalog/cache/cached-json';
import { CatalogCache } from '../../catalog/cache/catalog-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { escapeHtml, languageAlternates } from '../pages/page-head';
import { productPath, subscriptionPlanPath } from '../pages/page-descriptions';

/** The sitemap protocol's limit per file; past it, /sitemap.xml becomes an index of numbered files. */
export const URLS_PER_SITEMAP = 50_000;

/** Pages per file: each page is listed once in each language. */
const PAGES_PER_SITEMAP = URLS_PER_SITEMAP / LANGUAGES.length;

const XML = 'application/xml; charset=utf-8';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

const MANIFEST: Page[] = Object.values(PAGES);

/**
 * The manifest's fixed sitemap addresses; after them each plan on sale ('each-subscription-plan'), then
 * each product ('each-product').
 */
const STATIC_PATHS = MANIFEST.flatMap((page) => (page.access === 'public' && Array.isArray(page.sitemap) ? page.sitemap : []));

/** Pages the manifest closes to crawlers, by their paths' fixed part (`/admin` for `/admin/*`), sorted; then the API. */
const DISALLOWED = [
  ...MANIFEST.flatMap((page) => (page.access === 'private' && page.robots === 'disallow' ? [page.path.replace(/\/\*$/, '')] : [])).sort(),
  '/api',
];

const iso = (date: Date | string) => new Date(date).toISOString();

/** An address of the sitemap, with its last change when it has one. */
interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/**
 * /sitemap.xml: every static page, every plan on sale and every product (both with their last
 * change), each in English and in Tamil, every address naming the page's versions in both
 * languages (`xhtml:link` alternates, as in the pages' heads); or, past 50,000 addresses, an index of /sitemap-1.xml, /sitemap-2.xml, … Kept in the
 * catalogue's cache, so the catalogue's change notices (any process, any writer; a plan's changes
 * are announced as the catalogue's) drop it with the product answers.
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
    // The static pages and the plans (a few) come first, before the products.
    const plans: { slug: string; updatedAt: Date }[] = await this.dataSource.query(
      `SELECT slug, updated_at AS "updatedAt" FROM subscription_plans WHERE active ORDER BY created_at, id`,
    );
    const leading: SitemapEntry[] = [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...plans.map((plan) => ({ path: subscriptionPlanPath(plan.slug), lastmod: plan.updatedAt })),
    ];
    const [{ products }] = await this.dataSource.query(`SELECT count(*)::int AS products FROM products`);
    const total = leading.length + products;
    const parts = Math.ceil(total / PAGES_PER_SITEMAP);
    if (part === 0 && parts <= 1) return this.urlSet(leading, 0);
    if (part === 0) return this.index(leading, parts);
    return part <= parts ? this.urlSet(leading, part - 1) : null;
  }

  /** The pages from `index * PAGES_PER_SITEMAP` on: the leading ones first, then the products, oldest first. */
  private async urlSet(leading: SitemapEntry[], index: number): Promise<CachedJson> {
    const first = index * PAGES_PER_SITEMAP;
    const lead = leading.slice(first, first + PAGES_PER_SITEMAP);
    const offset = Math.max(0, first - leading.length);
    const rows: { id: string; updatedAt: Date }[] = await this.dataSource.query(
      `SELECT id, updated_at AS "updatedAt" FROM products ORDER BY created_at, id OFFSET $1 LIMIT $2`,
      [offset, PAGES_PER_SITEMAP - lead.length],
    );
    const urls = ({ path, lastmod }: SitemapEntry) => {
      const alternates = languageAlternates(path, this.config.publicUrl)
        .map(({ hreflang, url }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url)}"/>`)
        .join('');
      return LANGUAGES.map(
        (language) =>
          `<url><loc>${escapeHtml(this.config.publicUrl + pathInLanguage(path, language))}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}${alternates}</url>`,
      ).join('\n');
    };
    const body = [...lead, ...rows.map((row) => ({ path: productPath(row.id), lastmod: row.updatedAt }))].map(urls).join('\n');
    return new CachedJson(Buffer.from(`${HEADER}<urlset xmlns="${NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n${body}\n</urlset>\n`), XML);
  }

  private async index(leading: SitemapEntry[], parts: number): Promise<CachedJson> {
    const entries: string[] = [];
    for (let part = 1; part <= parts; part += 1) {
      const offset = Math.max(0, (part - 1) * PAGES_PER_SITEMAP - leading.length);
      const limit = part === 1 ? PAGES_PER_SITEMAP - leading.length : PAGES_PER_SITEMAP;
      const [{ productsLastmod }] = await this.dataSource.query(
        `SELECT max(updated_at) AS "productsLastmod" FROM (SELECT updated_at FROM products ORDER BY created_at, id OFFSET $1 LIMIT $2) AS part`,
        [offset, limit],
      );
      // The first part holds the plans too.
      const changes = [productsLastmod, ...(part === 1 ? leading.map((entry) => entry.lastmod) : [])]
        .filter((date): date is Date => date instanceof Date)
        .map((date) => date.getTime());
      const lastmod = changes.length > 0 ? new Date(Math.max(...changes)) : null;
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
