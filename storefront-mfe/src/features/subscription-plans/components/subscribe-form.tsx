import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { openOnlinePayment } from '@thalir/api-client';
import { type FrequencyKind, type Order, packPrice, type SubscribeRequest, type SubscriptionPlan } from '@thalir/contracts';
import { STOREFRONT_PAGES } from '@thalir/pages';
import { Button, formatMoney, Notice, useLanguage } from '@thalir/ui';
import { DeliveryFields, useDeliveryChoice, useProfileFill, type DeliveryField } from '../../checkout';
import { buyPack, fetchMySubscriptions, fetchPackOrder, subscribe } from '../api/subscription-plans';
import { awaitsOnlinePayment, serverReason } from '../../../lib/online-orders';
import { frequencyName, weekdaysIn } from './plan-terms';
import './subscription-plans.css';

/** Where a customer's subscriptions are: the screen to go to once the first pack is paid. */
const MY_SUBSCRIPTIONS = STOREFRONT_PAGES.subscriptions.path;

type FormField = 'address' | 'weekdays';

interface Failure {
  headline: string;
  detail?: string;
}

/**
 * A subscription saved by an earlier try whose pack is not paid yet (the popup was closed, the payment
 * failed): trying again with the same choices pays for it instead of starting a second one.
 */
interface Unpaid {
  /** The choices it was started with, all but the pack. */
  choices: string;
  subscriptionId: string;
  pack: number;
  order: Order;
}

/**
 * Subscribing to a plan: how often and on which days, where and to whom, from which day and in which
 * slot, and the first pack, which is then paid online as the checkout pays an order. A refusal is
 * shown above the button, and every field keeps what was typed.
 */
export function SubscribeForm({ plan }: { plan: SubscriptionPlan }) {
  const id = useId();
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const navigate = useNavigate();
  const [frequency, setFrequency] = useState<FrequencyKind>(plan.frequencies[0]);
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [address, setAddress] = useState('');
  const delivery = useDeliveryChoice({ slots: plan.slots });
  const [pack, setPack] = useState(plan.packs[0]);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [deliveryErrors, setDeliveryErrors] = useState<Partial<Record<DeliveryField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [unpaid, setUnpaid] = useState<Unpaid | null>(null);
  const addressField = useRef<HTMLTextAreaElement>(null);
  const addressEdited = useRef(false);
  // State updates arrive after a re-render; a ref stops a double click before that happens.
  const submitting = useRef(false);

  // A subscription to this plan left unpaid (its popup closed, the page left) is paid where it is, not made again.
  const [waitingForPayment, setWaitingForPayment] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchMySubscriptions(controller.signal).then(
      (mine) =>
        setWaitingForPayment(
          mine.some(
            (subscription) =>
              subscription.plan._id === plan._id &&
              subscription.status === 'awaiting-payment' &&
              subscription.packs.some((pack) => pack.orderStatus === 'pending' && !pack.paid),
          ),
        ),
      // Only a convenience: without it the form works as it does for anyone.
      () => undefined,
    );
    return () => controller.abort();
  }, [plan._id]);

  useProfileFill((user) => {
    if (!addressEdited.current && user.address) setAddress(user.address);
    // The flowers go to the customer unless another name is typed.
    if (!delivery.values.recipientName) delivery.update('recipientName', user.name);
  });

  const release = () => {
    submitting.current = false;
    setBusy(false);
  };

  const toggleWeekday = (day: number) => {
    const chosen = weekdays.includes(day) ? weekdays.filter((other) => other !== day) : [...weekdays, day];
    setWeekdays(chosen);
    if (chosen.length > 0) setErrors((current) => ({ ...current, weekdays: undefined }));
  };

  const formProblems = (): Partial<Record<FormField, string>> => ({
    ...(!address.trim() && { address: t`Please enter the delivery address` }),
    ...(frequency === 'weekdays' && weekdays.length === 0 && { weekdays: t`Choose the days of the week for your deliveries` }),
  });

  const subscribeRequest = (): SubscribeRequest => {
    const { date, slot, recipientName, recipientPhone, pincode } = delivery.request();
    return {
      plan: plan.slug,
      startDate: date,
      frequency,
      ...(frequency === 'weekdays' && { weekdays: [...weekdays].sort((a, b) => a - b) }),
      slot,
      address: address.trim(),
      pincode,
      recipientName,
      recipientPhone,
      pack,
    };
  };

  /** The order to pay: the saved subscription's (or a new pack of it) for unchanged choices, else a new subscription's; null once its pack is paid. */
  const packOrder = async (request: SubscribeRequest): Promise<Order | null> => {
    const choices = JSON.stringify({ ...request, pack: undefined });
    if (unpaid?.choices === choices) {
      const order = await fetchPackOrder(unpaid.order._id);
      // Its payment arrived after the popup had closed: the subscription has started.
      if (order.isPaid) return null;
      if (unpaid.pack === request.pack && awaitsOnlinePayment(order)) return order;
      const bought = await buyPack(unpaid.subscriptionId, request.pack);
      setUnpaid({ ...unpaid, pack: request.pack, order: bought.order });
      return bought.order;
    }
    const { subscription, order } = await subscribe(request);
    setUnpaid({ choices, subscriptionId: subscription._id, pack: request.pack, order });
    return order;
  };

  const payOnline = async (order: Order) => {
    try {
      await openOnlinePayment(order, {
        onPaid: () => {
          window.alert(t`Payment Successful!`);
          navigate(MY_SUBSCRIPTIONS);
        },
        onVerificationFailed: (reason) => {
          window.alert(reason ?? t`Payment verification failed`);
          // The pack was cancelled before the payment arrived: it is refunded, and the next try buys a new pack.
          if (reason) setFailure({ headline: t`Payment verification failed`, detail: reason });
          release();
        },
        onPaymentFailed: () => {
          window.alert(t`Payment failed`);
          release();
        },
        onDismiss: release,
      });
    } catch (error) {
      setFailure({ headline: t`Could not open the payment window.`, detail: serverReason(error) });
      release();
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const problems = formProblems();
    const deliveryProblems = delivery.problems();
    setErrors(problems);
    setDeliveryErrors(deliveryProblems);
    if (problems.address) addressField.current?.focus();
    if (Object.keys(problems).length > 0 || Object.keys(deliveryProblems).length > 0) return;
    submitting.current = true;
    setBusy(true);
    setFailure(null);

    let order: Order | null;
    try {
      order = await packOrder(subscribeRequest());
    } catch (error) {
      setFailure({ headline: t`Could not start your subscription.`, detail: serverReason(error) });
      release();
      return;
    }
    if (order) await payOnline(order);
    else navigate(MY_SUBSCRIPTIONS);
  };

  const described = (field: FormField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: FormField) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );

  const planName = plan.name;
  const packAmount = formatMoney(packPrice(plan.pricePerDelivery, pack));
  const perDelivery = formatMoney(plan.pricePerDelivery);
  return (
    <form className="card subscribe-form" onSubmit={submit} noValidate aria-label={t`Subscribe to ${planName}`}>
      {waitingForPayment && !unpaid && (
        <Notice tone="info">
          <Trans>
            You already have a subscription to this plan waiting for its payment: <Link to={MY_SUBSCRIPTIONS}>pay it on your subscriptions page</Link>.
          </Trans>
        </Notice>
      )}
      <fieldset className="subscribe-form__choice">
        <legend className="subscribe-form__legend">
          <Trans>How often</Trans>
        </legend>
        {plan.frequencies.map((kind) => (
          <label key={kind} className="subscribe-form__option">
            <input type="radio" name={`${id}-frequency`} value={kind} checked={frequency === kind} onChange={() => setFrequency(kind)} />
            {frequencyName(i18n, kind)}
          </label>
        ))}
        {(frequency === 'weekly' || frequency === 'fortnightly') && (
          <small className="subscribe-form__hint">
            <Trans>On the start date’s day of the week.</Trans>
          </small>
        )}
      </fieldset>

      {frequency === 'weekdays' && (
        <fieldset className="subscribe-form__choice" aria-describedby={described('weekdays')}>
          <legend className="subscribe-form__legend">
            <Trans>Days of the week</Trans>
          </legend>
          <div className="subscribe-form__weekdays">
            {weekdaysIn(language).map(({ day, name }) => (
              <label key={day} className="subscribe-form__option">
                <input type="checkbox" checked={weekdays.includes(day)} onChange={() => toggleWeekday(day)} />
                {name}
              </label>
            ))}
          </div>
          {error('weekdays')}
        </fieldset>
      )}

      <div className="field">
        <label htmlFor={`${id}-address`}>
          <Trans>Delivery address</Trans>
        </label>
        <textarea
          id={`${id}-address`}
          ref={addressField}
          rows={3}
          autoComplete="street-address"
          aria-required="true"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={described('address')}
          value={address}
          onChange={(event) => {
            addressEdited.current = true;
            setAddress(event.target.value);
            if (event.target.value.trim()) setErrors((current) => ({ ...current, address: undefined }));
          }}
        />
        {error('address')}
      </div>

      <DeliveryFields choice={delivery} errors={deliveryErrors} dateLabel={t`Start date`} withGiftMessage={false} />

      <fieldset className="subscribe-form__choice">
        <legend className="subscribe-form__legend">
          <Trans>Pack</Trans>
        </legend>
        {plan.packs.map((deliveries) => {
          const price = formatMoney(packPrice(plan.pricePerDelivery, deliveries));
          return (
            <label key={deliveries} className="subscribe-form__option">
              <input type="radio" name={`${id}-pack`} value={deliveries} checked={pack === deliveries} onChange={() => setPack(deliveries)} />
              <Plural value={deliveries} one={`# delivery · ${price}`} other={`# deliveries · ${price}`} />
            </label>
          );
        })}
      </fieldset>

      <p className="subscribe-form__total">
        <Trans>
          <Plural value={pack} one="# delivery" other="# deliveries" /> × {perDelivery} = <strong>{packAmount}</strong>, paid now online.
        </Trans>
      </p>
      {failure && (
        <Notice tone="error">
          <strong>{failure.headline}</strong>
          {failure.detail && <span className="subscribe-form__detail">{failure.detail}</span>}
        </Notice>
      )}
      {unpaid && !busy && (
        <Notice tone="info">
          <Trans>
            Your subscription is saved, but its pack is not paid yet. Pay with the button below, or later from{' '}
            <Link to={MY_SUBSCRIPTIONS}>your subscriptions</Link>.
          </Trans>
        </Notice>
      )}
      <Button type="submit" size="lg" className="subscribe-form__submit" disabled={busy} aria-busy={busy}>
        <Trans>Subscribe and pay {packAmount}</Trans>
      </Button>
    </form>
  );
}
