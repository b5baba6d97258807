import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@thalir/ui';
import './admin-layout.css';

const SCREENS = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/offers', label: 'Offers' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/deliveries', label: 'Deliveries' },
  { to: '/admin/delivery-charges', label: 'Delivery settings' },
  { to: '/admin/contact', label: 'Contact' },
  { to: '/admin/enquiries', label: 'Enquiries' },
  { to: '/admin/stats', label: 'Stats' },
  { to: '/admin/gst-report', label: 'GST report' },
  { to: '/admin/emails', label: 'Emails' },
  { to: '/admin/releases', label: 'Releases' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/** /admin and /admin/dashboard are the same screen, so both light up the Dashboard link. */
function isCurrent(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/admin') return path === '/admin' || path === '/admin/dashboard';
  return path === to || path.startsWith(`${to}/`);
}

export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul className="admin-nav__list">
        {SCREENS.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className="admin-nav__link" aria-current={isCurrent(to, pathname) ? 'page' : undefined}>
              {label}
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
  const screen = SCREENS.find(({ to }) => isCurrent(to, pathname));
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
