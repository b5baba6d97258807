import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { signIn } from '@thalir/auth';
import { STAFF_ROLE_LABELS, type StaffInvitePreview } from '@thalir/contracts';
import { Button, formatDateTime, Notice, Spinner } from '@thalir/ui';
import { acceptStaffInvite, fetchStaffInvite } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblem, PASSWORD_HINT } from './auth-rules';

const TITLE = 'Join the back office';

/** Where the link in the invitation mail leads (/staff-invite/:token): the invitee sets a password and is signed in as staff. */
export default function StaffInvitePage() {
  const { token = '' } = useParams();
  // A new link starts afresh.
  return <Invitation key={token} token={token} />;
}

function Invitation({ token }: { token: string }) {
  const [invite, setInvite] = useState<StaffInvitePreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchStaffInvite(token, controller.signal)
      .then(setInvite)
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        setLoadError(errorMessage(error, 'Could not load your invitation.'));
      });
    return () => controller.abort();
  }, [token]);

  if (loadError) {
    return (
      <AuthLayout title={TITLE}>
        <Notice tone="error">{loadError}</Notice>
        <p>
          Already set your password? <Link to="/login">Sign in</Link>. Otherwise ask the shop&rsquo;s owner for a new invitation.
        </p>
      </AuthLayout>
    );
  }
  if (!invite) {
    return (
      <AuthLayout title={TITLE}>
        <Spinner label="Loading your invitation…" />
      </AuthLayout>
    );
  }
  return <AcceptForm token={token} invite={invite} />;
}

function AcceptForm({ token, invite }: { token: string; invite: StaffInvitePreview }) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState(invite.name);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !name.trim() || !password ? 'Please fill in your name and password.' : newPasswordProblem(password, confirmPassword);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { token: sessionToken, user } = await acceptStaffInvite(token, { password, name: name.trim() });
      signIn(sessionToken, user.role);
      // The link is used up: Back leads to where the invitee came from, not to a dead invitation.
      navigate('/admin', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not set up your account.'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={TITLE}
      intro={
        <>
          {"You have been invited to Thalir Blooms' back office as "}
          <strong>{STAFF_ROLE_LABELS[invite.role]}</strong>. Choose a password to accept; the link works once, until {formatDateTime(invite.expiresAt)}.
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label={TITLE}>
        <AuthField
          id={`${id}-email`}
          label="Email"
          type="email"
          autoComplete="username"
          readOnly
          hint="You will sign in with this address."
          value={invite.email}
          onChange={() => undefined}
        />
        <AuthField id={`${id}-name`} label="Name" autoComplete="name" required maxLength={100} value={name} onChange={setName} />
        <AuthField
          id={`${id}-password`}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={PASSWORD_HINT}
          value={password}
          onChange={setPassword}
        />
        <AuthField
          id={`${id}-confirm`}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? 'Joining…' : TITLE}
        </Button>
      </form>
    </AuthLayout>
  );
}
