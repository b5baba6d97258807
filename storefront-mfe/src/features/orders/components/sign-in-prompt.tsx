import { Link, useLocation } from 'react-router-dom';

export function SignInPrompt({ children }: { children: string }) {
  const location = useLocation();
  return (
    <div className="card orders-signin">
      <p>{children}</p>
      <Link to="/login" state={{ from: location.pathname }} className="btn btn--primary btn--md">
        Log in
      </Link>
    </div>
  );
}
