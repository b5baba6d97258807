import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@thalir/ui';

/**
 * One chunk per screen, so a visitor downloads only the screen they open. The shell loads this module
 * early, alongside React; the screen for the address being opened starts loading right then, instead
 * of after the first render reaches its route. (`path` must be the path of the screen's <Route>.)
 */
const openedScreens: Promise<unknown>[] = [];

function screen(path: string, load: () => Promise<{ default: ComponentType }>) {
  if (matchPath(path, window.location.pathname)) openedScreens.push(load());
  return lazy(load);
}

const HomePage = screen('/', () => import('./features/marketing/components/home-page'));
const AboutPage = screen('/about', () => import('./features/marketing/components/about-page'));
const NotFoundPage = lazy(() => import('./features/marketing/components/not-found-page'));
const ContactPage = screen('/contact', () => import('./features/contact/components/contact-page'));
const ExportPage = screen('/export', () => import('./features/export/components/export-page'));
const ProductsPage = screen('/products', () => import('./features/catalog/components/products-page'));
const ProductPage = screen('/product/:id', () => import('./features/product/components/product-page'));
const WishlistPage = screen('/wishlist', () => import('./features/wishlist/components/wishlist-page'));
const CartPage = screen('/cart', () => import('./features/cart/components/cart-page'));
const CheckoutPage = screen('/checkout', () => import('./features/checkout/components/checkout-page'));
const MyOrdersPage = screen('/my-orders', () => import('./features/orders/components/my-orders-page'));
const OrderPage = screen('/order/:id', () => import('./features/orders/components/order-page'));

/**
 * Settles once the code of the screen being opened is there (or failed to come: the lazy component
 * then reports it when it renders). The shell waits for it before its first render when the page
 * already shows that screen's first paint (shell/src/main.ts), so React replaces it in one go.
 */
export const screenReady: Promise<void> = Promise.allSettled(openedScreens).then(() => undefined);

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
