import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '@thalir/contracts';
import { useAccess } from './features/access';

export interface AdminScreen {
  /** The route under /admin. */
  path: string;
  /** Where the navigation links to: the dashboard is /admin itself. */
  to: string;
  label: string;
  /** What the signed-in person needs to open it (their `permissions`, from the API). */
  permission: Permission;
  Page: LazyExoticComponent<ComponentType>;
}

/** The address of the back office itself: the dashboard for those who see reports. */
export const ADMIN_HOME = '/admin';

/**
 * Every back-office screen, in the navigation's order, with the permission it needs: the one table that
 * both the navigation and the routes follow. One chunk per screen: the charts library, the heaviest
 * part, loads only with /admin/stats.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: 'dashboard',
    to: ADMIN_HOME,
    label: 'Dashboard',
    permission: 'reports',
    Page: lazy(() => import('./features/dashboard/components/dashboard-page')),
  },
  {
    path: 'products',
    to: '/admin/products',
    label: 'Products',
    permission: 'catalog',
    Page: lazy(() => import('./features/products/components/products-page')),
  },
  { path: 'offers', to: '/admin/offers', label: 'Offers', permission: 'catalog', Page: lazy(() => import('./features/offers/components/offers-page')) },
  {
    path: 'subscription-plans',
    to: '/admin/subscription-plans',
    label: 'Plans',
    permission: 'catalog',
    Page: lazy(() => import('./features/subscription-plans/components/plans-page')),
  },
  { path: 'orders', to: '/admin/orders', label: 'Orders', permission: 'orders.read', Page: lazy(() => import('./features/orders/components/orders-page')) },
  {
    path: 'deliveries',
    to: '/admin/deliveries',
    label: 'Deliveries',
    permission: 'orders.read',
    // Everyone who reads orders sees the run; only those who manage them assign its stops.
    Page: lazy(() =>
      import('./features/deliveries/components/deliveries-page').then(({ default: DeliveriesPage }) => ({
        default: function Deliveries() {
          return createElement(DeliveriesPage, { canAssign: useAccess().can('orders.manage') });
        },
      })),
    ),
  },
  {
    path: 'subscriptions',
    to: '/admin/subscriptions',
    label: 'Subscriptions',
    permission: 'orders.read',
    Page: lazy(() => import('./features/subscriptions/components/subscriptions-page')),
  },
  {
    path: 'subscriptions/forecast',
    to: '/admin/subscriptions/forecast',
    label: 'Forecast',
    permission: 'orders.read',
    Page: lazy(() => import('./features/subscriptions/components/forecast-page')),
  },
  {
    path: 'delivery-charges',
    to: '/admin/delivery-charges',
    label: 'Delivery settings',
    permission: 'shop',
    Page: lazy(() => import('./features/delivery-charges/components/delivery-charges-page')),
  },
  {
    path: 'contact',
    to: '/admin/contact',
    label: 'Contact',
    permission: 'orders.manage',
    Page: lazy(() => import('./features/contacts/components/contact-page')),
  },
  {
    path: 'enquiries',
    to: '/admin/enquiries',
    label: 'Enquiries',
    permission: 'orders.manage',
    Page: lazy(() => import('./features/enquiries/components/enquiries-page')),
  },
  { path: 'stats', to: '/admin/stats', label: 'Stats', permission: 'reports', Page: lazy(() => import('./features/stats/components/stats-page')) },
  {
    path: 'gst-report',
    to: '/admin/gst-report',
    label: 'GST report',
    permission: 'reports',
    Page: lazy(() => import('./features/gst-report/components/gst-report-page')),
  },
  { path: 'emails', to: '/admin/emails', label: 'Emails', permission: 'shop', Page: lazy(() => import('./features/emails/components/emails-page')) },
  { path: 'releases', to: '/admin/releases', label: 'Releases', permission: 'shop', Page: lazy(() => import('./features/releases/components/releases-page')) },
  { path: 'audit', to: '/admin/audit', label: 'Audit log', permission: 'audit', Page: lazy(() => import('./features/audit/components/audit-page')) },
  { path: 'staff', to: '/admin/staff', label: 'Staff', permission: 'staff', Page: lazy(() => import('./features/staff/components/staff-page')) },
  { path: 'stops', to: '/admin/stops', label: 'My stops', permission: 'stops', Page: lazy(() => import('./features/stops/components/stops-page')) },
];

/** The screens the signed-in person's role may open, in the navigation's order. */
export function useAllowedScreens(): readonly AdminScreen[] {
  const { can } = useAccess();
  return ADMIN_SCREENS.filter((screen) => can(screen.permission));
}

function isAtOrUnder(screen: AdminScreen, path: string): boolean {
  if (screen.to === ADMIN_HOME) return path === ADMIN_HOME || path === `${ADMIN_HOME}/${screen.path}`;
  return path === screen.to || path.startsWith(`${screen.to}/`);
}

/**
 * /admin and /admin/dashboard are the same screen, so both light up the Dashboard link. A screen whose
 * address is under another's (the forecast under subscriptions) lights up alone.
 */
export function isCurrentScreen(screen: AdminScreen, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return isAtOrUnder(screen, path) && !ADMIN_SCREENS.some((other) => other.to.length > screen.to.length && isAtOrUnder(other, path));
}
