import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import type { Subscription } from '@thalir/contracts';
import { formatCount, formatDate, formatDateTime, formatDeliveryDay, formatMoney, Notice, PaidBadge, shortOrderId, Spinner, StatusBadge } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchSubscription } from '../api/subscriptions';
import { CancelSubscription } from './cancel-subscription';
import { deliveriesCount, describeDay, orderScreenLink, refundedValue } from './subscription-text';

function OrderLink({ orderId }: { orderId: string }) {
  const shortId = shortOrderId(orderId);
  return (
    <Link to={orderScreenLink(orderId)} aria-label={`Order ${shortId} in Orders`}>
      #{shortId}
    </Link>
  );
}

function ComingDays({ subscription }: { subscription: Subscription }) {
  if (subscription.deliveries.length === 0) return <p className="admin-muted">No coming deliveries.</p>;
  return (
    <div className="table-wrap">
      <table className="table subscription-days">
        <caption className="visually-hidden">Coming deliveries, today first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Slot</th>
            <th scope="col">Status</th>
            <th scope="col">Recipient</th>
            <th scope="col">Address</th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody>
          {subscription.deliveries.map((day) => (
            <tr key={day.date} className={`subscription-days__row--${day.status}`}>
              <th scope="row" className="subscription-days__date">
                {formatDeliveryDay(day.date)}
              </th>
              <td>{day.slot}</td>
              <td>
                <span className="subscription-days__status">{describeDay(day)}</span>
                {day.note && <span className="subscription-days__note">{day.note}</span>}
              </td>
              <td>
                {day.recipientName}
                <span className="subscriptions-note">{day.recipientPhone}</span>
              </td>
              <td>
                {day.address} – {day.pincode}
              </td>
              <td>{day.orderId ? <OrderLink orderId={day.orderId} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Packs({ subscription }: { subscription: Subscription }) {
  if (subscription.packs.length === 0) return <p className="admin-muted">No packs.</p>;
  return (
    <div className="table-wrap">
      <table className="table subscription-packs">
        <caption className="visually-hidden">Packs, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Bought</th>
            <th scope="col" className="num">
              Deliveries
            </th>
            <th scope="col" className="num">
              Per delivery
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col">Payment</th>
            <th scope="col" className="num">
              Used
            </th>
            <th scope="col" className="num">
              Refunded
            </th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody>
          {subscription.packs.map((pack) => (
            <tr key={pack.orderId}>
              <th scope="row">{formatDate(pack.createdAt)}</th>
              <td className="num">{formatCount(pack.deliveries)}</td>
              <td className="num">{formatMoney(pack.pricePerDelivery)}</td>
              <td className="num">{formatMoney(pack.amount)}</td>
              <td>
                <PaidBadge isPaid={pack.paid} />
              </td>
              <td className="num">{formatCount(pack.used)}</td>
              <td className="num">{formatCount(pack.refunded)}</td>
              <td>
                <OrderLink orderId={pack.orderId} /> <StatusBadge status={pack.orderStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface SubscriptionDetailProps {
  id: string;
  /** May cancel it (the `orders.manage` permission). */
  canManage: boolean;
  onCancelled: (cancelled: Subscription) => void;
}

/** One subscription as staff follow it: where it goes, its coming days, its pauses and packs, and cancelling it. */
export function SubscriptionDetail({ id, canManage, onCancelled }: SubscriptionDetailProps) {
  const { data, error } = useFetch((signal) => fetchSubscription(id, signal), [id]);
  // The cancel call's answer is the subscription as it now is.
  const [cancelled, setCancelled] = useState<Subscription | null>(null);
  const subscription = cancelled ?? data;

  if (error !== undefined) return <Notice tone="error">{errorMessage(error, 'Could not load the subscription')}</Notice>;
  if (!subscription) return <Spinner label="Loading the subscription…" />;

  const { credits } = subscription;
  const titleId = `subscription-${subscription._id}-title`;
  return (
    <section className="subscription-detail" aria-labelledby={titleId}>
      <h2 id={titleId} className="subscription-detail__title">
        {subscription.plan.name} for {subscription.user?.name ?? 'a customer'}
      </h2>
      <dl className="subscription-detail__facts">
        <div>
          <dt>Delivered to</dt>
          <dd>
            {subscription.recipientName}, {subscription.recipientPhone}
            <span className="subscriptions-note">
              {subscription.address} – {subscription.pincode}
            </span>
          </dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>{formatDeliveryDay(subscription.startDate)}</dd>
        </div>
        <div>
          <dt>Deliveries</dt>
          <dd>
            {formatCount(credits.bought)} bought, {formatCount(credits.used)} used, {formatCount(credits.left)} left, {formatCount(credits.refunded)} refunded
          </dd>
        </div>
        {subscription.cancelledAt && (
          <div>
            <dt>Cancelled</dt>
            <dd>{formatDateTime(subscription.cancelledAt)}</dd>
          </div>
        )}
      </dl>

      <h3>Coming deliveries</h3>
      <ComingDays subscription={subscription} />

      <h3>Pauses</h3>
      {subscription.pauses.length === 0 ? (
        <p className="admin-muted">No pauses.</p>
      ) : (
        <ul className="subscription-detail__pauses">
          {subscription.pauses.map((pause) => (
            <li key={pause._id}>
              {formatDeliveryDay(pause.from)} to {formatDeliveryDay(pause.to)}
            </li>
          ))}
        </ul>
      )}

      <h3>Packs</h3>
      <Packs subscription={subscription} />

      {cancelled && (
        <Notice tone="success">
          The subscription is cancelled.{' '}
          {credits.refunded > 0
            ? `${deliveriesCount(credits.refunded)} refunded: ${formatMoney(refundedValue(cancelled))}; each pack’s order shows its refund.`
            : 'No deliveries were left to refund.'}
        </Notice>
      )}
      {canManage && subscription.status !== 'cancelled' && (
        <CancelSubscription
          subscription={subscription}
          onCancelled={(answer) => {
            setCancelled(answer);
            onCancelled(answer);
          }}
        />
      )}
    </section>
  );
}
