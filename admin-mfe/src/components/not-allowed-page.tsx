import { Link } from 'react-router-dom';
import { STAFF_ROLE_LABELS, type Role } from '@thalir/contracts';
import { Notice } from '@thalir/ui';
import { useAccess } from '../features/access';
import { useAllowedScreens } from '../screens';

function roleName(role: Role): string {
  return role === 'customer' ? 'Customer' : STAFF_ROLE_LABELS[role];
}

/**
 * In place of a screen the signed-in person's role may not open (`title`: that screen's name), or of
 * the dashboard when the role opens no screen at all: says so, and links to the screens it can open.
 */
export function NotAllowedPage({ title }: { title: string }) {
  const { role } = useAccess();
  const screens = useAllowedScreens();
  return (
    <section className="container page" aria-labelledby="not-allowed-title">
      <h1 id="not-allowed-title">{title}</h1>
      <Notice tone="info">
        {screens.length > 0
          ? `Your role (${roleName(role)}) cannot open this screen.`
          : `Your role (${roleName(role)}) has no back-office screens. Ask the shop’s owner if you need one.`}
      </Notice>
      {screens.length > 0 && (
        <nav aria-label="Screens you can open">
          <p>Screens you can open:</p>
          <ul>
            {screens.map((screen) => (
              <li key={screen.to}>
                <Link to={screen.to}>{screen.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
