import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { STOREFRONT_PAGES } from '@thalir/pages';
import { useSubscriptionPlans } from '../hooks/use-subscription-plans';
import { PlanCards } from './plan-cards';
import './subscription-plans.css';

/** The home page's "Flowers every morning": the plans on sale. An extra, so nothing shows until they are there. */
export function SubscriptionPlansSection() {
  const { load } = useSubscriptionPlans();
  if (load.state !== 'ready' || load.plans.length === 0) return null;
  return (
    <section className="section" aria-labelledby="subscription-plans-heading">
      <div className="container">
        <div className="plans-section__header">
          <div>
            <p className="eyebrow">
              <Trans>Flowers every morning</Trans>
            </p>
            <h2 id="subscription-plans-heading">
              <Trans>Flower subscriptions</Trans>
            </h2>
          </div>
          <Link to={STOREFRONT_PAGES.subscriptionPlans.path} className="text-link">
            <Trans>All plans</Trans> <span aria-hidden="true">→</span>
          </Link>
        </div>
        <PlanCards plans={load.plans} headingLevel="h3" />
      </div>
    </section>
  );
}
