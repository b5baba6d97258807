/**
 * The page manifest: every address the site draws, grouped by the app that draws it, and what the
 * server does with it. The shell's and the storefront's routers, the shell's choice of remote, the
 * API's page table, /sitemap.xml and /robots.txt all read it. A new page is one entry here plus its
 * screen (and, for a public page, its description in api/src/web/pages/page-descriptions.ts, which
 * the API's typecheck asks for).
 *
 * Every build compiles its own copy (like @thalir/contracts, it is not a Module Federation shared
 * module): a remote must route by the manifest it was built with, not by an older shell's copy. It
 * ships to browsers, so it stays plain data importing nothing, and each bundle keeps only the groups
 * it reads (the storefront its own; the shell its own and the back office's). The product types
 * below are written out for that reason; a test holds them to @thalir/contracts. The server's
 * describers live in the API.
 */

/** The app whose router draws a page: the shell itself, or one of its remotes. */
export type PageApp = 'shell' | 'storefront' | 'admin';

interface PageRoute {
  /**
   * The route as React Router matches it: `:name` is one segment, a trailing `/*` the rest. The same
   * string is the app's <Route path>, so paths stay data (a second language adds its own paths).
   */
  path: string;
}

/**
 * The same for every visitor: drawn on the server with the data it shows, described in its head and
 * open to search engines.
 */
interface PublicPage extends PageRoute {
  access: 'public';
  /** Its addresses in /sitemap.xml, or one per product in the catalogue ('each-product') or per plan on sale ('each-subscription-plan'). */
  sitemap?: readonly string[] | 'each-product' | 'each-subscription-plan';
}

/**
 * Depends on who is signed in (account, cart, orders, the back office): drawn in the browser, never
 * on the server (a drawn page is kept in a cache every visitor shares), and marked noindex.
 */
interface PrivatePage extends PageRoute {
  access: 'private';
  /** Closed to crawlers in /robots.txt, by the path's fixed part (`/admin` for `/admin/*`). */
  robots?: 'disallow';
  /** The page of the same app, by its id, that the router sends this address on to (an old link's new home). */
  redirectTo?: string;
}

export type Page = PublicPage | PrivatePage;

/** The storefront's pages (storefront-mfe/src/routes.tsx), and any address no other app claims. */
export const STOREFRONT_PAGES = {
  home: { path: '/', access: 'public', sitemap: ['/'] },
  products: { path: '/products', access: 'public', sitemap: ['/products', '/products?type=flower', '/products?type=green_leaf'] },
  product: { path: '/product/:id', access: 'public', sitemap: 'each-product' },
  subscriptionPlans: { path: '/subscribe', access: 'public', sitemap: ['/subscribe'] },
  subscriptionPlan: { path: '/subscribe/:slug', access: 'public', sitemap: 'each-subscription-plan' },
  about: { path: '/about', access: 'public', sitemap: ['/about'] },
  contact: { path: '/contact', access: 'public', sitemap: ['/contact'] },
  export: { path: '/export', access: 'public', sitemap: ['/export'] },
  wishlist: { path: '/wishlist', access: 'private' },
  cart: { path: '/cart', access: 'private', robots: 'disallow' },
  checkout: { path: '/checkout', access: 'private', robots: 'disallow' },
  myOrders: { path: '/my-orders', access: 'private' },
  // The footer and the mobile menu link to /orders: the same list of the customer's orders.
  orders: { path: '/orders', access: 'private', redirectTo: 'myOrders' },
  order: { path: '/order/:id', access: 'private' },
  subscriptions: { path: '/subscriptions', access: 'private' },
} as const satisfies Record<string, Page>;

/** The shell's own pages (shell/src/app/app.tsx). */
export const SHELL_PAGES = {
  faq: { path: '/faq', access: 'public', sitemap: ['/faq'] },
  login: { path: '/login', access: 'private' },
  register: { path: '/register', access: 'private' },
  forgotPassword: { path: '/forgot-password', access: 'private' },
  resetPassword: { path: '/reset-password/:resetToken', access: 'private' },
  staffInvite: { path: '/staff-invite/:token', access: 'private', robots: 'disallow' },
  profile: { path: '/profile', access: 'private' },
} as const satisfies Record<string, Page>;

/** The back office: the admin remote draws its own screens below this page, for admins only. */
export const ADMIN_PAGES = {
  admin: { path: '/admin/*', access: 'private', robots: 'disallow' },
} as const satisfies Record<string, Page>;

/** Every page of the site, the storefront's first (the sitemap lists them in this order). */
export const PAGES = { ...STOREFRONT_PAGES, ...SHELL_PAGES, ...ADMIN_PAGES };

/** The ids of a group of pages, in the manifest's order and typed as its keys. */
export const pageIds = <Pages extends Record<string, Page>>(pages: Pages) => Object.keys(pages) as (keyof Pages & string)[];

/** The ids of the pages (of `Pages`, else of all) whose entries have `Facts`: `PageIdWhere<{ access: 'public' }>`. */
export type PageIdWhere<Facts, Pages = typeof PAGES> = { [Id in keyof Pages]: Pages[Id] extends Facts ? Id : never }[keyof Pages];
