import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subscription } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { Button, formatCalendarDate, Notice, useLanguage } from '@thalir/ui';
import { endPause, pauseSubscription } from '../api/subscriptions';
import type { SubscriptionUpdates } from '../hooks/use-my-subscriptions';
import { useSubscriptionChange } from '../hooks/use-subscription-change';

type Pause = Subscription['pauses'][number];

interface PartProps {
  subscription: Subscription;
  updates: SubscriptionUpdates;
}

/** "3 Dec 2026 – 9 Dec 2026". */
const describePause = (pause: Pause, language: Language) => `${formatCalendarDate(pause.from, language)} – ${formatCalendarDate(pause.to, language)}`;

function PauseLine({ subscription, pause, updates }: PartProps & { pause: Pause }) {
  const { busy, failure, send } = useSubscriptionChange(subscription._id, updates);
  const dates = describePause(pause, useLanguage());
  return (
    <li className="subscription-pause">
      <span>
        <Trans>No deliveries {dates}</Trans>
      </span>
      <Button variant="secondary" size="sm" onClick={() => send(() => endPause(subscription._id, pause._id))} disabled={busy} aria-busy={busy}>
        <Trans>End pause</Trans>
        <span className="visually-hidden"> {dates}</span>
      </Button>
      {failure && <Notice tone="error">{failure}</Notice>}
    </li>
  );
}

/** A from–to form: the days are kept while the customer corrects a refused pause. */
function PauseForm({ subscription, updates, onDone }: PartProps & { onDone: () => void }) {
  const id = useId();
  const { t } = useLingui();
  const { busy, failure, send } = useSubscriptionChange(subscription._id, updates);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await send(() => pauseSubscription(subscription._id, from, to))) onDone();
  };

  return (
    <form className="subscription-form" onSubmit={submit} aria-label={t`Pause deliveries`}>
      <div className="subscription-form__row">
        <div className="field">
          <label htmlFor={`${id}-from`}>
            <Trans>First day without flowers</Trans>
          </label>
          <input id={`${id}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>
            <Trans>Last day without flowers</Trans>
          </label>
          <input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
      </div>
      <div className="subscription-actions">
        <Button type="submit" size="sm" disabled={busy} aria-busy={busy}>
          <Trans>Save pause</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone} disabled={busy}>
          <Trans>Close</Trans>
        </Button>
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
    </form>
  );
}

/** Holidays: the pauses not over yet, each can be ended; a new one uses no credit on its days. */
export function Pauses({ subscription, updates }: PartProps) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <section className="subscription-part" aria-labelledby={headingId}>
      <h3 id={headingId} className="subscription-part__heading">
        <Trans>Pauses</Trans>
      </h3>
      {subscription.pauses.length > 0 ? (
        <ul className="subscription-pauses">
          {subscription.pauses.map((pause) => (
            <PauseLine key={pause._id} subscription={subscription} pause={pause} updates={updates} />
          ))}
        </ul>
      ) : (
        <p className="subscription-part__hint">
          <Trans>Going away? Pause your deliveries: the days paused use none of your deliveries.</Trans>
        </p>
      )}
      {adding ? (
        <PauseForm subscription={subscription} updates={updates} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          <Trans>Pause deliveries</Trans>
        </Button>
      )}
    </section>
  );
}
