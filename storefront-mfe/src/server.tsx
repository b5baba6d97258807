// The storefront's server bundle (dist/storefront-mfe/server/): the same route tree and screens as the
// browser code, for the API to render pages with (through the shell's renderer, shell/src/server.tsx).
import { matchPath } from 'react-router-dom';
import { routerPathname, type PageData, type StorefrontServerModule } from '@thalir/contracts';
import { pageIds, STOREFRONT_PAGES } from '@thalir/pages';
import { catalogApiQuery, productListPath } from './features/catalog/api/products';
import { readCatalogQuery } from './features/catalog/hooks/use-catalog-query';
import { CATALOGUE_NAMES_PATH } from './features/export/api/enquiries';
import { FEATURED_PRODUCTS_PATH } from './features/marketing/api/featured-products';
import { productPath } from './features/product/api/product';
import { SUBSCRIPTION_PLANS_PATH, subscriptionPlanPath } from './features/subscription-plans/api/subscription-plans';
import { PageDataProvider } from './lib/page-data';
import { RenderedScreens } from './lib/rendered-screens';
import StorefrontRoutes from './routes';

/** What each page that loads data draws its first render from: the very paths its screen would fetch. */
const SCREEN_DATA: Partial<Record<keyof typeof STOREFRONT_PAGES, (params: Record<string, string | undefined>, search: URLSearchParams) => string[]>> = {
  home: () => [FEATURED_PRODUCTS_PATH, SUBSCRIPTION_PLANS_PATH],
  products: (_params, search) => [productListPath(catalogApiQuery(readCatalogQuery(search))), SUBSCRIPTION_PLANS_PATH],
  product: ({ id }) => (id ? [productPath(id)] : []),
  subscriptionPlans: () => [SUBSCRIPTION_PLANS_PATH],
  subscriptionPlan: ({ slug }) => (slug ? [subscriptionPlanPath(slug)] : []),
  export: () => [CATALOGUE_NAMES_PATH],
};

function pageDataPaths(url: string): string[] {
  const { pathname, searchParams } = new URL(url, 'http://server.invalid');
  for (const id of pageIds(STOREFRONT_PAGES)) {
    const paths = SCREEN_DATA[id];
    const match = paths && matchPath(STOREFRONT_PAGES[id].path, routerPathname(pathname));
    if (match) return paths(match.params, searchParams);
  }
  return [];
}

/** The route tree with the page's data, noting into `screens` the chunk of each screen drawn. */
function ServerRoutes({ pageData, screens }: { pageData: PageData; screens: Set<string> }) {
  return (
    <PageDataProvider value={pageData}>
      <RenderedScreens value={screens}>
        <StorefrontRoutes />
      </RenderedScreens>
    </PageDataProvider>
  );
}

export default { pageDataPaths, ServerRoutes } satisfies StorefrontServerModule;
