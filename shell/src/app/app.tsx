import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN_PAGES, languageBasename, pageIds, SHELL_PAGES, splitLanguage } from '@thalir/pages';
import { LanguageProvider, PageTakeover, Spinner } from '@thalir/ui';
import './app.css';
import { Footer } from '../features/navigation/footer';
import { Header } from '../features/navigation/header';
import { RemoteRoutes } from '../remotes/remote-routes';
import { loadFeatureMessages } from './messages';

/** On the server: collects the chunk names of the shell's screens a page was drawn with (their stylesheets go with it). */
export const RenderedShellScreens = createContext<Set<string> | null>(null);

/**
 * The shell's own screens load on demand, so the home page's first load stays small, each with its
 * feature's messages. `chunk` is the import's webpackChunkName.
 */
function screen(chunk: string, feature: Parameters<typeof loadFeatureMessages>[0], load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(() => Promise.all([load(), loadFeatureMessages(feature)]).then(([module]) => module));
  return function ScreenChunk() {
    useContext(RenderedShellScreens)?.add(chunk);
    return <Screen />;
  };
}

type ShellScreens = Record<keyof typeof SHELL_PAGES, ComponentType>;

/** What each of the shell's pages in the manifest shows; the manifest gives their routes. */
const SCREENS: ShellScreens = {
  faq: screen('page-faq', 'faq', () => import(/* webpackChunkName: "page-faq" */ '../features/faq/components/faq-page')),
  login: screen('page-login', 'auth', () => import(/* webpackChunkName: "page-login" */ '../features/auth/components/login-page')),
  register: screen('page-register', 'auth', () => import(/* webpackChunkName: "page-register" */ '../features/auth/components/register-page')),
  forgotPassword: screen(
    'page-forgot-password',
    'auth',
    () => import(/* webpackChunkName: "page-forgot-password" */ '../features/auth/components/forgot-password-page'),
  ),
  resetPassword: screen(
    'page-reset-password',
    'auth',
    () => import(/* webpackChunkName: "page-reset-password" */ '../features/auth/components/reset-password-page'),
  ),
  profile: screen('page-profile', 'account', () => import(/* webpackChunkName: "page-profile" */ '../features/account/components/profile-page')),
  staffInvite: screen('page-staff-invite', 'auth', () => import(/* webpackChunkName: "page-staff-invite" */ '../features/auth/components/staff-invite-page')),
};

/** A shell screen; on a page the server drew, the app has taken it over once the screen is live (PageTakeover). */
function page(Screen: ComponentType) {
  return (
    <Suspense fallback={<Loading />}>
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

function Loading() {
  const { t } = useLingui();
  return <Spinner label={t`Loading…`} />;
}

/** The page: header, the screen for the address, footer. Inside a router: the browser's (App) or the server's. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
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

/** A page is in one language for its whole life: Tamil pages are the same routes under /ta. */
export function App() {
  const { language } = splitLanguage(window.location.pathname);
  return (
    <BrowserRouter basename={languageBasename(language)}>
      <LanguageProvider language={language}>
        <Layout />
      </LanguageProvider>
    </BrowserRouter>
  );
}
