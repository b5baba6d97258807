import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { packPrice, type SubscriptionPlan } from '@thalir/contracts';
import { STOREFRONT_PAGES } from '@thalir/pages';
import { Button, formatMoney, Notice, Spinner } from '@thalir/ui';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { NotFoundPage } from '../../marketing';
import { useSubscriptionPlan } from '../hooks/use-subscription-plan';
import { englishText, frequencyName, slotName } from './plan-terms';
import { SubscribeForm } from './subscribe-form';
import '../../../styles/storefront.css';
import './subscription-plans.css';

/** What the plan is: each delivery's flowers, the packs and their prices, how often and when it comes. */
function PlanDetails({ plan }: { plan: SubscriptionPlan }) {
  const { i18n, t } = useLingui();
  const price = formatMoney(plan.pricePerDelivery);
  return (
    <div className="plan__details">
      <p className="eyebrow">
        <Trans>Flower subscription</Trans>
      </p>
      <h1 className="plan__name" lang={englishText(plan.languages?.name)}>
        {plan.name}
      </h1>
      <p className="plan__price">
        <Trans>
          {price} <span>a delivery</span>
        </Trans>
      </p>
      <p className="plan__description" lang={englishText(plan.languages?.description)}>
        {plan.description}
      </p>

      <section aria-labelledby="plan-items-heading">
        <h2 id="plan-items-heading">
          <Trans>In every delivery</Trans>
        </h2>
        <ul className="plan__items">
          {plan.items.map((item) => (
            <li key={item.productId}>
              <span className="plan__quantity">{item.quantity} ×</span> <span lang={englishText(item.language)}>{item.name}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="plan-packs-heading">
        <h2 id="plan-packs-heading">
          <Trans>Packs</Trans>
        </h2>
        <p className="plan__note">
          <Trans>Deliveries are paid in advance, a pack at a time.</Trans>
        </p>
        <ul className="plan__packs">
          {plan.packs.map((deliveries) => (
            <li key={deliveries}>
              <span>
                <Plural value={deliveries} one="# delivery" other="# deliveries" />
              </span>{' '}
              <strong>{formatMoney(packPrice(plan.pricePerDelivery, deliveries))}</strong>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="plan-when-heading">
        <h2 id="plan-when-heading">
          <Trans>When</Trans>
        </h2>
        <dl className="plan__when">
          <div>
            <dt>
              <Trans>How often</Trans>
            </dt>
            <dd>{plan.frequencies.map((frequency) => frequencyName(i18n, frequency)).join(', ')}</dd>
          </div>
          <div>
            <dt>
              <Trans>Time slots</Trans>
            </dt>
            <dd>{plan.slots.length > 0 ? plan.slots.map((slot) => slotName(i18n, slot)).join(', ') : t`Any of our delivery slots`}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

/** /subscribe/:slug: a plan on sale, and the form to subscribe to it (signed-in customers). */
export default function SubscriptionPlanPage() {
  const { slug = '' } = useParams();
  const { isSignedIn } = useAuth();
  const { load, retry } = useSubscriptionPlan(slug);
  const { t } = useLingui();

  if (load.state === 'loading') {
    return (
      <section className="container page">
        <Spinner label={t`Loading plan…`} />
      </section>
    );
  }
  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'failed') {
    return (
      <section className="container page">
        <Notice tone="error">{load.message}</Notice>
        <Button variant="secondary" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </section>
    );
  }

  const { plan } = load;
  return (
    <article className="container page plan">
      <title>{`${plan.name} · Thalir Blooms`}</title>
      <nav aria-label={t`Breadcrumb`} className="plan__breadcrumb">
        <ol>
          <li>
            <Link to={STOREFRONT_PAGES.subscriptionPlans.path}>
              <Trans>Flower subscriptions</Trans>
            </Link>
          </li>
          <li aria-current="page" lang={englishText(plan.languages?.name)}>
            {plan.name}
          </li>
        </ol>
      </nav>
      <div className="plan__layout">
        <PlanDetails plan={plan} />
        <section className="plan__subscribe" aria-labelledby="subscribe-heading">
          <h2 id="subscribe-heading">
            <Trans>Subscribe</Trans>
          </h2>
          {/* The server draws every page signed out: the form comes in the browser, for a signed-in customer. */}
          {isSignedIn ? (
            <SubscribeForm key={plan._id} plan={plan} />
          ) : (
            <SignInPrompt>{t`Please log in to subscribe. You choose the days, the time slot and the pack after that.`}</SignInPrompt>
          )}
        </section>
      </div>
    </article>
  );
}
