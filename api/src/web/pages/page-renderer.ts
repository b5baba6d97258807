import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, sendCachedJson } from '../../catalog/cache/send-cached-json';
import { matchPath } from 'react-router';
import type { PageData, Product, SubscriptionPlan } from '@thalir/contracts';
import { PAGE_DATA_ELEMENT_ID, routerPathname } from '@thalir/contracts';
import { PAGES, splitLanguage, type Language } from '@thalir/pages';
import { CachedJson } from '../../catalog/cache/cached-json';
import { CatalogCache } from '../../catalog/cache/catalog-cache';
import type { CatalogDependencies, DrawnFromCatalog } from '../../catalog/cache/catalog-changes';
import { CatalogService } from '../../catalog/catalog.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { escapeHtml, renderHead, scriptJson, type PageDescription } from './page-head';
import { FrontendDirs } from '../frontend-dirs';
import { ServerBundles, type FrontendBuild, type PageRenderers } from './server-bundles';
import { notFoundPage, PAGE_DESCRIPTIONS, type DescribedPage, type PublicPageId } from './page-descriptions';

const HTML = 'text/html; charset=utf-8';

/**
 * Pages are kept only for addresses whose query is one of a few known values (the shop's type
 * filter, sort and page): free text (a search) or made-up parameters would let anyone fill the
 * catalogue's cache with pages nobody asks for twice.
 */
const KEPT_QUERY = new Set(['type', 'sort', 'page']);

/**
 * What a page drawn from the subscription plans' answers depends on. The plans show the names of
 * the products their deliveries hold and nothing else of them, so a change to any product's name
 * (or a product coming or going) drops it, and their stock, moving all day, never does. A change to
 * the plans themselves is announced as a change to everything (migration 1765450000000).
 */
const PLAN_ANSWER: CatalogDependencies = { on: 'list', productIds: new Set(), columns: new Set(['name']) };
const SUBSCRIPTION_PLANS_API = '/api/subscription-plans';
const isPlanAnswer = (path: string) => path.split('?')[0] === SUBSCRIPTION_PLANS_API || path.startsWith(`${SUBSCRIPTION_PLANS_API}/`);

/** The manifest's public pages, each with its description: described, and drawn on the server. */
const PUBLIC_PAGES = Object.entries(PAGES).flatMap(([id, page]) =>
  page.access === 'public' ? [{ path: page.path, describe: PAGE_DESCRIPTIONS[id as PublicPageId] }] : [],
);

/** The manifest's private pages: drawn in the browser, and kept out of search results. */
const PRIVATE_PATHS = Object.values(PAGES).flatMap((page) => (page.access === 'private' ? [page.path] : []));

/**
 * A server-rendered page, kept in the catalogue's cache: its HTML depends only on its address, the
 * builds and the catalogue answers it was drawn from, so a change drops it when it touches one of
 * those (a page without catalogue data, such as /about, only when everything changes).
 * Its best-compressed copies are made once it is asked for again (most addresses a crawler walks
 * are asked for once; brotli at its best setting costs more CPU than rendering the page).
 */
class CachedPage extends CachedJson implements DrawnFromCatalog {
  constructor(
    html: string,
    readonly status: number,
    readonly dependsOn: CatalogDependencies,
  ) {
    super(Buffer.from(html), HTML, false);
  }

  private sent = 0;

  /** Counts a sending; true from the second on. */
  sentBefore(): boolean {
    this.sent += 1;
    return this.sent > 1;
  }
}

/** A page to send: rendered now (not kept), or from the cache. */
type PageAnswer = { status: number; html: string } | CachedPage;

interface LoadedPageData {
  /** Parsed, for the server render. */
  data: PageData;
  /** The same answers as the API sent them, for the page's JSON script. */
  json: string;
  /** What those answers were drawn from. */
  dependsOn: CatalogDependencies[];
}

/**
 * Answers every address of the site with HTML, as the page manifest (@thalir/pages) says: public pages
 * rendered on the server from the frontends' own components (their server bundles), with their head
 * and the data they were drawn from; private pages drawn in the browser (noindex); any other address
 * the storefront's not-found page with 404. Without usable server bundles, pages keep their head and
 * status and are drawn in the browser.
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger('Pages');
  private readonly bundles: ServerBundles;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly cache: CatalogCache,
    private readonly adapterHost: HttpAdapterHost,
    frontends: FrontendDirs,
  ) {
    this.bundles = new ServerBundles(frontends);
  }

  /** Null while the shell is not built (the caller serves what there is). */
  async render(url: string): Promise<PageAnswer | null> {
    const { pathname: requestedPath, searchParams } = new URL(url, 'http://page.invalid');
    // Every page is the same route in each language: /ta/products is Tamil's /products.
    const { language, path: pathname } = splitLanguage(routerPathname(requestedPath));
    let build: FrontendBuild | null;
    try {
      build = this.bundles.current();
    } catch (error) {
      this.logger.error(`Cannot load the frontends' server bundles: ${(error as Error).stack ?? error}`);
      build = null;
    }
    if (!build) return null;

    if (PRIVATE_PATHS.some((path) => matchPath(path, pathname))) {
      return { status: 200, html: build.template.clientRendered(`${build.template.defaultHead}<meta name="robots" content="noindex"/>`, language) };
    }

    const renderers = build.renderers;
    if (renderers) {
      const render = async () => {
        const pageData = await this.loadPageData(renderers.storefront.pageDataPaths(url));
        const productsRead: CatalogDependencies[] = [];
        const described = await this.describe(pathname, language, searchParams, pageData.data, productsRead);
        const html = await this.serverRender(build, renderers, url, language, described, pageData);
        return new CachedPage(html, described.status, { on: 'several', parts: [...pageData.dependsOn, ...productsRead] });
      };
      const key = `page/${build.id}${url}`;
      const ready = this.cache.peek(key);
      if (ready instanceof CachedPage) return ready;
      try {
        const kept = [...searchParams.keys()].every((name) => KEPT_QUERY.has(name));
        return kept ? ((await this.cache.response(key, render)) as CachedPage) : await render();
      } catch (error) {
        // The page still works, drawn in the browser; the error is for the operator.
        this.logger.error(`Server rendering of ${pathname} failed: ${(error as Error).stack ?? error}`);
      }
    }
    const described = await this.describe(pathname, language, searchParams, {});
    return {
      status: described.status,
      html: build.template.clientRendered(renderHead({ ...described, title: build.template.defaultTitle }, this.config.publicUrl, language), language),
    };
  }

  /** `productsRead`, when given, is told what the products the head was described from depend on. */
  private async describe(
    pathname: string,
    language: Language,
    search: URLSearchParams,
    pageData: PageData,
    productsRead?: CatalogDependencies[],
  ): Promise<DescribedPage> {
    const findProduct = (id: string) => {
      productsRead?.push({ on: 'product', productId: id });
      return this.findProduct(id, language);
    };
    const findPlan = (slug: string) => this.findPlan(slug, language, pageData);
    for (const page of PUBLIC_PAGES) {
      const match = matchPath(page.path, pathname);
      if (match) return page.describe({ language, params: match.params, search, pageData, publicUrl: this.config.publicUrl, findProduct, findPlan });
    }
    return { status: 404, ...notFoundPage(language) };
  }

  private async serverRender(
    build: FrontendBuild,
    renderers: PageRenderers,
    url: string,
    language: Language,
    described: PageDescription,
    pageData: LoadedPageData,
  ): Promise<string> {
    const rendered = await renderers.shell.renderPage({
      url,
      pageData: pageData.data,
      storefront: renderers.storefront,
      onError: (error) => this.logger.warn(`Part of ${url} could not be rendered on the server: ${(error as Error)?.message ?? error}`),
    });
    const fonts = renderers
      .fonts(language)
      .map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin/>`)
      .join('');
    const stylesheets = renderers
      .stylesheets(rendered.chunks)
      .map(({ href, file }) => `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${escapeHtml(file)}"/>`)
      .join('');
    const head = renderHead(
      { ...described, title: rendered.title ?? build.template.defaultTitle },
      this.config.publicUrl,
      language,
      fonts + stylesheets + rendered.headTags,
    );
    const dataScript = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(pageData.json)}</script>`;
    return build.template.serverRendered(head, rendered.html, dataScript, language);
  }

  /**
   * The answers the page's screens would fetch, asked of this API in-process (the same route, cache
   * and bytes a browser would get). Found and not-found answers go with the page; anything else is
   * left for the browser to ask again.
   */
  private async loadPageData(paths: string[]): Promise<LoadedPageData> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const answers = await Promise.all(
      paths.map(async (path) => {
        const response = await fastify.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
        const usable = (response.statusCode === 200 || response.statusCode === 404) && String(response.headers['content-type']).startsWith('application/json');
        return usable ? { path, body: response.body } : null;
      }),
    );
    const data: PageData = {};
    const members: string[] = [];
    for (const answer of answers) {
      if (!answer) continue;
      data[answer.path] = JSON.parse(answer.body);
      members.push(`${JSON.stringify(answer.path)}:${answer.body}`);
    }
    // Read after the answers: one not kept (a 404, a change meanwhile) counts as depending on everything.
    return {
      data,
      json: `{${members.join(',')}}`,
      dependsOn: paths.map((path) => (isPlanAnswer(path) ? PLAN_ANSWER : this.cache.dependenciesOfRead(path))),
    };
  }

  /** The plan's answer the page was drawn from (the storefront's own path), else asked of the API's own route (a page drawn in the browser). */
  private async findPlan(slug: string, language: Language, pageData: PageData): Promise<SubscriptionPlan | null> {
    const path = `${SUBSCRIPTION_PLANS_API}/${encodeURIComponent(slug)}${language === 'en' ? '' : `?lang=${language}`}`;
    const answer = pageData[path] ?? (await this.loadPageData([path])).data[path];
    if (answer === undefined) throw new Error(`${path} could not be read`);
    // Found, or the route's 404 (not on sale).
    return typeof (answer as Partial<SubscriptionPlan>).slug === 'string' ? (answer as SubscriptionPlan) : null;
  }

  private async findProduct(id: string, language: Language): Promise<Product | null> {
    try {
      const answer = await this.catalog.productResponse(id, language);
      return (JSON.parse(answer.body.toString('utf8')) as { data: Product }).data;
    } catch (error) {
      if (error instanceof NotFoundException) return null;
      throw error;
    }
  }
}

/**
 * Sends what PageRenderer made. A found page from the cache goes with its ETag and its compressed
 * copies once they are made (smallest, at the best settings); until then, and for other pages, the
 * HTML is compressed on the fly at fast settings rather than waiting for them.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageAnswer): FastifyReply | Promise<FastifyReply> {
  if (page instanceof CachedPage && page.status === 200) {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || !page.isCompressible || page.ready(encoding)) return sendCachedJson(request, reply, page);
    if (page.sentBefore()) void page.variant(encoding).catch(() => undefined);
    reply.header('etag', page.etag);
  }
  const html = page instanceof CachedPage ? page.body : page.html;
  return reply.status(page.status).header('content-type', HTML).header('cache-control', 'no-cache').send(html);
}
