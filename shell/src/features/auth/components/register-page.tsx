import { useId, useState, type FormEvent } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { signIn } from '@thalir/auth';
import { Button, Notice, useLanguage } from '@thalir/ui';
import { register } from '../api/auth-api';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblem, passwordHint } from './auth-rules';

interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

function problemWith(i18n: I18n, form: RegisterForm): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.password) return i18n._(msg`Please fill in your name, email and password.`);
  return newPasswordProblem(i18n, form.password, form.confirmPassword);
}

export default function RegisterPage() {
  const id = useId();
  const { i18n, t } = useLingui();
  // The account's language for its mails and invoices: the one the customer registers in.
  const language = useLanguage();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>({ name: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof RegisterForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(i18n, form);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { token, user } = await register({ name: form.name.trim(), email: form.email.trim(), password: form.password, language });
      signIn(token, user.role);
      navigate('/');
    } catch (failure) {
      setError(errorMessage(failure, t`Registration failed`));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Create your account`}
      intro={t`Keep a wishlist, check out faster and follow every order from our greenhouse to your door.`}
      footer={
        <p>
          <Trans>
            Already have an account? <Link to="/login">Login</Link>
          </Trans>
        </p>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Create your account`}>
        <AuthField id={`${id}-name`} label={t`Name`} autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />
        <AuthField id={`${id}-email`} label={t`Email`} type="email" autoComplete="email" required maxLength={254} value={form.email} onChange={set('email')} />
        <AuthField
          id={`${id}-password`}
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={passwordHint(i18n)}
          value={form.password}
          onChange={set('password')}
        />
        <AuthField
          id={`${id}-confirm`}
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" size="lg" className="auth__submit" disabled={busy}>
          {busy ? t`Registering…` : t`Register`}
        </Button>
      </form>
    </AuthLayout>
  );
}
