import { lazy, Suspense, use, useContext, type ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { pageIds, splitLanguage, STOREFRONT_PAGES, type PageIdWhere } from '@thalir/pages';
import { LanguageProvider, PageTakeover, Spinner, useRouterLanguage } from '@thalir/ui';
import { commonMessagesLoaded, loadFeatureMessages, type StorefrontFeature } from './lib/messages';
import { RenderedScreens } from './lib/rendered-screens';

type StorefrontPageId = keyof typeof STOREFRONT_PAGES;

/**
 * One chunk per screen, so a visitor downloads only the screen they open. The shell loads this module
 * early, alongside React; the screen for the address being opened (the page `id`'s, in the manifest)
 * starts loading right then, instead of after the first render reaches its route. On the server, each
 * screen drawn notes its chunk's name (as in its import's webpackChunkName), so the page links that
 * chunk's stylesheets (see server.tsx). A screen waits for its messages as for its code: its feature's, and those of the features whose parts it draws.
 */
function screen(id: StorefrontPageId | null, chunk: string, features: StorefrontFeature[], loadCode: () => Promise<{ default: ComponentType }>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= Promise.all([loadCode(), ...features.map(loadFeatureMessages)]).then(([module]) => module));
  if (id && typeof window !== 'undefined' && matchPath(STOREFRONT_PAGES[id].path, splitLanguage(window.location.pathname).path))
    void load().catch(() => undefined);
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
  home: screen(
    'home',
    'screen-home',
    ['marketing', 'subscription-plans'],
    () => import(/* webpackChunkName: "screen-home" */ './features/marketing/components/home-page'),
  ),
  products: screen(
    'products',
    'screen-products',
    ['catalog', 'subscription-plans'],
    () => import(/* webpackChunkName: "screen-products" */ './features/catalog/components/products-page'),
  ),
  product: screen(
    'product',
    'screen-product',
    ['product'],
    () => import(/* webpackChunkName: "screen-product" */ './features/product/components/product-page'),
  ),
  subscriptionPlans: screen(
    'subscriptionPlans',
    'screen-subscription-plans',
    ['subscription-plans'],
    () => import(/* webpackChunkName: "screen-subscription-plans" */ './features/subscription-plans/components/subscription-plans-page'),
  ),
  subscriptionPlan: screen(
    'subscriptionPlan',
    'screen-subscription-plan',
    ['subscription-plans', 'marketing', 'checkout'],
    () => import(/* webpackChunkName: "screen-subscription-plan" */ './features/subscription-plans/components/subscription-plan-page'),
  ),
  about: screen('about', 'screen-about', ['about'], () => import(/* webpackChunkName: "screen-about" */ './features/about/components/about-page')),
  contact: screen(
    'contact',
    'screen-contact',
    ['contact'],
    () => import(/* webpackChunkName: "screen-contact" */ './features/contact/components/contact-page'),
  ),
  export: screen('export', 'screen-export', ['export'], () => import(/* webpackChunkName: "screen-export" */ './features/export/components/export-page')),
  wishlist: screen(
    'wishlist',
    'screen-wishlist',
    ['wishlist'],
    () => import(/* webpackChunkName: "screen-wishlist" */ './features/wishlist/components/wishlist-page'),
  ),
  cart: screen('cart', 'screen-cart', ['cart'], () => import(/* webpackChunkName: "screen-cart" */ './features/cart/components/cart-page')),
  checkout: screen(
    'checkout',
    'screen-checkout',
    ['checkout', 'cart'],
    () => import(/* webpackChunkName: "screen-checkout" */ './features/checkout/components/checkout-page'),
  ),
  myOrders: screen(
    'myOrders',
    'screen-my-orders',
    ['orders'],
    () => import(/* webpackChunkName: "screen-my-orders" */ './features/orders/components/my-orders-page'),
  ),
  orders: redirect('orders'),
  order: screen('order', 'screen-order', ['orders'], () => import(/* webpackChunkName: "screen-order" */ './features/orders/components/order-page')),
  subscriptions: screen(
    'subscriptions',
    'screen-subscriptions',
    ['subscriptions'],
    () => import(/* webpackChunkName: "screen-subscriptions" */ './features/subscriptions/components/subscriptions-page'),
  ),
};
const NotFoundPage = screen(
  null,
  'screen-not-found',
  ['marketing'],
  () => import(/* webpackChunkName: "screen-not-found" */ './features/marketing/components/not-found-page'),
);

function Loading() {
  const { t } = useLingui();
  return <Spinner label={t`Loading…`} />;
}

/** The storefront's route tree, exposed to the shell, in the language of the router's pages. */
export default function StorefrontRoutes() {
  return (
    <LanguageProvider language={useRouterLanguage()}>
      <StorefrontScreens />
    </LanguageProvider>
  );
}

function StorefrontScreens() {
  use(commonMessagesLoaded);
  return (
    // data-build tells operators (and the deployment test) which build of this remote is live.
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Suspense fallback={<Loading />}>
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
