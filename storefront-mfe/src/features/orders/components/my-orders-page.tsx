import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '@thalir/auth';
import { type Order, SUBSCRIPTION_ORDER_LABELS } from '@thalir/contracts';
import { formatDate, formatDelivery, formatMoney, Notice, PaidBadge, shortOrderId, Spinner, StatusBadge } from '@thalir/ui';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { fetchMyOrders } from '../api/orders';
import './orders.css';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; orders: Order[] };

function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="table-wrap orders-table-wrap">
      <table className="table orders-table">
        <caption className="visually-hidden">Your orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order ID</th>
            <th scope="col">Total</th>
            <th scope="col">Status</th>
            <th scope="col">Payment</th>
            <th scope="col">Date</th>
            <th scope="col">Delivery</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const shortId = shortOrderId(order._id);
            return (
              <tr key={order._id}>
                <th scope="row" data-label="Order ID" className="orders-table__id">
                  {shortId}
                  {order.kind && <span className="orders-table__kind">{SUBSCRIPTION_ORDER_LABELS[order.kind]}</span>}
                </th>
                <td data-label="Total" className="orders-table__money">
                  {formatMoney(order.totalAmount)}
                </td>
                <td data-label="Status">
                  <StatusBadge status={order.status} />
                </td>
                <td data-label="Payment">
                  <PaidBadge isPaid={order.isPaid} />
                </td>
                <td data-label="Date">{formatDate(order.createdAt)}</td>
                <td data-label="Delivery">{order.delivery ? formatDelivery(order.delivery) : '—'}</td>
                <td className="orders-table__view">
                  <Link to={`/order/${order._id}`} aria-label={`View order ${shortId}`}>
                    View
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

  if (load.state === 'loading') return <Spinner label="Loading your orders…" />;
  if (load.state === 'failed') return <Notice tone="error">Could not load your orders.</Notice>;
  if (load.orders.length === 0) {
    return (
      <div className="card orders-empty">
        <p>You have no orders yet.</p>
        <Link to="/products" className="btn btn--primary btn--md">
          Browse products
        </Link>
      </div>
    );
  }
  return <OrdersTable orders={load.orders} />;
}

export default function MyOrdersPage() {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  // Checkout hands over its success text when it sends the customer here.
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  return (
    <section className="container page orders-page" aria-labelledby="my-orders-heading">
      <title>My orders · Thalir Blooms</title>
      <h1 id="my-orders-heading">My Orders</h1>
      {typeof notice === 'string' && <Notice tone="success">{notice}</Notice>}
      {isSignedIn ? <MyOrders /> : <SignInPrompt>Please log in to see your orders.</SignInPrompt>}
    </section>
  );
}
