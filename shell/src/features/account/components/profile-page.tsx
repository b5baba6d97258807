import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from 'react-router-dom';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import { signIn, signOut, useAuth } from '@thalir/auth';
import type { ProfileUpdateRequest, UserPublic } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { Button, Notice, Spinner } from '@thalir/ui';
import { fetchProfile, updateProfile } from '../api/profile-api';
import { AccountData } from './account-data';
import './profile.css';

const PASSWORD_MIN_LENGTH = 8;

interface ProfileForm {
  name: string;
  email: string;
  address: string;
  /** The language of the account's mails and invoices. */
  language: Language;
  password: string;
  currentPassword: string;
}

/** The form for the account as the API has it. */
const formOf = (user: UserPublic): ProfileForm => ({
  name: user.name,
  email: user.email,
  address: user.address,
  language: user.language ?? 'en',
  password: '',
  currentPassword: '',
});

/** Each language by its own name. */
const LANGUAGE_NAMES: { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'ta', name: 'தமிழ்' },
];

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
  const { t } = useLingui();
  const [form, setForm] = useState<ProfileForm | null>(null);
  // The language saved: only a change of it is sent.
  const [savedLanguage, setSavedLanguage] = useState<Language>('en');
  const [loadError, setLoadError] = useState<{ text: string; signInAgain: boolean } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saving, setSaving] = useState(false);
  const loadFailed = t`Could not load your profile.`;

  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal)
      .then((user) => {
        setForm(formOf(user));
        setSavedLanguage(user.language ?? 'en');
      })
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        const signInAgain = error instanceof ApiRequestError && error.status === 401;
        setLoadError({ text: errorMessage(error, loadFailed), signInAgain });
      });
    return () => controller.abort();
  }, [loadFailed]);

  if (loadError) {
    return (
      <ProfileFrame>
        <Notice tone="error">
          <span>{loadError.text}</span>
          {loadError.signInAgain && (
            <span>
              {' '}
              <Link to="/login">
                <Trans>Go to login</Trans>
              </Link>
            </span>
          )}
        </Notice>
      </ProfileFrame>
    );
  }
  if (!form) {
    return (
      <ProfileFrame>
        <Spinner label={t`Loading your profile…`} />
      </ProfileFrame>
    );
  }

  const set = (field: 'name' | 'address' | 'language' | 'password' | 'currentPassword') => (event: { target: { value: string } }) =>
    setForm((current) => current && { ...current, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !form.name.trim()
      ? t`Name is required`
      : form.password && form.password.length < PASSWORD_MIN_LENGTH
        ? t`Password must be at least ${PASSWORD_MIN_LENGTH} characters`
        : form.password && !form.currentPassword
          ? t`Enter your current password to choose a new one`
          : null;
    if (problem) {
      setOutcome({ tone: 'error', text: t`Update failed`, detail: problem });
      return;
    }
    setOutcome(null);
    setSaving(true);
    const changes: ProfileUpdateRequest = { name: form.name.trim(), address: form.address.trim() };
    if (form.language !== savedLanguage) changes.language = form.language;
    if (form.password) Object.assign(changes, { password: form.password, currentPassword: form.currentPassword });
    try {
      const { user, token } = await updateProfile(changes);
      // A new password ended every other session; this one carries on with the token it was given.
      if (token) signIn(token, user.role);
      // An API that does not keep the language yet answers without it: the choice sent stands.
      setForm(formOf({ ...user, language: user.language ?? changes.language ?? savedLanguage }));
      setSavedLanguage(user.language ?? changes.language ?? savedLanguage);
      setOutcome({
        tone: 'success',
        text: t`Profile updated successfully!`,
        detail: token ? t`Your password has changed; any other device signed in to your account has been signed out.` : undefined,
      });
    } catch (error) {
      const detail = error instanceof ApiRequestError ? error.body?.message : undefined;
      setOutcome({ tone: 'error', text: t`Update failed`, detail });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileFrame>
      <form className="card profile__form" onSubmit={submit} noValidate aria-label={t`Your profile`}>
        <div className="field">
          <label htmlFor={`${id}-name`}>
            <Trans>Name</Trans>
          </label>
          <input id={`${id}-name`} autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>
            <Trans>Email</Trans>
          </label>
          <input id={`${id}-email`} type="email" readOnly aria-describedby={`${id}-email-hint`} value={form.email} />
          <small id={`${id}-email-hint`} className="profile__hint">
            <Trans>Your email is your sign-in name and cannot be changed here.</Trans>
          </small>
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>
            <Trans>Delivery address</Trans>
          </label>
          <textarea id={`${id}-address`} autoComplete="street-address" rows={4} maxLength={500} value={form.address} onChange={set('address')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>
            <Trans>Language for e-mails and invoices</Trans>
          </label>
          <select id={`${id}-language`} value={form.language} onChange={set('language')}>
            {LANGUAGE_NAMES.map(({ language, name }) => (
              <option key={language} value={language} lang={language}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>
            <Trans>New password (optional)</Trans>
          </label>
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
            <Trans>Leave empty to keep your current password; a new one needs at least {PASSWORD_MIN_LENGTH} characters.</Trans>
          </small>
        </div>
        {form.password && (
          <div className="field">
            <label htmlFor={`${id}-current-password`}>
              <Trans>Current password</Trans>
            </label>
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
              <Trans>To keep your account yours, a new password needs the one you use now.</Trans>
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
          {saving ? t`Saving…` : t`Save changes`}
        </Button>
      </form>
      <AccountData onDeleted={onDeleted} />
    </ProfileFrame>
  );
}

function Farewell({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <section className="container page profile">
      <title>{`${t`Account deleted`} · Thalir Blooms`}</title>
      <h1>
        <Trans>Your account is deleted</Trans>
      </h1>
      <Notice tone="success">{message}</Notice>
      <p>
        <Link to="/">
          <Trans>Back to the shop</Trans>
        </Link>
      </p>
    </section>
  );
}

function ProfileFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="container page profile">
      <title>{`${t`My profile`} · Thalir Blooms`}</title>
      <h1>
        <Trans>My profile</Trans>
      </h1>
      <p className="profile__intro">
        <Trans>Keep your name and delivery address up to date, choose a new password, or take your data with you.</Trans>
      </p>
      {children}
    </section>
  );
}
