import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { ADMIN_PAGES, pageIds, SHELL_PAGES } from '@thalir/pages';
import { PageTakeover, Spinner } from '@thalir/ui';
import './app.css';
import { Footer } from '../features/navigation/footer';
import { Header } from '../features/navigation/header';
import { RemoteRoutes } from '../remotes/remote-routes';

/** On the server: collects the chunk names of the shell's screens a page was drawn with (their stylesheets go with it). */
export const RenderedShellScreens = createContext<Set<string> | null>(null);

/** The shell's own screens load on demand, so the home page's first load stays small. `chunk` is the import's webpackChunkName. */
function screen(chunk: string, load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return function ScreenChunk() {
    useContext(RenderedShellScreens)?.add(chunk);
    return <Screen />;
  };
}

type ShellScreens = Record<keyof typeof SHELL_PAGES, ComponentType>;

/** What each of the shell's pages in the manifest shows; the manifest gives their routes. */
const SCREENS: ShellScreens = {
  faq: screen('page-faq', () => import(/* webpackChunkName: "page-faq" */ '../features/faq/components/faq-page')),
  login: screen('page-login', () => import(/* webpackChunkName: "page-login" */ '../features/auth/components/login-page')),
  register: screen('page-register', () => import(/* webpackChunkName: "page-register" */ '../features/auth/components/register-page')),
  forgotPassword: screen(
    'page-forgot-password',
    () => import(/* webpackChunkName: "page-forgot-password" */ '../features/auth/components/forgot-password-page'),
  ),
  resetPassword: screen('page-reset-password', () => import(/* webpackChunkName: "page-reset-password" */ '../features/auth/components/reset-password-page')),
  profile: screen('page-profile', () => import(/* webpackChunkName: "page-profile" */ '../features/account/components/profile-page')),
  staffInvite: screen('page-staff-invite', () => import(/* webpackChunkName: "page-staff-invite" */ '../features/auth/components/staff-invite-page')),
};

/** A shell screen; on a page the server drew, the app has taken it over once the screen is live (PageTakeover). */
function page(Screen: ComponentType) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Screen />
      <PageTakeover />
    </Suspense>
  );
}

/**
 * Visitors and customers are sent home before the back office's code is fetched: they never download it.
 * Every staff role gets it; the back office shows each only the screens its permissions allow.
 */
function AdminArea() {
  const { isStaff } = useAuth();
  return isStaff ? <RemoteRoutes key="admin" remote="admin_mfe" /> : <Navigate to="/" replace />;
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
          {pageIds(SHELL_PAGES).map((id) => (
            <Route key={id} path={SHELL_PAGES[id].path} element={page(SCREENS[id])} />
          ))}
          {/* Keys keep React from reusing one remote's tree for the other. */}
          <Route path={ADMIN_PAGES.admin.path} element={<AdminArea />} />
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
