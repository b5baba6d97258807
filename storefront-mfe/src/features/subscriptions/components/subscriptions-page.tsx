import { useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import type { Subscription, SubscriptionPlan } from '@thalir/contracts';
import { formatCalendarDate, formatMoney, Notice, Spinner, useLanguage } from '@thalir/ui';
import { dateIn } from '../../../lib/language-dates';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { fetchSubscriptionPlans } from '../api/subscriptions';
import { type SubscriptionUpdates, useMySubscriptions } from '../hooks/use-my-subscriptions';
import { CancelSubscription } from './cancel-subscription';
import { DeliveryCalendar } from './delivery-calendar';
import { Packs } from './packs';
import { Pauses } from './pauses';
import { describeFrequency, slotName, STATUS_BADGES } from './subscription-words';
import './subscriptions.css';

interface CardProps {
  subscription: Subscription;
  updates: SubscriptionUpdates;
  openBuying: boolean;
}

function SubscriptionCard({ subscription, updates, openBuying }: CardProps) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const headingId = useId();
  const badge = STATUS_BADGES[subscription.status];
  const goesOn = subscription.status !== 'cancelled';
  const cancelledOn = subscription.cancelledAt ? dateIn(subscription.cancelledAt, language) : '';
  return (
    <article className="card subscription" aria-labelledby={headingId}>
      <header className="subscription__header">
        {/* A subscription names its plan as the shop does in English. */}
        <h2 id={headingId} className="subscription__name" lang={language === 'en' ? undefined : 'en'}>
          {subscription.plan.name}
        </h2>
        <span className={`badge badge--${badge.tone}`}>{i18n._(badge.label)}</span>
      </header>
      {subscription.status === 'awaiting-payment' && (
        <Notice tone="info">
          <Trans>Your deliveries start once your first pack is paid.</Trans>
        </Notice>
      )}
      {subscription.cancelledAt && (
        <p>
          <Trans>Cancelled on {cancelledOn}.</Trans>
        </p>
      )}
      <dl className="subscription-facts">
        <div>
          <dt>
            <Trans>How often</Trans>
          </dt>
          <dd>{describeFrequency(i18n, subscription)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Time slot</Trans>
          </dt>
          <dd>{slotName(i18n, subscription.slot)}</dd>
        </div>
        <div>
          <dt>
            <Trans>First delivery</Trans>
          </dt>
          <dd>{formatCalendarDate(subscription.startDate, language)}</dd>
        </div>
        <div className="subscription-facts__wide">
          <dt>
            <Trans>Delivered to</Trans>
          </dt>
          <dd>
            {subscription.recipientName} · {subscription.recipientPhone}
            <span className="subscription-facts__address">
              {subscription.address} – {subscription.pincode}
            </span>
          </dd>
        </div>
      </dl>
      <div className="subscription__body">
        <DeliveryCalendar subscription={subscription} updates={updates} />
        <div className="subscription__side">
          <Packs subscription={subscription} updates={updates} openBuying={openBuying && goesOn} />
          {goesOn && <Pauses subscription={subscription} updates={updates} />}
          {goesOn && <CancelSubscription subscription={subscription} updates={updates} />}
        </div>
      </div>
    </article>
  );
}

/** No subscription yet: the plans on sale, each linking to its page. */
function NoSubscriptions() {
  const language = useLanguage();
  const [plans, setPlans] = useState<SubscriptionPlan[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    // Without the plans the empty state still links to the shop.
    fetchSubscriptionPlans(language, controller.signal).then(setPlans, () => undefined);
    return () => controller.abort();
  }, [language]);

  return (
    <div className="card subscriptions-empty">
      <p>
        <Trans>You have no flower subscriptions yet.</Trans>
      </p>
      {plans.length > 0 ? (
        <ul className="subscriptions-empty__plans">
          {plans.map((plan) => {
            const price = formatMoney(plan.pricePerDelivery);
            return (
              <li key={plan._id}>
                <Link to={`/subscribe/${plan.slug}`} lang={plan.languages?.name === 'en' && language !== 'en' ? 'en' : undefined}>
                  {plan.name}
                </Link>{' '}
                · <Trans>{price} a delivery</Trans>
              </li>
            );
          })}
        </ul>
      ) : (
        <Link to="/products" className="btn btn--primary btn--md">
          <Trans>Browse products</Trans>
        </Link>
      )}
    </div>
  );
}

function MySubscriptions() {
  const { t } = useLingui();
  const { load, show, reload } = useMySubscriptions();
  const [searchParams] = useSearchParams();
  const buyFor = searchParams.get('buy');

  if (load.state === 'loading') return <Spinner label={t`Loading your subscriptions…`} />;
  if (load.state === 'failed') {
    return (
      <Notice tone="error">
        <Trans>Could not load your subscriptions.</Trans>
      </Notice>
    );
  }
  if (load.subscriptions.length === 0) return <NoSubscriptions />;
  return (
    <div className="subscriptions">
      {load.subscriptions.map((subscription) => (
        <SubscriptionCard key={subscription._id} subscription={subscription} updates={{ show, reload }} openBuying={subscription._id === buyFor} />
      ))}
    </div>
  );
}

export default function SubscriptionsPage() {
  const { isSignedIn } = useAuth();
  const { t } = useLingui();
  return (
    <section className="container page subscriptions-page" aria-labelledby="subscriptions-heading">
      <title>{`${t`My subscriptions`} · Thalir Blooms`}</title>
      <h1 id="subscriptions-heading">
        <Trans>My Subscriptions</Trans>
      </h1>
      {isSignedIn ? <MySubscriptions /> : <SignInPrompt>{t`Please log in to see your subscriptions.`}</SignInPrompt>}
    </section>
  );
}
