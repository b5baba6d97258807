import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { Button, Notice } from '@thalir/ui';
import { requestPasswordReset } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';

type Outcome = { tone: 'success' | 'error'; text: string };

export default function ForgotPasswordPage() {
  const id = useId();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setOutcome({ tone: 'error', text: t`Please enter your email address.` });
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      const answer = await requestPasswordReset(email.trim());
      // Where the shop hands out the token itself (no mail configured), go straight to the form.
      if (answer.token) {
        navigate(`/reset-password/${encodeURIComponent(answer.token)}`);
        return;
      }
      setOutcome({ tone: 'success', text: answer.message || t`Reset link sent to your email.` });
    } catch (failure) {
      setOutcome({ tone: 'error', text: errorMessage(failure, t`Failed to send reset link.`) });
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={t`Forgot your password?`}
      intro={t`Enter the email you shop with and we will send you a link to choose a new password.`}
      footer={
        <p>
          <Trans>
            Remembered it? <Link to="/login">Back to login</Link>
          </Trans>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Forgot password`}>
        <AuthField id={`${id}-email`} label={t`Email`} type="email" autoComplete="email" required value={email} onChange={setEmail} />
        {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? t`Sending…` : t`Send reset link`}
        </Button>
      </form>
    </AuthLayout>
  );
}
