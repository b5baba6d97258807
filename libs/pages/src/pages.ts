import { PRODUCT_TYPES } from '@thalir/contracts';

/**
 * The page manifest: every address the site draws, which app draws it, and what the server does with
 * it. The shell's and the storefront's routers, the shell's choice of remote, the API's page table,
 * /sitemap.xml and /robots.txt all read this table. A new page is one entry here plus its screen (and,
 * for a public page, its description in api/src/web/pages/page-descriptions.ts, which the API's
 * typecheck asks for).
 *
 * Every build compiles its own copy (like @thalir/contracts, it is not a Module Federation shared
 * module): a remote must route by the manifest it was built with, not by an older shell's copy.
 * What is here ships to browsers, so it stays plain data; the servers' describers live in the API.
 */

/** The app whose router draws a page: the shell itself, or one of its remotes. */
export type PageApp = 'shell' | 'storefront' | 'admin';

interface PageFacts {
  /**
   * The route as React Router matches it: `:name` is one segment, a trailing `/*` the rest. The same
   * string is the app's <Route path>, so paths stay data (a second language adds its own paths).
   */
  path: string;
  app: PageApp;
}

/**
 * The same for every visitor: drawn on the server with the data it shows, described in its head and
 * open to search engines.
 */
export interface PublicPage extends PageFacts {
  access: 'public';
  /** Its addresses in /sitemap.xml, or 'each-product': one per product in the catalogue. */
  sitemap?: readonly string[] | 'each-product';
}

/**
 * Depends on who is signed in (account, cart, orders, the back office): drawn in the browser, never
 * on the server (a drawn page is kept in a cache every visitor shares), and marked noindex.
 */
export interface PrivatePage extends PageFacts {
  access: 'private';
  /** Closed to crawlers in /robots.txt, the path's fixed part (`/admin` for `/admin/*`). */
  robots?: 'disallow';
  /** The page (by its id here) the app's router sends this address to, as an old link's new home. */
  redirectTo?: string;
}

export type Page = PublicPage | PrivatePage;

export const PAGES = {
  home: { path: '/', app: 'storefront', access: 'public', sitemap: ['/'] },
  products: { path: '/products', app: 'storefront', access: 'public', sitemap: ['/products', ...PRODUCT_TYPES.map((type) => `/products?type=${type}`)] },
  product: { path: '/product/:id', app: 'storefront', access: 'public', sitemap: 'each-product' },
  about: { path: '/about', app: 'storefront', access: 'public', sitemap: ['/about'] },
  contact: { path: '/contact', app: 'storefront', access: 'public', sitemap: ['/contact'] },
  export: { path: '/export', app: 'storefront', access: 'public', sitemap: ['/export'] },
  faq: { path: '/faq', app: 'shell', access: 'public', sitemap: ['/faq'] },
  login: { path: '/login', app: 'shell', access: 'private' },
  register: { path: '/register', app: 'shell', access: 'private' },
  forgotPassword: { path: '/forgot-password', app: 'shell', access: 'private' },
  resetPassword: { path: '/reset-password/:resetToken', app: 'shell', access: 'private' },
  profile: { path: '/profile', app: 'shell', access: 'private' },
  wishlist: { path: '/wishlist', app: 'storefront', access: 'private' },
  cart: { path: '/cart', app: 'storefront', access: 'private', robots: 'disallow' },
  checkout: { path: '/checkout', app: 'storefront', access: 'private', robots: 'disallow' },
  myOrders: { path: '/my-orders', app: 'storefront', access: 'private' },
  // The footer and the mobile menu link to /orders: the same list of the customer's orders.
  orders: { path: '/orders', app: 'storefront', access: 'private', redirectTo: 'myOrders' },
  order: { path: '/order/:id', app: 'storefront', access: 'private' },
  // The back office's own screens are its remote's routes below this one.
  admin: { path: '/admin/*', app: 'admin', access: 'private', robots: 'disallow' },
} as const satisfies Record<string, Page>;

export type PageId = keyof typeof PAGES;

/** The ids of the pages whose entries have `Facts`: `PageIdWhere<{ app: 'shell' }>`. */
export type PageIdWhere<Facts> = { [Id in PageId]: (typeof PAGES)[Id] extends Facts ? Id : never }[PageId];

/** The pages an app's router draws, in the manifest's order. */
export function pagesOf<App extends PageApp>(app: App): [PageIdWhere<{ app: App }>, Page][] {
  return (Object.entries(PAGES) as [PageIdWhere<{ app: App }>, Page][]).filter(([, page]) => page.app === app);
}
