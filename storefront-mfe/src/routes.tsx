import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@thalir/ui';

// One chunk per screen, so a visitor downloads only the screen they open.
const HomePage = lazy(() => import('./features/marketing/components/home-page'));
const AboutPage = lazy(() => import('./features/marketing/components/about-page'));
const NotFoundPage = lazy(() => import('./features/marketing/components/not-found-page'));
const ContactPage = lazy(() => import('./features/contact/components/contact-page'));
const ProductsPage = lazy(() => import('./features/catalog/components/products-page'));
const ProductPage = lazy(() => import('./features/product/components/product-page'));
const WishlistPage = lazy(() => import('./features/wishlist/components/wishlist-page'));
const CartPage = lazy(() => import('./features/cart/components/cart-page'));
const CheckoutPage = lazy(() => import('./features/checkout/components/checkout-page'));
const MyOrdersPage = lazy(() => import('./features/orders/components/my-orders-page'));
const OrderPage = lazy(() => import('./features/orders/components/order-page'));

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
