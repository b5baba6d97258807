import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import type { Order } from '@thalir/contracts';
import { formatMoney, Notice, PaidBadge, shortOrderId, Spinner, StatusBadge, useLanguage } from '@thalir/ui';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { fetchMyOrders } from '../api/orders';
import { dateIn, deliveryIn } from '../../../lib/language-dates';
import { kindName, PAID, slotName, statusName, UNPAID } from './order-words';
import './orders.css';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; orders: Order[] };

function OrdersTable({ orders }: { orders: Order[] }) {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  // The column names, also shown beside each value on narrow screens (data-label).
  const columns = { id: t`Order ID`, total: t`Total`, status: t`Status`, payment: t`Payment`, date: t`Date`, delivery: t`Delivery` };
  return (
    <div className="table-wrap orders-table-wrap">
      <table className="table orders-table">
        <caption className="visually-hidden">
          <Trans>Your orders, newest first</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">{columns.id}</th>
            <th scope="col">{columns.total}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.payment}</th>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.delivery}</th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Details</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const shortId = shortOrderId(order._id);
            return (
              <tr key={order._id}>
                <th scope="row" data-label={columns.id} className="orders-table__id">
                  {shortId}
                  {order.kind && <span className="orders-table__kind">{kindName(i18n, order.kind)}</span>}
                </th>
                <td data-label={columns.total} className="orders-table__money">
                  {formatMoney(order.totalAmount)}
                </td>
                <td data-label={columns.status}>
                  <StatusBadge status={order.status} label={statusName(i18n, order.status)} />
                </td>
                <td data-label={columns.payment}>
                  <PaidBadge isPaid={order.isPaid} label={i18n._(order.isPaid ? PAID : UNPAID)} />
                </td>
                <td data-label={columns.date}>{dateIn(order.createdAt, language)}</td>
                <td data-label={columns.delivery}>{order.delivery ? deliveryIn(order.delivery, language, slotName(i18n, order.delivery.slot)) : '—'}</td>
                <td className="orders-table__view">
                  <Link to={`/order/${order._id}`} aria-label={t`View order ${shortId}`}>
                    <Trans>View</Trans>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MyOrders() {
  const { t } = useLingui();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchMyOrders(controller.signal).then(
      (orders) => setLoad({ state: 'loaded', orders }),
      (error: Error) => {
        if (error.name !== 'AbortError') setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  if (load.state === 'loading') return <Spinner label={t`Loading your orders…`} />;
  if (load.state === 'failed') {
    return (
      <Notice tone="error">
        <Trans>Could not load your orders.</Trans>
      </Notice>
    );
  }
  if (load.orders.length === 0) {
    return (
      <div className="card orders-empty">
        <p>
          <Trans>You have no orders yet.</Trans>
        </p>
        <Link to="/products" className="btn btn--primary btn--md">
          <Trans>Browse products</Trans>
        </Link>
      </div>
    );
  }
  return <OrdersTable orders={load.orders} />;
}

export default function MyOrdersPage() {
  const { isSignedIn } = useAuth();
  const { t } = useLingui();
  const location = useLocation();
  // Checkout hands over its success text when it sends the customer here.
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  return (
    <section className="container page orders-page" aria-labelledby="my-orders-heading">
      <title>{`${t`My orders`} · Thalir Blooms`}</title>
      <h1 id="my-orders-heading">
        <Trans>My Orders</Trans>
      </h1>
      {typeof notice === 'string' && <Notice tone="success">{notice}</Notice>}
      {isSignedIn ? <MyOrders /> : <SignInPrompt>{t`Please log in to see your orders.`}</SignInPrompt>}
    </section>
  );
}
