/**
 * Server rendering. Each frontend's build writes a server bundle next to its files (`server/`), built
 * from the same components as the browser code; the API renders storefront pages with them.
 */

/** API answers a page was rendered from, by the API path (with query) the screen would fetch. */
export type PageData = Record<string, unknown>;

/**
 * A pathname as React Router matches it: decoded segment by segment, an encoded slash left encoded,
 * a malformed one left as it is. Matching a route on the server on this gives the params the screen
 * gets in the browser (`/product/a%2Db` is product `a-b` there too). React Router's own `decodePath`
 * is not exported, and its `matchRoutes` is not among the router names the frontends share.
 */
export function routerPathname(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** `dist/storefront-mfe/server/storefront.server.js` */
export interface StorefrontServerModule {
  /** The API paths whose answers the screen at `url` (path and query) shows in its first render. */
  pageDataPaths(url: string): string[];
  /** The storefront's route tree for the server, handed to the shell's renderer (a React component). */
  ServerRoutes: unknown;
}

/** What the shell's renderer made of a page: the markup inside #root, and what the page put in the head. */
export interface RenderedPage {
  html: string;
  /** The page's own <title> text, or null when it sets none. */
  title: string | null;
  /** Tags React hoists into the head: preloads of the images a page draws first. */
  headTags: string;
  /** Names of the chunks (screens) of each build the page was drawn with: their stylesheets go with it. */
  chunks: { shell: string[]; storefront: string[] };
}

/** `dist/shell/server/shell.server.js` */
export interface ShellServerModule {
  renderPage(options: { url: string; pageData: PageData; storefront: StorefrontServerModule; onError?: (error: unknown) => void }): Promise<RenderedPage>;
}

/** The id of the script tag that carries a server-rendered page's data (JSON, PageData). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
