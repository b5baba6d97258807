import { useRef, useState } from 'react';
import type { SubscriptionPlan } from '@thalir/contracts';
import { Button, formatMoney, Notice, Spinner } from '@thalir/ui';
import { type ListMessage, useActiveSwitch } from '../../../hooks/use-active-switch';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchPlans, updatePlan } from '../api/subscription-plans';
import { PlanForm, type PlanFormMode } from './plan-form';
import { describeFrequencies, describePacks, describePlanItems, describeSlots } from './plan-text';
import './plans-page.css';

/** /admin/subscription-plans: the plans of flower subscriptions; creating, changing, stopping and resuming their sale. */
export default function PlansPage() {
  const { data, error, loading, reload } = useFetch((signal) => fetchPlans(signal), []);
  const [formMode, setFormMode] = useState<PlanFormMode | null>(null);
  const [message, setMessage] = useState<ListMessage | null>(null);
  // A plain button rather than <Button>: the form hands focus back to it when it closes.
  const newButtonRef = useRef<HTMLButtonElement>(null);
  const plans = data ?? [];

  const closeForm = () => {
    setFormMode(null);
    newButtonRef.current?.focus();
  };

  const saved = (text: string, tone: 'success' | 'error' = 'success') => {
    setMessage({ tone, text });
    closeForm();
    reload();
  };

  /** A plan is never deleted: it stops being sold, and the subscriptions to it go on. */
  const { switchingId, switchActive: switchSale } = useActiveSwitch<SubscriptionPlan>({
    save: (plan, active) => updatePlan(plan._id, { active }),
    switchedTo: (active) => (active ? 'on sale again' : 'no longer sold'),
    failed: (active) => (active ? 'Could not put the plan on sale' : 'Could not stop selling the plan'),
    showMessage: setMessage,
    reload,
  });

  return (
    <section className="container page" aria-labelledby="plans-title">
      <div className="admin-page__header">
        <h1 id="plans-title">Subscription plans</h1>
        <button type="button" ref={newButtonRef} className="btn btn--primary btn--md" onClick={() => setFormMode({ kind: 'add' })}>
          New plan
        </button>
      </div>

      {formMode && <PlanForm key={formMode.kind === 'edit' ? formMode.plan._id : 'new'} mode={formMode} onSaved={saved} onClose={closeForm} />}

      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the plans</Notice>}
      {loading && !data && <Spinner label="Loading plans…" />}
      {data && plans.length === 0 && <p className="admin-empty">No plans yet. Create the first one.</p>}

      {plans.length > 0 && (
        <div className="table-wrap card">
          <table className="table plans-table">
            <caption className="visually-hidden">Subscription plans, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Each delivery</th>
                <th scope="col">Customers choose</th>
                <th scope="col" className="num">
                  Per delivery
                </th>
                <th scope="col">Packs</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => (
                <tr key={plan._id}>
                  <th scope="row">
                    <span className="plans-table__name">{plan.name}</span>
                    <span className="plans-table__note">/subscribe/{plan.slug}</span>
                  </th>
                  <td>{describePlanItems(plan)}</td>
                  <td>
                    {describeFrequencies(plan)}
                    <span className="plans-table__note">{describeSlots(plan)}</span>
                  </td>
                  <td className="num">{formatMoney(plan.pricePerDelivery)}</td>
                  <td>{describePacks(plan)}</td>
                  <td>
                    <span className={`badge badge--${plan.active ? 'green' : 'yellow'}`}>{plan.active ? 'On sale' : 'Not sold'}</span>
                  </td>
                  <td>
                    <div className="plans-table__actions">
                      <Button variant="secondary" size="sm" onClick={() => setFormMode({ kind: 'edit', plan })} aria-label={`Edit ${plan.name}`}>
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => void switchSale(plan)}
                        disabled={switchingId === plan._id}
                        aria-label={`${plan.active ? 'Stop selling' : 'Sell again'} ${plan.name}`}
                      >
                        {plan.active ? 'Stop selling' : 'Sell again'}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
