import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language } from '@thalir/pages';
import { formatCalendarDate, formatDeliveryDay, Notice, useLanguage } from '@thalir/ui';
import { useClockTime, useSlotName } from '../../../lib/shop-words';
import { type DeliveryChoice, type DeliveryField, GIFT_MESSAGE_MAX } from '../hooks/use-delivery-choice';
import './delivery-fields.css';

/** Which offered day a date is: today or tomorrow in India, or another day. */
function dayOf(date: string, index: number, firstDate: string): 'today' | 'tomorrow' | 'later' {
  const todayIndia = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  if (index === 0 && firstDate === todayIndia) return 'today';
  const tomorrow = new Date(Date.parse(`${todayIndia}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return date === tomorrow ? 'tomorrow' : 'later';
}

/** "Wed, 25 Nov"; on a Tamil page "நவ. 25, புத." (Tamil’s own order). */
function shortDay(date: string, language: Language): string {
  return language === 'en' ? formatDeliveryDay(date, { withYear: false }) : formatCalendarDate(date, language, { weekday: 'short', year: false });
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
export function DeliveryFields({ choice, errors, dateLabel, withGiftMessage = true }: Props) {
  const id = useId();
  const { t } = useLingui();
  const language = useLanguage();
  const slotName = useSlotName();
  const clockTime = useClockTime();
  const { values, update, options, optionsFailed, check } = choice;
  const day = options?.dates.find((candidate) => candidate.date === values.date);
  const pincode = check?.pincode;
  const pincodeNote =
    check && check.pincode === values.pincode.trim()
      ? check.served === null
        ? t`Checking…`
        : check.served
          ? t`We deliver to ${pincode}.`
          : (check.message ?? t`We cannot deliver to ${pincode} yet`)
      : null;
  /** "Today · Wed, 25 Nov", "Tomorrow · Thu, 26 Nov", "Fri, 27 Nov". */
  const dayLabel = (date: string, index: number, firstDate: string) => {
    const label = shortDay(date, language);
    const which = dayOf(date, index, firstDate);
    return which === 'today' ? t`Today · ${label}` : which === 'tomorrow' ? t`Tomorrow · ${label}` : label;
  };
  const cutoff = options ? clockTime(options.cutoff) : '';
  const giftLength = values.giftMessage.length;
  const described = (field: DeliveryField, extra?: string) => [errors[field] ? `${id}-${field}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  const error = (field: DeliveryField) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <fieldset className="checkout-delivery">
      <legend className="checkout-delivery__legend">
        <Trans>Delivery</Trans>
      </legend>
      {optionsFailed && (
        <Notice tone="error">
          <Trans>We could not load the delivery dates. Please check your connection and reload the page.</Trans>
        </Notice>
      )}
      <div className="field">
        <label htmlFor={`${id}-pincode`}>
          <Trans>PIN code</Trans>
        </label>
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
          <label htmlFor={`${id}-date`}>{dateLabel ?? t`Delivery date`}</label>
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
          {options && (
            <small className="checkout-delivery__hint">
              <Trans>Same-day delivery until {cutoff}.</Trans>
            </small>
          )}
          {error('date')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-slot`}>
            <Trans>Time slot</Trans>
          </label>
          <select id={`${id}-slot`} value={values.slot} onChange={(event) => update('slot', event.target.value)} disabled={!day}>
            {day?.slots.map((slot) => (
              <option key={slot} value={slot}>
                {slotName(slot)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="checkout-delivery__when">
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
          <label htmlFor={`${id}-gift`}>
            <Trans>Gift message (optional)</Trans>
          </label>
          <textarea
            id={`${id}-gift`}
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            aria-describedby={`${id}-gift-count`}
            value={values.giftMessage}
            onChange={(event) => update('giftMessage', event.target.value)}
          />
          <small id={`${id}-gift-count`} className="checkout-delivery__hint" aria-live="polite">
            <Trans>
              {giftLength}/{GIFT_MESSAGE_MAX} characters
            </Trans>
          </small>
          {error('giftMessage')}
        </div>
      )}
    </fieldset>
  );
}
