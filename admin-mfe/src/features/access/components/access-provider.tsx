import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import { getAuth, signIn } from '@thalir/auth';
import { PERMISSIONS, type Permission, type UserPublic } from '@thalir/contracts';
import { Button, Notice, Spinner } from '@thalir/ui';
import { fetchProfile } from '../api/profile';
import { AccessContext, type Access } from './access-context';

type Load = { state: 'loading' } | { state: 'ready'; user: UserPublic } | { state: 'failed'; text: string; signInAgain: boolean };

/** An API from before staff roles sends no permissions: its only staff, the owner, may do everything. */
function permissionsOf(user: UserPublic): readonly Permission[] {
  if (Array.isArray(user.permissions)) return user.permissions;
  return user.role === 'admin' ? PERMISSIONS : [];
}

/**
 * Asks the API once per mount what the signed-in person may do (GET /api/users/profile), shows the
 * spinner until it knows, then gives every screen below `useAccess()`. The API still checks every call;
 * this only keeps people away from screens that would answer them 403.
 */
export function AccessProvider({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchProfile(controller.signal).then(
      (user) => {
        setLoad({ state: 'ready', user });
        // The role may have changed since sign-in (the owner changed it): the rest of the site follows the server.
        const { token, role } = getAuth();
        if (token && user.role && user.role !== role) signIn(token, user.role);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A session that ended (sign-out elsewhere, deactivated, a changed password): as the profile page does, say so and offer the login.
        const signInAgain = error instanceof ApiRequestError && error.status === 401;
        setLoad({ state: 'failed', text: errorMessage(error, 'Could not load what your role may open.'), signInAgain });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const access = useMemo<Access | null>(() => {
    if (load.state !== 'ready') return null;
    const permissions = permissionsOf(load.user);
    return { userId: load.user._id, role: load.user.role, permissions, can: (permission) => permissions.includes(permission) };
  }, [load]);

  if (load.state === 'failed') {
    return (
      <section className="container page" aria-labelledby="access-title">
        <h1 id="access-title">Back office</h1>
        <Notice tone="error">
          <span>{load.text}</span>
          {load.signInAgain && (
            <span>
              {' '}
              <Link to="/login">Go to login</Link>
            </span>
          )}
        </Notice>
        {!load.signInAgain && (
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        )}
      </section>
    );
  }
  if (!access) {
    return (
      <div className="container">
        <Spinner label="Loading the back office…" />
      </div>
    );
  }
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}
