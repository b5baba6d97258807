import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import './sign-in-prompt.css';

/** A page of the customer's own (orders, subscriptions) asks a signed-out visitor to log in, and brings them back after. */
export function SignInPrompt({ children }: { children: string }) {
  const location = useLocation();
  return (
    <div className="card sign-in-prompt">
      <p>{children}</p>
      <Link to="/login" state={{ from: location.pathname }} className="btn btn--primary btn--md">
        <Trans>Log in</Trans>
      </Link>
    </div>
  );
}
