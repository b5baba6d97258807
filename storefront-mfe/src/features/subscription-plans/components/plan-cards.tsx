import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SubscriptionPlan } from '@thalir/contracts';
import { formatMoney } from '@thalir/ui';
import { englishText, frequencyName, planPagePath } from './plan-terms';
import './subscription-plans.css';

interface Props {
  plans: SubscriptionPlan[];
  /** The cards' headings sit one level below the heading of the list they are in. */
  headingLevel: 'h2' | 'h3';
}

/** A card per plan, each a link to its page: the name, the price of a delivery, how often and what it is. */
export function PlanCards({ plans, headingLevel: Heading }: Props) {
  const { i18n } = useLingui();
  return (
    <ul className="plan-cards">
      {plans.map((plan) => {
        const price = formatMoney(plan.pricePerDelivery);
        return (
          <li key={plan._id} className="card plan-card">
            <Link to={planPagePath(plan.slug)} className="plan-card__link">
              <Heading className="plan-card__name" lang={englishText(plan.languages?.name)}>
                {plan.name}
              </Heading>
              <p className="plan-card__price">
                <Trans>
                  {price} <span>a delivery</span>
                </Trans>
              </p>
              <p className="plan-card__frequencies">{plan.frequencies.map((frequency) => frequencyName(i18n, frequency)).join(' · ')}</p>
              <p className="plan-card__description" lang={englishText(plan.languages?.description)}>
                {plan.description}
              </p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
