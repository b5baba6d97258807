import { useId } from 'react';
import { formatDeliveryDay, Notice } from '@thalir/ui';
import { type DeliveryChoice, type DeliveryField, GIFT_MESSAGE_MAX } from '../hooks/use-delivery-choice';
import './delivery-fields.css';

/** "Today · Wed, 25 Nov", "Tomorrow · Thu, 26 Nov", "Fri, 27 Nov". */
function dayLabel(date: string, index: number, firstDate: string): string {
  const label = formatDeliveryDay(date, { withYear: false });
  const todayIndia = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  if (index === 0 && firstDate === todayIndia) return `Today · ${label}`;
  const tomorrow = new Date(Date.parse(`${todayIndia}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return date === tomorrow ? `Tomorrow · ${label}` : label;
}

interface Props {
  choice: DeliveryChoice;
  /** Problems shown once the customer tried to place the order. */
  errors: Partial<Record<DeliveryField, string>>;
  /** What the date is: an order's delivery date, or the day a subscription starts. */
  dateLabel?: string;
  /** An order carries a gift message; a subscription's deliveries do not. */
  withGiftMessage?: boolean;
}

/** When, to whom and where the flowers go: PIN code first, since it decides whether anything else matters. */
export function DeliveryFields({ choice, errors, dateLabel = 'Delivery date', withGiftMessage = true }: Props) {
  const id = useId();
  const { values, update, options, optionsFailed, check } = choice;
  const day = options?.dates.find((candidate) => candidate.date === values.date);
  const pincodeNote =
    check && check.pincode === values.pincode.trim()
      ? check.served === null
        ? 'Checking…'
        : check.served
          ? `We deliver to ${check.pincode}.`
          : (check.message ?? `We cannot deliver to ${check.pincode} yet`)
      : null;
  const described = (field: DeliveryField, extra?: string) => [errors[field] ? `${id}-${field}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  const error = (field: DeliveryField) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <fieldset className="checkout-delivery">
      <legend className="checkout-delivery__legend">Delivery</legend>
      {optionsFailed && <Notice tone="error">We could not load the delivery dates. Please check your connection and reload the page.</Notice>}
      <div className="field">
        <label htmlFor={`${id}-pincode`}>PIN code</label>
        <input
          id={`${id}-pincode`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          aria-required="true"
          aria-invalid={errors.pincode ? true : undefined}
          aria-describedby={described('pincode', pincodeNote ? `${id}-pincode-note` : undefined)}
          value={values.pincode}
          onChange={(event) => update('pincode', event.target.value.replace(/\D/g, ''))}
        />
        {pincodeNote && (
          <p
            id={`${id}-pincode-note`}
            className={`checkout-delivery__note${check?.served === false ? ' checkout-delivery__note--refused' : ''}`}
            aria-live="polite"
          >
            {pincodeNote}
          </p>
        )}
        {error('pincode')}
      </div>
      <div className="checkout-delivery__when">
        <div className="field">
          <label htmlFor={`${id}-date`}>{dateLabel}</label>
          <select
            id={`${id}-date`}
            value={values.date}
            onChange={(event) => update('date', event.target.value)}
            aria-describedby={described('date')}
            disabled={!options}
          >
            {options?.dates.map((candidate, index) => (
              <option key={candidate.date} value={candidate.date}>
                {dayLabel(candidate.date, index, options.dates[0].date)}
              </option>
            ))}
          </select>
          {options && <small className="checkout-delivery__hint">Same-day delivery until {options.cutoff}.</small>}
          {error('date')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-slot`}>Time slot</label>
          <select id={`${id}-slot`} value={values.slot} onChange={(event) => update('slot', event.target.value)} disabled={!day}>
            {day?.slots.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="checkout-delivery__when">
        <div className="field">
          <label htmlFor={`${id}-recipient`}>Recipient’s name</label>
          <input
            id={`${id}-recipient`}
            autoComplete="name"
            maxLength={100}
            value={values.recipientName}
            onChange={(event) => update('recipientName', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Recipient’s mobile</label>
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="98765 43210"
            aria-required="true"
            aria-invalid={errors.recipientPhone ? true : undefined}
            aria-describedby={described('recipientPhone')}
            value={values.recipientPhone}
            onChange={(event) => update('recipientPhone', event.target.value)}
          />
          {error('recipientPhone')}
        </div>
      </div>
      {withGiftMessage && (
        <div className="field">
          <label htmlFor={`${id}-gift`}>Gift message (optional)</label>
          <textarea
            id={`${id}-gift`}
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            aria-describedby={`${id}-gift-count`}
            value={values.giftMessage}
            onChange={(event) => update('giftMessage', event.target.value)}
          />
          <small id={`${id}-gift-count`} className="checkout-delivery__hint" aria-live="polite">
            {values.giftMessage.length}/{GIFT_MESSAGE_MAX} characters
          </small>
          {error('giftMessage')}
        </div>
      )}
    </fieldset>
  );
}
