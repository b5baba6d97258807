import { lazy, Suspense, useContext, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { pageIds, STOREFRONT_PAGES, type PageIdWhere } from '@thalir/pages';
import { PageTakeover, Spinner } from '@thalir/ui';
import { RenderedScreens } from './lib/rendered-screens';

type StorefrontPageId = keyof typeof STOREFRONT_PAGES;

/**
 * One chunk per screen, so a visitor downloads only the screen they open. The shell loads this module
 * early, alongside React; the screen for the address being opened (the page `id`'s, in the manifest)
 * starts loading right then, instead of after the first render reaches its route. On the server, each
 * screen drawn notes its chunk's name (as in its import's webpackChunkName), so the page links that
 * chunk's stylesheets (see server.tsx).
 */
function screen(id: StorefrontPageId | null, chunk: string, load: () => Promise<{ default: ComponentType }>) {
  if (id && typeof window !== 'undefined' && matchPath(STOREFRONT_PAGES[id].path, window.location.pathname)) void load().catch(() => undefined);
  const Screen = lazy(load);
  return function ScreenChunk() {
    useContext(RenderedScreens)?.add(chunk);
    return <Screen />;
  };
}

/** A page the manifest sends to another: the router's redirect there. */
function redirect(id: PageIdWhere<{ redirectTo: StorefrontPageId }, typeof STOREFRONT_PAGES>) {
  const to = STOREFRONT_PAGES[STOREFRONT_PAGES[id].redirectTo].path;
  return function Redirect() {
    return <Navigate to={to} replace />;
  };
}

/** What each of the storefront's pages in the manifest shows; the manifest gives their routes. */
const SCREENS: Record<StorefrontPageId, ComponentType> = {
  home: screen('home', 'screen-home', () => import(/* webpackChunkName: "screen-home" */ './features/marketing/components/home-page')),
  products: screen('products', 'screen-products', () => import(/* webpackChunkName: "screen-products" */ './features/catalog/components/products-page')),
  product: screen('product', 'screen-product', () => import(/* webpackChunkName: "screen-product" */ './features/product/components/product-page')),
  subscriptionPlans: screen(
    'subscriptionPlans',
    'screen-subscription-plans',
    () => import(/* webpackChunkName: "screen-subscription-plans" */ './features/subscription-plans/components/subscription-plans-page'),
  ),
  subscriptionPlan: screen(
    'subscriptionPlan',
    'screen-subscription-plan',
    () => import(/* webpackChunkName: "screen-subscription-plan" */ './features/subscription-plans/components/subscription-plan-page'),
  ),
  about: screen('about', 'screen-about', () => import(/* webpackChunkName: "screen-about" */ './features/marketing/components/about-page')),
  contact: screen('contact', 'screen-contact', () => import(/* webpackChunkName: "screen-contact" */ './features/contact/components/contact-page')),
  export: screen('export', 'screen-export', () => import(/* webpackChunkName: "screen-export" */ './features/export/components/export-page')),
  wishlist: screen('wishlist', 'screen-wishlist', () => import(/* webpackChunkName: "screen-wishlist" */ './features/wishlist/components/wishlist-page')),
  cart: screen('cart', 'screen-cart', () => import(/* webpackChunkName: "screen-cart" */ './features/cart/components/cart-page')),
  checkout: screen('checkout', 'screen-checkout', () => import(/* webpackChunkName: "screen-checkout" */ './features/checkout/components/checkout-page')),
  myOrders: screen('myOrders', 'screen-my-orders', () => import(/* webpackChunkName: "screen-my-orders" */ './features/orders/components/my-orders-page')),
  orders: redirect('orders'),
  order: screen('order', 'screen-order', () => import(/* webpackChunkName: "screen-order" */ './features/orders/components/order-page')),
  subscriptions: screen(
    'subscriptions',
    'screen-subscriptions',
    () => import(/* webpackChunkName: "screen-subscriptions" */ './features/subscriptions/components/subscriptions-page'),
  ),
};
const NotFoundPage = screen(
  null,
  'screen-not-found',
  () => import(/* webpackChunkName: "screen-not-found" */ './features/marketing/components/not-found-page'),
);

/** The storefront's route tree, exposed to the shell. */
export default function StorefrontRoutes() {
  return (
    // data-build tells operators (and the deployment test) which build of this remote is live.
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Routes>
          {pageIds(STOREFRONT_PAGES).map((id) => {
            const Screen = SCREENS[id];
            return <Route key={id} path={STOREFRONT_PAGES[id].path} element={<Screen />} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        {/* In the screen's boundary: on a page the server drew, the app has taken it over once the screen is live. */}
        <PageTakeover />
      </Suspense>
    </div>
  );
}
