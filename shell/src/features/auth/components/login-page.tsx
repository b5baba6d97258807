import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { signIn } from '@thalir/auth';
import { Button, Notice } from '@thalir/ui';
import { login } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';

export default function LoginPage() {
  const id = useId();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your email and password.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { token, user } = await login({ email: email.trim(), password });
      signIn(token, user.role);
      navigate('/');
    } catch (failure) {
      setError(errorMessage(failure, 'Login failed'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Login"
      intro="Welcome back. Sign in to see your orders, wishlist and cart."
      footer={
        <p>
          New to Thalir Blooms? <Link to="/register">Create an account</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Login">
        <AuthField id={`${id}-email`} label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <AuthField id={`${id}-password`} label="Password" type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
        <p className="auth__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </Button>
      </form>
    </AuthLayout>
  );
}
