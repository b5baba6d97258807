import { useState } from 'react';
import type { Subscription } from '@thalir/contracts';
import { useFetch } from '../../../hooks/use-fetch';
import { useAccess } from '../../access';
import { fetchPlans } from '../api/subscriptions';

interface PlanChoice {
  _id: string;
  name: string;
  /** Known only from the plans' own list: false for a plan no longer sold. */
  active?: boolean;
}

/** The plans known and those of `listed` not known yet, by name. */
function withPlansOf(known: PlanChoice[], listed: Subscription[]): PlanChoice[] {
  const added = new Map<string, PlanChoice>();
  for (const { plan } of listed) if (!known.some((choice) => choice._id === plan._id)) added.set(plan._id, { _id: plan._id, name: plan.name });
  return [...known, ...added.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export interface PlanFilterProps {
  /** The chosen plan's id; empty: every plan. */
  value: string;
  /** The subscriptions on screen. */
  listed: Subscription[] | undefined;
  onChange: (planId: string) => void;
}

/**
 * Every plan for staff who may read the catalogue. The others (the plans' list needs `catalog`), and
 * anyone when that list fails, choose among the plans met in the subscriptions loaded so far.
 */
export function PlanFilter({ value, listed, onChange }: PlanFilterProps) {
  const canReadPlans = useAccess().can('catalog');
  const { data: plans } = useFetch((signal) => (canReadPlans ? fetchPlans(signal) : Promise.resolve(undefined)), [canReadPlans]);
  // Gathered while rendering each new list (React's way to keep what earlier renders saw), so the options never lag the list.
  const [seen, setSeen] = useState<{ lastListed?: Subscription[]; plans: PlanChoice[] }>({ plans: [] });
  if (listed && listed !== seen.lastListed) setSeen({ lastListed: listed, plans: withPlansOf(seen.plans, listed) });
  const choices = plans ?? seen.plans;

  return (
    <div className="field">
      <label htmlFor="subscription-plan-filter">Plan</label>
      <select id="subscription-plan-filter" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All plans</option>
        {choices.map((plan) => (
          <option key={plan._id} value={plan._id}>
            {plan.active === false ? `${plan.name} (not sold)` : plan.name}
          </option>
        ))}
      </select>
    </div>
  );
}
