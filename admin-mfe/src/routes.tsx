import { Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { DashboardPage } from './features/dashboard/components/dashboard-page';

/** The back office's route tree under /admin, exposed to the shell. Non-admins are sent home. */
export default function AdminRoutes() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
    </Routes>
  );
}
