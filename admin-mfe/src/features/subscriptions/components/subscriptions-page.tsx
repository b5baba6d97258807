import { Fragment, useState } from 'react';
import type { Subscription } from '@thalir/contracts';
import { Button, formatCount, formatDate, formatDeliveryDay, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { useListParams } from '../../../hooks/use-list-params';
import { useAccess } from '../../access';
import { Pagination } from '../../../components/pagination';
import { fetchSubscriptionPage, SUBSCRIPTIONS_PAGE_SIZE } from '../api/subscriptions';
import { PlanFilter } from './plan-filter';
import { SubscriptionDetail } from './subscription-detail';
import {
  asSubscriptionStatus,
  describeDay,
  describeFrequency,
  nextDay,
  notMadeDays,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUS_TONES,
} from './subscription-text';
import './subscriptions.css';

/** The table's columns: an open subscription's detail spans them all. */
const TABLE_COLUMNS = 8;

/**
 * /admin/subscriptions: every flower subscription by plan and state, newest first. A row opens its
 * detail (kept in the address as `open`, so a link shows it); staff who manage orders may cancel one there.
 */
export default function SubscriptionsPage() {
  const canManage = useAccess().can('orders.manage');
  const { page, filters, update } = useListParams(['plan', 'status', 'open'] as const);
  const { plan, open } = filters;
  const status = asSubscriptionStatus(filters.status);
  const { data: listed, error, loading } = useFetch((signal) => fetchSubscriptionPage({ plan, status, page }, signal), [plan, status, page]);
  const data = listed?.subscriptions;
  // A cancel's answer replaces its row until the list is loaded again, even when the state filter would now leave it out.
  const [cancelled, setCancelled] = useState<{ basis: Subscription[]; subscription: Subscription } | null>(null);
  const answer = cancelled && cancelled.basis === data ? cancelled.subscription : null;
  const subscriptions = (data ?? []).map((listed) => (listed._id === answer?._id ? answer : listed));
  const withNotMade = subscriptions.filter((subscription) => notMadeDays(subscription).length > 0).length;

  return (
    <section className="container page" aria-labelledby="subscriptions-title">
      <div className="admin-page__header">
        <h1 id="subscriptions-title">Subscriptions</h1>
        {!canManage && <p className="admin-muted">Read only: your role sees subscriptions but does not cancel them.</p>}
      </div>

      <div className="admin-toolbar" role="search">
        <PlanFilter value={plan} listed={data} onChange={(planId) => update({ plan: planId })} />
        <div className="field">
          <label htmlFor="subscription-status-filter">State</label>
          <select id="subscription-status-filter" value={status} onChange={(event) => update({ status: event.target.value })}>
            <option value="">All</option>
            {Object.entries(SUBSCRIPTION_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {loading && data && <span className="admin-muted">Updating…</span>}
      </div>

      {error !== undefined && <Notice tone="error">Could not load the subscriptions</Notice>}
      {loading && !data && <Spinner label="Loading subscriptions…" />}
      {withNotMade > 0 && (
        <Notice tone="error">
          Of the subscriptions shown, {withNotMade === 1 ? '1 has' : `${formatCount(withNotMade)} have`} a delivery not made because stock was short. The
          customer was told by mail and keeps the delivery’s credit.
        </Notice>
      )}
      {data && subscriptions.length === 0 && (
        <p className="admin-empty">{plan || status ? 'No subscriptions match these filters.' : 'No subscriptions yet.'}</p>
      )}

      {subscriptions.length > 0 && (
        <div className="table-wrap card">
          <table className="table subscriptions-table">
            <caption className="visually-hidden">Subscriptions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Plan</th>
                <th scope="col">State</th>
                <th scope="col">How often</th>
                <th scope="col" className="num">
                  Deliveries left / bought
                </th>
                <th scope="col">Next delivery</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscriptions.map((subscription) => {
                const customer = subscription.user?.name ?? 'A customer';
                const next = nextDay(subscription);
                const notMade = notMadeDays(subscription);
                const isOpen = open === subscription._id;
                const detailId = `subscription-detail-${subscription._id}`;
                const rowClasses = [
                  'subscriptions-table__row',
                  isOpen && 'subscriptions-table__row--open',
                  notMade.length > 0 && 'subscriptions-table__row--not-made',
                ];
                return (
                  <Fragment key={subscription._id}>
                    <tr className={rowClasses.filter(Boolean).join(' ')}>
                      <th scope="row">
                        <span className="subscriptions-table__customer">{customer}</span>
                        {subscription.user && <span className="subscriptions-note subscriptions-table__email">{subscription.user.email}</span>}
                      </th>
                      <td>{subscription.plan.name}</td>
                      <td>
                        <span className={`badge badge--${SUBSCRIPTION_STATUS_TONES[subscription.status]}`}>
                          {SUBSCRIPTION_STATUS_LABELS[subscription.status]}
                        </span>
                        {notMade.map((day) => (
                          <span key={day.date} className="subscriptions-table__not-made">
                            Not made {formatDeliveryDay(day.date, { withYear: false })}: stock was short
                          </span>
                        ))}
                      </td>
                      <td>
                        {describeFrequency(subscription)}
                        <span className="subscriptions-note">{subscription.slot}</span>
                      </td>
                      <td className="num">
                        {formatCount(subscription.credits.left)} / {formatCount(subscription.credits.bought)}
                      </td>
                      <td className="subscriptions-table__date">
                        {next ? (
                          <>
                            {formatDeliveryDay(next.date)}
                            <span className="subscriptions-note">{describeDay(next)}</span>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="subscriptions-table__date">{formatDate(subscription.createdAt)}</td>
                      <td>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? detailId : undefined}
                          onClick={() => update({ open: isOpen ? '' : subscription._id, page })}
                        >
                          {isOpen ? 'Hide' : 'Details'}
                          <span className="visually-hidden">
                            {isOpen ? ' the details of' : ' of'} {customer}’s subscription to {subscription.plan.name}
                          </span>
                        </Button>
                      </td>
                    </tr>
                    {isOpen && (
                      <tr id={detailId} className="subscriptions-table__detail">
                        <td colSpan={TABLE_COLUMNS}>
                          <SubscriptionDetail
                            id={subscription._id}
                            canManage={canManage}
                            onCancelled={(answer) => data && setCancelled({ basis: data, subscription: answer })}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {listed && listed.total > 0 && (
        <Pagination
          page={page}
          pageSize={SUBSCRIPTIONS_PAGE_SIZE}
          total={listed.total}
          onPageChange={(next) => update({ page: next })}
          label="Subscription pages"
        />
      )}
    </section>
  );
}
