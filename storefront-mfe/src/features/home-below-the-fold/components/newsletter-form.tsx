import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { EARLY_TAP_MARK } from '@thalir/contracts';
import { Button, Notice } from '@thalir/ui';
import { subscribeToNewsletter } from '../api/newsletter';

type Result = { tone: 'success' | 'error'; text: string };

/** A newsletter sign-up that really subscribes (POST /api/newsletter) and says what the server said. */
export function NewsletterForm({ title, description, tone = 'light' }: { title: string; description: string; tone?: 'light' | 'dark' }) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const { t } = useLingui();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      const response = await subscribeToNewsletter(email.trim());
      setResult({ tone: 'success', text: response?.message || t`Thank you for subscribing!` });
      setEmail('');
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, t`Could not subscribe right now. Please try again.`) });
    } finally {
      setSending(false);
    }
  };

  return (
    // Posts itself without JavaScript (the API answers with a page); sent before the app took over, it is sent then.
    <form
      className={`newsletter newsletter--${tone}`}
      method="post"
      action="/api/newsletter"
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      {...EARLY_TAP_MARK}
    >
      <h3 id={`${ids}-title`} className="newsletter__title">
        {title}
      </h3>
      <p className="newsletter__text">{description}</p>
      <div className="newsletter__row">
        <label htmlFor={`${ids}-email`} className="newsletter__label">
          <Trans>Email address</Trans>
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={sending}>
          {sending ? <Trans>Subscribing…</Trans> : <Trans>Subscribe</Trans>}
        </Button>
      </div>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </form>
  );
}
