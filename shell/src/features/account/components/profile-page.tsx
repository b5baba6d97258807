import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import { signIn, signOut, useAuth } from '@thalir/auth';
import type { ProfileUpdateRequest } from '@thalir/contracts';
import { Button, Notice, Spinner } from '@thalir/ui';
import { fetchProfile, updateProfile } from '../api/profile-api';
import { AccountData } from './account-data';
import './profile.css';

const PASSWORD_MIN_LENGTH = 8;

interface ProfileForm {
  name: string;
  email: string;
  address: string;
  password: string;
  currentPassword: string;
}

type Outcome = { tone: 'success' | 'error'; text: string; detail?: string };

export default function ProfilePage() {
  const { isSignedIn } = useAuth();
  // Set when the account was just deleted: the goodbye shows instead of the redirect a sign-out brings.
  const [farewell, setFarewell] = useState<string | null>(null);
  if (farewell) return <Farewell message={farewell} />;
  if (!isSignedIn) return <Navigate to="/login" replace />;
  return (
    <Profile
      onDeleted={(message) => {
        setFarewell(message);
        signOut();
      }}
    />
  );
}

function Profile({ onDeleted }: { onDeleted: (message: string) => void }) {
  const id = useId();
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [loadError, setLoadError] = useState<{ text: string; signInAgain: boolean } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal)
      .then((user) => setForm({ name: user.name, email: user.email, address: user.address, password: '', currentPassword: '' }))
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        const signInAgain = error instanceof ApiRequestError && error.status === 401;
        setLoadError({ text: errorMessage(error, 'Could not load your profile.'), signInAgain });
      });
    return () => controller.abort();
  }, []);

  if (loadError) {
    return (
      <ProfileFrame>
        <Notice tone="error">
          <span>{loadError.text}</span>
          {loadError.signInAgain && (
            <span>
              {' '}
              <Link to="/login">Go to login</Link>
            </span>
          )}
        </Notice>
      </ProfileFrame>
    );
  }
  if (!form) {
    return (
      <ProfileFrame>
        <Spinner label="Loading your profile…" />
      </ProfileFrame>
    );
  }

  const set = (field: 'name' | 'address' | 'password' | 'currentPassword') => (event: { target: { value: string } }) =>
    setForm((current) => current && { ...current, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !form.name.trim()
      ? 'Name is required'
      : form.password && form.password.length < PASSWORD_MIN_LENGTH
        ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
        : form.password && !form.currentPassword
          ? 'Enter your current password to choose a new one'
          : null;
    if (problem) {
      setOutcome({ tone: 'error', text: 'Update failed', detail: problem });
      return;
    }
    setOutcome(null);
    setSaving(true);
    const changes: ProfileUpdateRequest = { name: form.name.trim(), address: form.address.trim() };
    if (form.password) Object.assign(changes, { password: form.password, currentPassword: form.currentPassword });
    try {
      const { user, token } = await updateProfile(changes);
      // A new password ended every other session; this one carries on with the token it was given.
      if (token) signIn(token, user.role);
      setForm({ name: user.name, email: user.email, address: user.address, password: '', currentPassword: '' });
      setOutcome({
        tone: 'success',
        text: 'Profile updated successfully!',
        detail: token ? 'Your password has changed; any other device signed in to your account has been signed out.' : undefined,
      });
    } catch (error) {
      const detail = error instanceof ApiRequestError ? error.body?.message : undefined;
      setOutcome({ tone: 'error', text: 'Update failed', detail });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileFrame>
      <form className="card profile__form" onSubmit={submit} noValidate aria-label="Your profile">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" readOnly aria-describedby={`${id}-email-hint`} value={form.email} />
          <small id={`${id}-email-hint`} className="profile__hint">
            Your email is your sign-in name and cannot be changed here.
          </small>
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>Delivery address</label>
          <textarea id={`${id}-address`} autoComplete="street-address" rows={4} maxLength={500} value={form.address} onChange={set('address')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>New password (optional)</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            maxLength={128}
            aria-describedby={`${id}-password-hint`}
            value={form.password}
            onChange={set('password')}
          />
          <small id={`${id}-password-hint`} className="profile__hint">
            Leave empty to keep your current password; a new one needs at least {PASSWORD_MIN_LENGTH} characters.
          </small>
        </div>
        {form.password && (
          <div className="field">
            <label htmlFor={`${id}-current-password`}>Current password</label>
            <input
              id={`${id}-current-password`}
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              aria-describedby={`${id}-current-password-hint`}
              value={form.currentPassword}
              onChange={set('currentPassword')}
            />
            <small id={`${id}-current-password-hint`} className="profile__hint">
              To keep your account yours, a new password needs the one you use now.
            </small>
          </div>
        )}
        {outcome && (
          <Notice tone={outcome.tone}>
            <span>{outcome.text}</span>
            {outcome.detail && <span className="profile__detail">{outcome.detail}</span>}
          </Notice>
        )}
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </form>
      <AccountData onDeleted={onDeleted} />
    </ProfileFrame>
  );
}

function Farewell({ message }: { message: string }) {
  return (
    <section className="container page profile">
      <title>Account deleted · Thalir Blooms</title>
      <h1>Your account is deleted</h1>
      <Notice tone="success">{message}</Notice>
      <p>
        <Link to="/">Back to the shop</Link>
      </p>
    </section>
  );
}

function ProfileFrame({ children }: { children: ReactNode }) {
  return (
    <section className="container page profile">
      <title>My profile · Thalir Blooms</title>
      <h1>My profile</h1>
      <p className="profile__intro">Keep your name and delivery address up to date, choose a new password, or take your data with you.</p>
      {children}
    </section>
  );
}
