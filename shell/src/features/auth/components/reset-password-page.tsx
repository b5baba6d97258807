import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { Button, Notice } from '@thalir/ui';
import { resetPassword } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblem, PASSWORD_HINT } from './auth-rules';

/** The spec's pause on the success message before going to sign in. */
export const REDIRECT_AFTER_RESET_MS = 2000;

type Outcome = { tone: 'success' | 'error'; text: string };

export default function ResetPasswordPage() {
  const id = useId();
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
    const problem = !password || !confirmPassword ? 'Please enter your new password twice.' : newPasswordProblem(password, confirmPassword);
    if (problem) {
      setOutcome({ tone: 'error', text: problem });
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      await resetPassword(resetToken, password);
      setOutcome({ tone: 'success', text: 'Password updated successfully!' });
    } catch (failure) {
      setOutcome({ tone: 'error', text: errorMessage(failure, 'Failed to reset password.') });
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title="Choose a new password"
      intro="The link from your email works once, within 30 minutes."
      footer={
        <p>
          Link expired? <Link to="/forgot-password">Ask for a new one</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <AuthField
          id={`${id}-password`}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={PASSWORD_HINT}
          disabled={done}
          value={password}
          onChange={setPassword}
        />
        <AuthField
          id={`${id}-confirm`}
          label="Confirm new password"
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
                Taking you to <Link to="/login">login</Link>…
              </span>
            )}
          </Notice>
        )}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy || done}>
          {busy ? 'Updating…' : 'Update password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
