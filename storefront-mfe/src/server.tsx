// The storefront's server bundle (dist/storefront-mfe/server/): the same route tree and screens as the
// browser code, for the API to render pages with (through the shell's renderer, shell/src/server.tsx).
import { matchPath } from 'react-router-dom';
import { routerPathname, type PageData, type StorefrontServerModule } from '@thalir/contracts';
import { pageIds, splitLanguage, STOREFRONT_PAGES, type Language } from '@thalir/pages';
import { catalogApiQuery, productListPath } from './features/catalog/api/products';
import { readCatalogQuery } from './features/catalog/hooks/use-catalog-query';
import { catalogueNamesPath } from './features/export/api/enquiries';
import { featuredProductsPath } from './features/marketing/api/featured-products';
import { productPath } from './features/product/api/product';
import { subscriptionPlanPath, subscriptionPlansPath } from './features/subscription-plans/api/subscription-plans';
import { PageDataProvider } from './lib/page-data';
import { RenderedScreens } from './lib/rendered-screens';
import StorefrontRoutes from './routes';

type ScreenData = (params: Record<string, string | undefined>, search: URLSearchParams, language: Language) => string[];

/** What each page that loads data draws its first render from: the very paths its screen would fetch, in the page's language. */
const SCREEN_DATA: Partial<Record<keyof typeof STOREFRONT_PAGES, ScreenData>> = {
  home: (_params, _search, language) => [featuredProductsPath(language), subscriptionPlansPath(language)],
  products: (_params, search, language) => [productListPath(catalogApiQuery(readCatalogQuery(search)), language), subscriptionPlansPath(language)],
  product: ({ id }, _search, language) => (id ? [productPath(id, language)] : []),
  subscriptionPlans: (_params, _search, language) => [subscriptionPlansPath(language)],
  subscriptionPlan: ({ slug }, _search, language) => (slug ? [subscriptionPlanPath(slug, language)] : []),
  export: (_params, _search, language) => [catalogueNamesPath(language)],
};

function pageDataPaths(url: string): string[] {
  const { pathname, searchParams } = new URL(url, 'http://server.invalid');
  const { language, path } = splitLanguage(routerPathname(pathname));
  for (const id of pageIds(STOREFRONT_PAGES)) {
    const paths = SCREEN_DATA[id];
    const match = paths && matchPath(STOREFRONT_PAGES[id].path, path);
    if (match) return paths(match.params, searchParams, language);
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
