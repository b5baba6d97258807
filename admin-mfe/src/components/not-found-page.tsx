import { Link } from 'react-router-dom';
import { ADMIN_HOME, useAllowedScreens } from '../screens';

export default function AdminNotFoundPage() {
  // Back to where /admin takes this role: the dashboard, or the first screen it may open.
  const [first] = useAllowedScreens();
  return (
    <section className="container page">
      <h1>Page not found</h1>
      <p>There is no back-office screen at this address.</p>
      {first && <Link to={first.to}>{first.to === ADMIN_HOME ? 'Back to the dashboard' : `Back to ${first.label}`}</Link>}
    </section>
  );
}
