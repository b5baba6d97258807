import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { Button, Notice } from '@thalir/ui';
import { resetPassword } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblem, passwordHint } from './auth-rules';

/** The spec's pause on the success message before going to sign in. */
export const REDIRECT_AFTER_RESET_MS = 2000;

type Outcome = { tone: 'success' | 'error'; text: string };

export default function ResetPasswordPage() {
  const id = useId();
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const { resetToken = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const done = outcome?.tone === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !password || !confirmPassword ? t`Please enter your new password twice.` : newPasswordProblem(i18n, password, confirmPassword);
    if (problem) {
      setOutcome({ tone: 'error', text: problem });
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      await resetPassword(resetToken, password);
      setOutcome({ tone: 'success', text: t`Password updated successfully!` });
    } catch (failure) {
      setOutcome({ tone: 'error', text: errorMessage(failure, t`Failed to reset password.`) });
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={t`Choose a new password`}
      intro={t`The link from your email works once, within 30 minutes.`}
      footer={
        <p>
          <Trans>
            Link expired? <Link to="/forgot-password">Ask for a new one</Link>
          </Trans>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Choose a new password`}>
        <AuthField
          id={`${id}-password`}
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={passwordHint(i18n)}
          disabled={done}
          value={password}
          onChange={setPassword}
        />
        <AuthField
          id={`${id}-confirm`}
          label={t`Confirm new password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          disabled={done}
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        {outcome && (
          <Notice tone={outcome.tone}>
            <span>{outcome.text}</span>
            {done && (
              <span>
                {' '}
                <Trans>
                  Taking you to <Link to="/login">login</Link>…
                </Trans>
              </span>
            )}
          </Notice>
        )}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy || done}>
          {busy ? t`Updating…` : t`Update password`}
        </Button>
      </form>
    </AuthLayout>
  );
}
