import { matchPath } from 'react-router';
import { PRODUCT_TYPES } from '@thalir/contracts';
import { appAt, matchesPath } from './page-at';
import { ADMIN_PAGES, PAGES, SHELL_PAGES, STOREFRONT_PAGES, type Page } from './pages';

const entries = Object.entries(PAGES) as [string, Page][];

describe('the page manifest', () => {
  it('gives every page an address of its own', () => {
    for (const [id, page] of entries) {
      for (const [otherId, other] of entries) {
        if (id !== otherId) expect({ [id]: matchesPath(other.path, page.path) }).toEqual({ [id]: false });
      }
    }
  });

  it('redirects only to a page of the same app', () => {
    for (const group of [STOREFRONT_PAGES, SHELL_PAGES, ADMIN_PAGES] as Record<string, Page>[]) {
      for (const [id, page] of Object.entries(group)) {
        if (page.access === 'private' && page.redirectTo) expect({ [id]: page.redirectTo in group }).toEqual({ [id]: true });
      }
    }
  });

  it('lists the shop filtered by each product type in the sitemap', () => {
    expect(STOREFRONT_PAGES.products.sitemap).toEqual(['/products', ...PRODUCT_TYPES.map((type) => `/products?type=${type}`)]);
  });

  it('lists in the sitemap only addresses of the page itself', () => {
    for (const [, page] of entries) {
      if (page.access !== 'public' || !Array.isArray(page.sitemap)) continue;
      for (const address of page.sitemap) expect({ address, matches: matchesPath(page.path, address.split('?')[0]) }).toEqual({ address, matches: true });
    }
  });
});

describe('matchesPath', () => {
  const addresses = [
    '/',
    '//',
    '/products',
    '/products/',
    '/PRODUCTS',
    '/product',
    '/product/abc',
    '/product/abc/',
    '/product/a/b',
    '/about/x',
    '/login',
    '/login/',
    '/login/x',
    '/Login',
    '/reset-password',
    '/reset-password/token',
    '/reset-password/token/more',
    '/admin',
    '/admin/',
    '/admin/products',
    '/admin/a/b',
    '/administrator',
    '/orders',
    '/order/1',
    '/my-orders',
    '/nowhere',
  ];

  it('decides as React Router does, for every page and address', () => {
    for (const [, page] of entries) {
      for (const address of addresses) {
        expect({ path: page.path, address, matches: matchesPath(page.path, address) }).toEqual({
          path: page.path,
          address,
          matches: Boolean(matchPath(page.path, address)),
        });
      }
    }
  });

  it('finds the app that draws an address, the storefront drawing unknown ones', () => {
    expect(['/login', '/reset-password/abc', '/faq', '/profile'].map(appAt)).toEqual(['shell', 'shell', 'shell', 'shell']);
    expect(['/admin', '/admin/orders'].map(appAt)).toEqual(['admin', 'admin']);
    expect(['/', '/product/abc', '/orders', '/login/x', '/reset-password', '/nowhere'].map(appAt)).toEqual(Array(6).fill('storefront'));
  });
});
