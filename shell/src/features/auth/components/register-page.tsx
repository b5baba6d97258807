import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { signIn } from '@thalir/auth';
import { Button, Notice } from '@thalir/ui';
import { register } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblem, PASSWORD_HINT } from './auth-rules';

interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

function problemWith(form: RegisterForm): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.password) return 'Please fill in your name, email and password.';
  return newPasswordProblem(form.password, form.confirmPassword);
}

export default function RegisterPage() {
  const id = useId();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>({ name: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof RegisterForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(form);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { token, user } = await register({ name: form.name.trim(), email: form.email.trim(), password: form.password });
      signIn(token, user.role);
      navigate('/');
    } catch (failure) {
      setError(errorMessage(failure, 'Registration failed'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      intro="Keep a wishlist, check out faster and follow every order from our greenhouse to your door."
      footer={
        <p>
          Already have an account? <Link to="/login">Login</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <AuthField id={`${id}-name`} label="Name" autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />
        <AuthField id={`${id}-email`} label="Email" type="email" autoComplete="email" required maxLength={254} value={form.email} onChange={set('email')} />
        <AuthField
          id={`${id}-password`}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={PASSWORD_HINT}
          value={form.password}
          onChange={set('password')}
        />
        <AuthField
          id={`${id}-confirm`}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </Button>
      </form>
    </AuthLayout>
  );
}
