import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { ORDER_STATUSES, PAYMENT_METHOD_LABELS, SUBSCRIPTION_ORDER_LABELS, type Order, type OrderStatus } from '@thalir/contracts';
import {
  Button,
  formatDate,
  formatDelivery,
  formatMoney,
  formatShopDeadline,
  Notice,
  PaidBadge,
  refundLabel,
  shortOrderId,
  Spinner,
  StatusBadge,
} from '@thalir/ui';
import { Pagination } from '../../../components/pagination';
import { useFetch } from '../../../hooks/use-fetch';
import { useListParams, useSearchBox } from '../../../hooks/use-list-params';
import { useAccess } from '../../access';
import { changeOrderStatus, fetchOrderPage, ORDERS_PAGE_SIZE, retryRefund, settleRefund, type OrderPage } from '../api/orders';
import './orders-page.css';

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

function asStatus(value: string): OrderStatus | '' {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : '';
}

type Message = { tone: 'success' | 'error'; text: string };

/** Staff may ask the provider again for what a failed or short refund still owes. */
const retriable = (refund: NonNullable<Order['refund']>) =>
  !refund.manual && (refund.status === 'failed' || refund.status === 'mismatch') && (refund.refunded ?? 0) < refund.amount;

/** Each request made to the payment provider for the refund, with what it answered. */
function RefundAttempts({ refund }: { refund: NonNullable<Order['refund']> }) {
  if (!refund.attempts || refund.attempts.length === 0) return null;
  return (
    <details className="orders-table__attempts">
      <summary>{refund.attempts.length === 1 ? '1 request' : `${refund.attempts.length} requests`} to the provider</summary>
      <ol>
        {refund.attempts.map((attempt) => (
          <li key={attempt._id}>
            {formatDate(attempt.createdAt)}: {formatMoney(attempt.amount)} {attempt.status}
            {attempt.reported !== null && attempt.reported !== attempt.amount && `, ${formatMoney(attempt.reported)} reported`}
            {attempt.providerRefundId && <span className="orders-table__provider-id"> {attempt.providerRefundId}</span>}
            {attempt.failureReason && <span className="orders-table__attempt-reason">{attempt.failureReason}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}

export default function OrdersPage() {
  // Accounts read orders but do not move them: no status select and no refund or confirm buttons for them.
  const canManage = useAccess().can('orders.manage');
  const { page, filters, update } = useListParams(['status', 'q', 'deliveryDate', 'sort'] as const);
  const status = asStatus(filters.status);
  const q = filters.q;
  const deliveryDate = /^\d{4}-\d{2}-\d{2}$/.test(filters.deliveryDate) ? filters.deliveryDate : '';
  const sort = filters.sort === 'delivery' ? 'delivery' : '';
  const [searchText, setSearchText] = useSearchBox(q, (search) => update({ q: search }));
  const [message, setMessage] = useState<Message | null>(null);
  // The status being saved for an order, and the list drawn when it began: its select shows the status at
  // once and stays locked while that list is still the one drawn.
  const [saving, setSaving] = useState<{ id: string; status: OrderStatus; list: OrderPage | undefined } | null>(null);

  const { data, error, loading, reload } = useFetch(
    (signal) => fetchOrderPage({ status, q, page, deliveryDate, sort }, signal),
    [status, q, page, deliveryDate, sort],
  );

  const changeStatus = async (order: Order, next: OrderStatus) => {
    setSaving({ id: order._id, status: next, list: data });
    setMessage(null);
    try {
      await changeOrderStatus(order._id, next);
      setMessage({ tone: 'success', text: `Order ${shortOrderId(order._id)} is now ${next}.` });
    } catch (failure) {
      const reason = errorMessage(failure, '');
      setMessage({ tone: 'error', text: reason ? `Failed to update status: ${reason}` : 'Failed to update status' });
    }
    // Refetch either way: the server may have changed payment or stock along with the status, or refused it.
    reload();
  };

  /** Cash handed back, or a refused refund asked for again; the list is refetched either way. */
  const actOnRefund = async (order: Order, action: 'settle' | 'retry') => {
    const refund = order.refund!;
    setMessage(null);
    try {
      await (action === 'settle' ? settleRefund(refund._id) : retryRefund(refund._id));
      setMessage({
        tone: 'success',
        text:
          action === 'settle'
            ? `Refund of order ${shortOrderId(order._id)} marked as processed.`
            : `Refund of order ${shortOrderId(order._id)} requested again.`,
      });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, 'Could not update the refund') });
    }
    reload();
  };

  // The refetched list (or its failure) replaces `data`: the select unlocks in the render that shows what the server kept.
  const savingNow = saving && saving.list === data ? saving : null;

  const orders = data?.orders ?? [];
  const filtered = Boolean(status || q || deliveryDate);

  return (
    <section className="container page" aria-labelledby="orders-title">
      <div className="admin-page__header">
        <h1 id="orders-title">Orders</h1>
        {!canManage && <p className="admin-muted">Read only: your role sees orders but does not change them.</p>}
      </div>

      <div className="admin-toolbar" role="search">
        <div className="field">
          <label htmlFor="order-status-filter">Status</label>
          <select id="order-status-filter" value={status} onChange={(event: ChangeEvent<HTMLSelectElement>) => update({ status: event.target.value })}>
            <option value="">All</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-search">Search orders</label>
          <input
            id="order-search"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Order id, customer name or email"
          />
        </div>
        <div className="field">
          <label htmlFor="order-delivery-date">Delivery date</label>
          <input id="order-delivery-date" type="date" value={deliveryDate} onChange={(event) => update({ deliveryDate: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="order-sort">Sort</label>
          <select id="order-sort" value={sort} onChange={(event) => update({ sort: event.target.value })}>
            <option value="">Newest first</option>
            <option value="delivery">By delivery date</option>
          </select>
        </div>
        {loading && data && <span className="admin-muted">Updating…</span>}
      </div>

      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {error !== undefined && <Notice tone="error">Could not load orders</Notice>}
      {loading && !data && <Spinner label="Loading orders…" />}

      {data && orders.length === 0 && <p className="admin-empty">{filtered ? 'No orders match these filters.' : 'No orders yet.'}</p>}

      {orders.length > 0 && (
        <div className="table-wrap card">
          <table className="table orders-table">
            <caption className="visually-hidden">Orders, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Date</th>
                <th scope="col">Delivery</th>
                <th scope="col" className="num">
                  Total
                </th>
                <th scope="col">Payment</th>
                <th scope="col">Status</th>
                {canManage && <th scope="col">Change status</th>}
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const shortId = shortOrderId(order._id);
                const isSaving = savingNow?.id === order._id;
                return (
                  <tr key={order._id}>
                    <th scope="row">
                      <span className="orders-table__id" title={order._id}>
                        #{shortId}
                      </span>
                      {order.kind && <span className="orders-table__email">{SUBSCRIPTION_ORDER_LABELS[order.kind]}</span>}
                    </th>
                    <td>
                      <span className="orders-table__customer">{order.user.name}</span>
                      <span className="orders-table__email">{order.user.email}</span>
                    </td>
                    <td className="orders-table__date">{formatDate(order.createdAt)}</td>
                    <td className="orders-table__date">{order.delivery ? formatDelivery(order.delivery) : '—'}</td>
                    <td className="num">
                      {formatMoney(order.totalAmount)}
                      {order.deliveryFee !== undefined && order.deliveryFee > 0 && (
                        <span className="orders-table__charge">Delivery {formatMoney(order.deliveryFee)}</span>
                      )}
                      {order.discounts?.map((discount, index) => (
                        <span key={index} className="orders-table__charge">
                          {discount.code ?? discount.name} −{formatMoney(discount.amount)}
                        </span>
                      ))}
                    </td>
                    <td>
                      <span className="orders-table__method">{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</span>
                      <PaidBadge isPaid={order.isPaid} />
                      {order.refund && (
                        <span className={`orders-table__refund orders-table__refund--${order.refund.status}`}>
                          {refundLabel(order.refund)}
                          {order.refund.manual && order.refund.status === 'pending' && ' (cash, to hand back)'}
                          {order.refund.failureReason && <span className="orders-table__attempt-reason">{order.refund.failureReason}</span>}
                        </span>
                      )}
                      {order.refund && <RefundAttempts refund={order.refund} />}
                      {canManage && order.refund?.manual && order.refund.status === 'pending' && (
                        <Button size="sm" variant="secondary" onClick={() => void actOnRefund(order, 'settle')}>
                          Mark refunded
                        </Button>
                      )}
                      {canManage && order.refund && retriable(order.refund) && (
                        <Button size="sm" variant="secondary" onClick={() => void actOnRefund(order, 'retry')}>
                          {order.refund.status === 'mismatch' ? 'Ask for the rest' : 'Retry refund'}
                        </Button>
                      )}
                    </td>
                    <td>
                      <StatusBadge status={order.status} />
                      {order.confirmationDueBy && (
                        <span className="orders-table__confirm">
                          Large cash order from a new customer: confirm by {formatShopDeadline(order.confirmationDueBy)} or it is cancelled
                          {canManage && (
                            <Button size="sm" variant="secondary" disabled={isSaving} onClick={() => void changeStatus(order, 'processing')}>
                              Confirm order
                            </Button>
                          )}
                        </span>
                      )}
                    </td>
                    {canManage && (
                      <td>
                        <label className="visually-hidden" htmlFor={`status-${order._id}`}>
                          Change the status of order {shortId}
                        </label>
                        <select
                          id={`status-${order._id}`}
                          className="orders-table__select"
                          value={isSaving ? savingNow.status : order.status}
                          disabled={isSaving}
                          aria-busy={isSaving || undefined}
                          onChange={(event) => {
                            const next = asStatus(event.target.value);
                            if (next && next !== order.status) void changeStatus(order, next);
                          }}
                        >
                          {ORDER_STATUSES.map((value) => (
                            <option key={value} value={value}>
                              {STATUS_LABELS[value]}
                            </option>
                          ))}
                        </select>
                      </td>
                    )}
                    <td>
                      <Link to={`/order/${order._id}`} aria-label={`Details of order ${shortId}`}>
                        Details
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 && (
        <Pagination page={page} pageSize={ORDERS_PAGE_SIZE} total={data.total} onPageChange={(next) => update({ page: next })} label="Order pages" />
      )}
    </section>
  );
}
