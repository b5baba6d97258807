import { lazy, Suspense, useContext, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@thalir/ui';
import { RenderedScreens } from './lib/rendered-screens';

/**
 * One chunk per screen, so a visitor downloads only the screen they open. The shell loads this module
 * early, alongside React; the screen for the address being opened starts loading right then, instead
 * of after the first render reaches its route. (`path` must be the path of the screen's <Route>.)
 * On the server, each screen drawn notes its chunk's name (as in its import's webpackChunkName), so
 * the page links that chunk's stylesheets (see server.tsx).
 */
function screen(path: string | null, chunk: string, load: () => Promise<{ default: ComponentType }>) {
  if (path && typeof window !== 'undefined' && matchPath(path, window.location.pathname)) void load().catch(() => undefined);
  const Screen = lazy(load);
  return function ScreenChunk() {
    useContext(RenderedScreens)?.add(chunk);
    return <Screen />;
  };
}

const HomePage = screen('/', 'screen-home', () => import(/* webpackChunkName: "screen-home" */ './features/marketing/components/home-page'));
const AboutPage = screen('/about', 'screen-about', () => import(/* webpackChunkName: "screen-about" */ './features/marketing/components/about-page'));
const NotFoundPage = screen(null, 'screen-not-found', () => import(/* webpackChunkName: "screen-not-found" */ './features/marketing/components/not-found-page'));
const ContactPage = screen('/contact', 'screen-contact', () => import(/* webpackChunkName: "screen-contact" */ './features/contact/components/contact-page'));
const ExportPage = screen('/export', 'screen-export', () => import(/* webpackChunkName: "screen-export" */ './features/export/components/export-page'));
const ProductsPage = screen('/products', 'screen-products', () => import(/* webpackChunkName: "screen-products" */ './features/catalog/components/products-page'));
const ProductPage = screen('/product/:id', 'screen-product', () => import(/* webpackChunkName: "screen-product" */ './features/product/components/product-page'));
const WishlistPage = screen('/wishlist', 'screen-wishlist', () => import(/* webpackChunkName: "screen-wishlist" */ './features/wishlist/components/wishlist-page'));
const CartPage = screen('/cart', 'screen-cart', () => import(/* webpackChunkName: "screen-cart" */ './features/cart/components/cart-page'));
const CheckoutPage = screen('/checkout', 'screen-checkout', () => import(/* webpackChunkName: "screen-checkout" */ './features/checkout/components/checkout-page'));
const MyOrdersPage = screen('/my-orders', 'screen-my-orders', () => import(/* webpackChunkName: "screen-my-orders" */ './features/orders/components/my-orders-page'));
const OrderPage = screen('/order/:id', 'screen-order', () => import(/* webpackChunkName: "screen-order" */ './features/orders/components/order-page'));

/** The storefront's route tree, exposed to the shell. */
export default function StorefrontRoutes() {
  return (
    // data-build tells operators (and the deployment test) which build of this remote is live.
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/export" element={<ExportPage />} />
          <Route path="/products" element={<ProductsPage />} />
          <Route path="/product/:id" element={<ProductPage />} />
          <Route path="/wishlist" element={<WishlistPage />} />
          <Route path="/cart" element={<CartPage />} />
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/my-orders" element={<MyOrdersPage />} />
          {/* The footer and the mobile menu link to /orders: the same list of the customer's orders. */}
          <Route path="/orders" element={<Navigate to="/my-orders" replace />} />
          <Route path="/order/:id" element={<OrderPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}
