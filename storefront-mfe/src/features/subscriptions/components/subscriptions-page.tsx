import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import type { Subscription, SubscriptionPlan } from '@thalir/contracts';
import { formatCalendarDate, formatDate, formatMoney, Notice, Spinner } from '@thalir/ui';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { fetchSubscriptionPlans } from '../api/subscriptions';
import { type SubscriptionUpdates, useMySubscriptions } from '../hooks/use-my-subscriptions';
import { CancelSubscription } from './cancel-subscription';
import { DeliveryCalendar } from './delivery-calendar';
import { Packs } from './packs';
import { Pauses } from './pauses';
import { describeFrequency, STATUS_BADGES } from './subscription-words';
import './subscriptions.css';

interface CardProps {
  subscription: Subscription;
  updates: SubscriptionUpdates;
  openBuying: boolean;
}

function SubscriptionCard({ subscription, updates, openBuying }: CardProps) {
  const headingId = useId();
  const badge = STATUS_BADGES[subscription.status];
  const goesOn = subscription.status !== 'cancelled';
  return (
    <article className="card subscription" aria-labelledby={headingId}>
      <header className="subscription__header">
        <h2 id={headingId} className="subscription__name">
          {subscription.plan.name}
        </h2>
        <span className={`badge badge--${badge.tone}`}>{badge.label}</span>
      </header>
      {subscription.status === 'awaiting-payment' && <Notice tone="info">Your deliveries start once your first pack is paid.</Notice>}
      {subscription.cancelledAt && <p>Cancelled on {formatDate(subscription.cancelledAt)}.</p>}
      <dl className="subscription-facts">
        <div>
          <dt>How often</dt>
          <dd>{describeFrequency(subscription)}</dd>
        </div>
        <div>
          <dt>Time slot</dt>
          <dd>{subscription.slot}</dd>
        </div>
        <div>
          <dt>First delivery</dt>
          <dd>{formatCalendarDate(subscription.startDate, 'en')}</dd>
        </div>
        <div className="subscription-facts__wide">
          <dt>Delivered to</dt>
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
  const [plans, setPlans] = useState<SubscriptionPlan[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    // Without the plans the empty state still links to the shop.
    fetchSubscriptionPlans(controller.signal).then(setPlans, () => undefined);
    return () => controller.abort();
  }, []);

  return (
    <div className="card subscriptions-empty">
      <p>You have no flower subscriptions yet.</p>
      {plans.length > 0 ? (
        <ul className="subscriptions-empty__plans">
          {plans.map((plan) => (
            <li key={plan._id}>
              <Link to={`/subscribe/${plan.slug}`}>{plan.name}</Link> · {formatMoney(plan.pricePerDelivery)} a delivery
            </li>
          ))}
        </ul>
      ) : (
        <Link to="/products" className="btn btn--primary btn--md">
          Browse products
        </Link>
      )}
    </div>
  );
}

function MySubscriptions() {
  const { load, show, reload } = useMySubscriptions();
  const [searchParams] = useSearchParams();
  const buyFor = searchParams.get('buy');

  if (load.state === 'loading') return <Spinner label="Loading your subscriptions…" />;
  if (load.state === 'failed') return <Notice tone="error">Could not load your subscriptions.</Notice>;
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
  return (
    <section className="container page subscriptions-page" aria-labelledby="subscriptions-heading">
      <title>My subscriptions · Thalir Blooms</title>
      <h1 id="subscriptions-heading">My Subscriptions</h1>
      {isSignedIn ? <MySubscriptions /> : <SignInPrompt>Please log in to see your subscriptions.</SignInPrompt>}
    </section>
  );
}
