import { Link } from 'react-router-dom';
import { FREQUENCY_LABELS, type SubscriptionPlan } from '@thalir/contracts';
import { formatMoney } from '@thalir/ui';
import { planPagePath } from './plan-terms';
import './subscription-plans.css';

interface Props {
  plans: SubscriptionPlan[];
  /** The cards' headings sit one level below the heading of the list they are in. */
  headingLevel: 'h2' | 'h3';
}

/** A card per plan, each a link to its page: the name, the price of a delivery, how often and what it is. */
export function PlanCards({ plans, headingLevel: Heading }: Props) {
  return (
    <ul className="plan-cards">
      {plans.map((plan) => (
        <li key={plan._id} className="card plan-card">
          <Link to={planPagePath(plan.slug)} className="plan-card__link">
            <Heading className="plan-card__name">{plan.name}</Heading>
            <p className="plan-card__price">
              {formatMoney(plan.pricePerDelivery)} <span>a delivery</span>
            </p>
            <p className="plan-card__frequencies">{plan.frequencies.map((frequency) => FREQUENCY_LABELS[frequency]).join(' · ')}</p>
            <p className="plan-card__description">{plan.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
