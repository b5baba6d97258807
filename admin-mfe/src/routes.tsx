import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { AdminLayout } from './components/admin-layout';
import { NotAllowedPage } from './components/not-allowed-page';
import { AccessProvider, useAccess } from './features/access';
import { ADMIN_HOME, ADMIN_SCREENS, useAllowedScreens, type AdminScreen } from './screens';

const NotFoundPage = lazy(() => import('./components/not-found-page'));

/** A screen for the roles whose permissions include its own; a clear refusal, with the way to their screens, for the others. */
function Screen({ screen }: { screen: AdminScreen }) {
  const { can } = useAccess();
  if (!can(screen.permission)) return <NotAllowedPage title={screen.label} />;
  return <screen.Page />;
}

/** /admin: the dashboard for those who see reports, else the first screen the role may open (My stops for delivery). */
function AdminHome() {
  const [first] = useAllowedScreens();
  if (!first) return <NotAllowedPage title="Back office" />;
  if (first.to === ADMIN_HOME) return <first.Page />;
  return <Navigate to={first.to} replace />;
}

/**
 * The back office's route tree under /admin, exposed to the shell. Staff get in, each role seeing the
 * screens its permissions (from GET /api/users/profile) allow; customers and visitors are sent home on
 * every screen. The API refuses calls a role may not make anyway: this only spares people a broken page.
 */
export default function AdminRoutes() {
  const { isStaff, token } = useAuth();
  if (!isStaff) return <Navigate to="/" replace />;
  return (
    // Another sign-in in this tab is another person: their permissions are asked for afresh.
    <AccessProvider key={token}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<AdminHome />} />
          {ADMIN_SCREENS.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<Screen screen={screen} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AccessProvider>
  );
}
