import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Subscription, SubscriptionDelivery, SubscriptionDeliveryChange } from '@thalir/contracts';
import { Button, Notice, useLanguage } from '@thalir/ui';
import { shopDeadlineIn } from '../../../lib/language-dates';
import { changeDelivery } from '../api/subscriptions';
import type { SubscriptionUpdates } from '../hooks/use-my-subscriptions';
import { useSubscriptionChange } from '../hooks/use-subscription-change';
import { describeDay, formatDay, slotName } from './subscription-words';

interface DayProps {
  subscription: Subscription;
  day: SubscriptionDelivery;
  updates: SubscriptionUpdates;
}

/** Only what the customer changed is sent: a slot sent unchanged would still be checked against its cut-off. */
function changedFields(day: SubscriptionDelivery, values: Required<Omit<SubscriptionDeliveryChange, 'skip'>>): SubscriptionDeliveryChange {
  const change: SubscriptionDeliveryChange = {};
  for (const field of ['slot', 'address', 'pincode', 'recipientName', 'recipientPhone'] as const) {
    if (values[field].trim() !== day[field]) change[field] = values[field].trim();
  }
  return change;
}

interface ChangeFormProps {
  day: SubscriptionDelivery;
  slots: string[];
  busy: boolean;
  onSave: (change: SubscriptionDeliveryChange) => void;
  onClose: () => void;
}

/** Another slot, address or recipient for one day; it stays open with what was typed until saved. */
function DeliveryChangeForm({ day, slots, busy, onSave, onClose }: ChangeFormProps) {
  const id = useId();
  const { i18n, t } = useLingui();
  const dayLabel = formatDay(day.date, useLanguage());
  const [values, setValues] = useState({
    slot: day.slot,
    address: day.address,
    pincode: day.pincode,
    recipientName: day.recipientName,
    recipientPhone: day.recipientPhone,
  });
  const update = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));
  // The day's own slot stays choosable even if the plan no longer offers it.
  const slotChoices = slots.includes(day.slot) ? slots : [day.slot, ...slots];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change = changedFields(day, values);
    if (Object.keys(change).length === 0) onClose();
    else onSave(change);
  };

  return (
    <form className="subscription-day__form" onSubmit={submit} aria-label={t`Change the delivery of ${dayLabel}`}>
      <div className="field">
        <label htmlFor={`${id}-slot`}>
          <Trans>Time slot</Trans>
        </label>
        <select id={`${id}-slot`} value={values.slot} onChange={(event) => update('slot', event.target.value)}>
          {slotChoices.map((slot) => (
            <option key={slot} value={slot}>
              {slotName(i18n, slot)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-address`}>
          <Trans>Delivery address</Trans>
        </label>
        <textarea
          id={`${id}-address`}
          rows={3}
          autoComplete="street-address"
          value={values.address}
          onChange={(event) => update('address', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-pincode`}>
          <Trans>PIN code</Trans>
        </label>
        <input
          id={`${id}-pincode`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={values.pincode}
          onChange={(event) => update('pincode', event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-recipient`}>
          <Trans>Recipient’s name</Trans>
        </label>
        <input
          id={`${id}-recipient`}
          autoComplete="name"
          maxLength={100}
          value={values.recipientName}
          onChange={(event) => update('recipientName', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>
          <Trans>Recipient’s mobile</Trans>
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.recipientPhone}
          onChange={(event) => update('recipientPhone', event.target.value)}
        />
      </div>
      <div className="subscription-actions">
        <Button type="submit" size="sm" disabled={busy} aria-busy={busy}>
          <Trans>Save changes</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={busy}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </form>
  );
}

function DeliveryDay({ subscription, day, updates }: DayProps) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const { busy, failure, send, clearFailure } = useSubscriptionChange(subscription._id, updates);
  const [editing, setEditing] = useState(false);
  const dayLabel = formatDay(day.date, language);
  const sendsElsewhere = day.address !== subscription.address || day.recipientName !== subscription.recipientName;
  // A scheduled day no credit pays for waits for the next pack, and looks it.
  const look = day.status === 'scheduled' && !day.covered ? 'waiting' : day.status;
  const canSkip = day.changeableUntil !== null && (day.status === 'scheduled' || day.status === 'skipped');
  const { recipientName: recipient, address, pincode } = day;
  const changesClose = day.changeableUntil ? shopDeadlineIn(day.changeableUntil, language) : null;

  const change = (body: SubscriptionDeliveryChange) => send(() => changeDelivery(subscription._id, day.date, body));
  const save = async (body: SubscriptionDeliveryChange) => {
    if (await change(body)) setEditing(false);
  };
  const close = () => {
    setEditing(false);
    clearFailure();
  };

  return (
    <li className={`subscription-day subscription-day--${look}${editing ? ' subscription-day--editing' : ''}`}>
      <p className="subscription-day__date">
        <time dateTime={day.date}>{dayLabel}</time> · {slotName(i18n, day.slot)}
      </p>
      <p className="subscription-day__status">
        {describeDay(i18n, day)}
        {day.status === 'ordered' && day.orderId && (
          <>
            {' '}
            <Link to={`/order/${day.orderId}`}>
              <Trans>
                See the order<span className="visually-hidden"> of {dayLabel}</span>
              </Trans>
            </Link>
          </>
        )}
      </p>
      {day.note && <p className="subscription-day__note">{day.note}</p>}
      {sendsElsewhere && (
        <p className="subscription-day__note">
          <Trans>
            To {recipient}, {address} – {pincode}
          </Trans>
        </p>
      )}
      {changesClose && (
        <p className="subscription-day__note">
          <Trans>Changes close {changesClose}</Trans>
        </p>
      )}
      {canSkip && !editing && (
        <div className="subscription-actions">
          <Button variant="secondary" size="sm" onClick={() => change({ skip: day.status !== 'skipped' })} disabled={busy} aria-busy={busy}>
            {day.status === 'skipped' ? <Trans>Undo skip</Trans> : <Trans>Skip</Trans>}
            <span className="visually-hidden"> {dayLabel}</span>
          </Button>
          {day.status === 'scheduled' && (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Trans>Change</Trans>
              <span className="visually-hidden"> {dayLabel}</span>
            </Button>
          )}
        </div>
      )}
      {editing && <DeliveryChangeForm day={day} slots={subscription.plan.slots} busy={busy} onSave={save} onClose={close} />}
      {failure && <Notice tone="error">{failure}</Notice>}
    </li>
  );
}

/** The coming days, each saying what will happen, with skip and change while they are open to it. */
export function DeliveryCalendar({ subscription, updates }: { subscription: Subscription; updates: SubscriptionUpdates }) {
  const headingId = useId();
  // Once cancelled, only the deliveries already on their way are worth a line.
  const days = subscription.status === 'cancelled' ? subscription.deliveries.filter((day) => day.status !== 'cancelled') : subscription.deliveries;
  if (days.length === 0) return null;
  return (
    <section className="subscription-part" aria-labelledby={headingId}>
      <h3 id={headingId} className="subscription-part__heading">
        <Trans>Coming deliveries</Trans>
      </h3>
      <ol className="subscription-days" aria-labelledby={headingId}>
        {days.map((day) => (
          <DeliveryDay key={day.date} subscription={subscription} day={day} updates={updates} />
        ))}
      </ol>
    </section>
  );
}
