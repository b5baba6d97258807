import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { STOREFRONT_PAGES } from '@thalir/pages';
import { formatMoney } from '@thalir/ui';
import { useSubscriptionPlans } from '../hooks/use-subscription-plans';
import { englishText, planPagePath } from './plan-terms';
import './subscription-plans.css';

/** The shop's short list of the plans on sale, each with the price of a delivery. Nothing shows until they are there. */
export function SubscriptionPlanLinks() {
  const headingId = useId();
  const { load } = useSubscriptionPlans();
  if (load.state !== 'ready' || load.plans.length === 0) return null;
  return (
    <aside className="plan-links" aria-labelledby={headingId}>
      <h2 id={headingId} className="plan-links__heading">
        <Trans>Flowers every morning</Trans>
      </h2>
      <p className="plan-links__intro">
        <Trans>Subscribe and get fresh flowers on the days you choose, in prepaid packs of deliveries.</Trans>
      </p>
      <ul className="plan-links__list">
        {load.plans.map((plan) => {
          const price = formatMoney(plan.pricePerDelivery);
          return (
            <li key={plan._id}>
              <Link to={planPagePath(plan.slug)} className="text-link" lang={englishText(plan.languages?.name)}>
                {plan.name}
              </Link>{' '}
              <span className="plan-links__price">
                <Trans>{price} a delivery</Trans>
              </span>
            </li>
          );
        })}
        <li>
          <Link to={STOREFRONT_PAGES.subscriptionPlans.path} className="text-link">
            <Trans>All plans</Trans>
          </Link>
        </li>
      </ul>
    </aside>
  );
}
