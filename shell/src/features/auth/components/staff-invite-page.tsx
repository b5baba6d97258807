import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { signIn } from '@thalir/auth';
import { STAFF_ROLE_LABELS, type StaffInvitePreview } from '@thalir/contracts';
import { Button, formatCalendarDate, formatDateTime, Notice, Spinner, useLanguage } from '@thalir/ui';
import { acceptStaffInvite, fetchStaffInvite } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblem, passwordHint } from './auth-rules';

const pad = (value: number) => String(value).padStart(2, '0');

/** "26 Nov 2026, 5:30 pm"; in Tamil "26 நவ., 2026, 5:30 PM", as Intl's ta-IN writes the time (the viewer's time). */
function momentIn(iso: string, language: ReturnType<typeof useLanguage>): string {
  if (language === 'en') return formatDateTime(iso);
  const moment = new Date(iso);
  const day = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
  const hours = moment.getHours();
  return `${formatCalendarDate(day, language)}, ${hours % 12 || 12}:${pad(moment.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Where the link in the invitation mail leads (/staff-invite/:token): the invitee sets a password and is signed in as staff. */
export default function StaffInvitePage() {
  const { token = '' } = useParams();
  // A new link starts afresh.
  return <Invitation key={token} token={token} />;
}

function Invitation({ token }: { token: string }) {
  const { t } = useLingui();
  const title = t`Join the back office`;
  const [invite, setInvite] = useState<StaffInvitePreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const loadFailed = t`Could not load your invitation.`;

  useEffect(() => {
    const controller = new AbortController();
    fetchStaffInvite(token, controller.signal)
      .then(setInvite)
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        setLoadError(errorMessage(error, loadFailed));
      });
    return () => controller.abort();
  }, [token, loadFailed]);

  if (loadError) {
    return (
      <AuthLayout title={title}>
        <Notice tone="error">{loadError}</Notice>
        <p>
          <Trans>
            Already set your password? <Link to="/login">Sign in</Link>. Otherwise ask the shop&rsquo;s owner for a new invitation.
          </Trans>
        </p>
      </AuthLayout>
    );
  }
  if (!invite) {
    return (
      <AuthLayout title={title}>
        <Spinner label={t`Loading your invitation…`} />
      </AuthLayout>
    );
  }
  return <AcceptForm token={token} invite={invite} />;
}

function AcceptForm({ token, invite }: { token: string; invite: StaffInvitePreview }) {
  const id = useId();
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const title = t`Join the back office`;
  const navigate = useNavigate();
  const [name, setName] = useState(invite.name);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The back office names its roles in English.
  const role = STAFF_ROLE_LABELS[invite.role];
  const expires = momentIn(invite.expiresAt, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !name.trim() || !password ? t`Please fill in your name and password.` : newPasswordProblem(i18n, password, confirmPassword);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { token: sessionToken, user } = await acceptStaffInvite(token, { password, name: name.trim() });
      signIn(sessionToken, user.role);
      // The link is used up: Back leads to where the invitee came from, not to a dead invitation.
      navigate('/admin', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, t`Could not set up your account.`));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={title}
      intro={
        <Trans>
          You have been invited to Thalir Blooms' back office as <strong lang={language === 'en' ? undefined : 'en'}>{role}</strong>. Choose a password to
          accept; the link works once, until {expires}.
        </Trans>
      }
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <AuthField
          id={`${id}-email`}
          label={t`Email`}
          type="email"
          autoComplete="username"
          readOnly
          hint={t`You will sign in with this address.`}
          value={invite.email}
          onChange={() => undefined}
        />
        <AuthField id={`${id}-name`} label={t`Name`} autoComplete="name" required maxLength={100} value={name} onChange={setName} />
        <AuthField
          id={`${id}-password`}
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={passwordHint(i18n)}
          value={password}
          onChange={setPassword}
        />
        <AuthField
          id={`${id}-confirm`}
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? t`Joining…` : title}
        </Button>
      </form>
    </AuthLayout>
  );
}
