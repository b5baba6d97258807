import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { Spinner } from '@thalir/ui';
import './app.css';
import { Footer } from '../features/navigation/footer';
import { Header } from '../features/navigation/header';
import { RemoteRoutes } from '../remotes/remote-routes';

// The shell's own screens load on demand, so the home page's first load stays small.
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const ProfilePage = lazy(() => import('../features/account/components/profile-page'));
const FaqPage = lazy(() => import('../features/faq/components/faq-page'));

function page(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Screen />
    </Suspense>
  );
}

/** Non-admins are sent home before the back office's code is fetched: customers never download it. */
function AdminArea() {
  const { isAdmin } = useAuth();
  return isAdmin ? <RemoteRoutes key="admin" remote="admin_mfe" /> : <Navigate to="/" replace />;
}

/** The page: header, the screen for the address, footer. Inside a router: the browser's (App) or the server's. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main">
        <Routes>
          <Route path="/login" element={page(LoginPage)} />
          <Route path="/register" element={page(RegisterPage)} />
          <Route path="/forgot-password" element={page(ForgotPasswordPage)} />
          <Route path="/reset-password/:resetToken" element={page(ResetPasswordPage)} />
          <Route path="/profile" element={page(ProfilePage)} />
          <Route path="/faq" element={page(FaqPage)} />
          {/* Keys keep React from reusing one remote's tree for the other. */}
          <Route path="/admin/*" element={<AdminArea />} />
          <Route path="*" element={<RemoteRoutes key="storefront" remote="storefront_mfe" />} />
        </Routes>
      </main>
      <Footer />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Layout />
    </BrowserRouter>
  );
}
