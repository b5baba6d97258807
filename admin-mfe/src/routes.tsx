import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { AdminLayout } from './components/admin-layout';

// One chunk per screen: the charts library, the heaviest part, loads only with /admin/stats.
const DashboardPage = lazy(() => import('./features/dashboard/components/dashboard-page'));
const ProductsPage = lazy(() => import('./features/products/components/products-page'));
const OffersPage = lazy(() => import('./features/offers/components/offers-page'));
const OrdersPage = lazy(() => import('./features/orders/components/orders-page'));
const ContactPage = lazy(() => import('./features/contacts/components/contact-page'));
const StatsPage = lazy(() => import('./features/stats/components/stats-page'));
const GstReportPage = lazy(() => import('./features/gst-report/components/gst-report-page'));
const EmailsPage = lazy(() => import('./features/emails/components/emails-page'));
const DeliveriesPage = lazy(() => import('./features/deliveries/components/deliveries-page'));
const DeliveryChargesPage = lazy(() => import('./features/delivery-charges/components/delivery-charges-page'));
const EnquiriesPage = lazy(() => import('./features/enquiries/components/enquiries-page'));
const ReleasesPage = lazy(() => import('./features/releases/components/releases-page'));
const AuditPage = lazy(() => import('./features/audit/components/audit-page'));
const NotFoundPage = lazy(() => import('./components/not-found-page'));

/**
 * The back office's route tree under /admin, exposed to the shell. Non-admins are sent home on every
 * screen (/admin/contact included); the API refuses their calls anyway, this only spares them a broken page.
 */
export default function AdminRoutes() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="offers" element={<OffersPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="stats" element={<StatsPage />} />
        <Route path="gst-report" element={<GstReportPage />} />
        <Route path="emails" element={<EmailsPage />} />
        <Route path="deliveries" element={<DeliveriesPage />} />
        <Route path="delivery-charges" element={<DeliveryChargesPage />} />
        <Route path="enquiries" element={<EnquiriesPage />} />
        <Route path="releases" element={<ReleasesPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
