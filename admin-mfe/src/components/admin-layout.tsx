import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@thalir/ui';
import { ADMIN_SCREENS, isCurrentScreen, useAllowedScreens } from '../screens';
import './admin-layout.css';

/** The screens the signed-in person's role may open (the API's `permissions`), and no others. */
export function AdminNav() {
  const { pathname } = useLocation();
  const screens = useAllowedScreens();
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul className="admin-nav__list">
        {screens.map((screen) => (
          <li key={screen.to}>
            <Link to={screen.to} className="admin-nav__link" aria-current={isCurrentScreen(screen, pathname) ? 'page' : undefined}>
              {screen.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every back-office screen: its title, the sub-navigation, then the screen, whose code loads on first visit. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const screen = ADMIN_SCREENS.find((candidate) => isCurrentScreen(candidate, pathname));
  return (
    <div className="admin-layout">
      <title>{`${screen?.label ?? 'Page not found'} · Back office · Thalir Blooms`}</title>
      <div className="container">
        <AdminNav />
      </div>
      <Suspense
        fallback={
          <div className="container">
            <Spinner label="Loading…" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
