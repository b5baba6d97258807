import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { signIn } from '@thalir/auth';
import { Button, Notice } from '@thalir/ui';
import { login } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';

export default function LoginPage() {
  const id = useId();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t`Please enter your email and password.`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { token, user } = await login({ email: email.trim(), password });
      signIn(token, user.role);
      navigate('/');
    } catch (failure) {
      setError(errorMessage(failure, t`Login failed`));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Login`}
      intro={t`Welcome back. Sign in to see your orders, wishlist and cart.`}
      footer={
        <p>
          <Trans>
            New to Thalir Blooms? <Link to="/register">Create an account</Link>
          </Trans>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Login`}>
        <AuthField id={`${id}-email`} label={t`Email`} type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <AuthField id={`${id}-password`} label={t`Password`} type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
        <p className="auth__aside">
          <Link to="/forgot-password">
            <Trans>Forgot your password?</Trans>
          </Link>
        </p>
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? t`Logging in…` : t`Login`}
        </Button>
      </form>
    </AuthLayout>
  );
}
