import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, openOnlinePayment } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import { type ActorKind, PAYMENT_METHOD_LABELS, type Order } from '@thalir/contracts';
import {
  Button,
  formatDate,
  formatDateTime,
  formatDelivery,
  formatMoney,
  Notice,
  PaidBadge,
  paymentWindowExpired,
  saveBlob,
  shortOrderId,
  Spinner,
  StatusBadge,
} from '@thalir/ui';
import { PriceBreakdown } from '../../../components/price-breakdown';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { fetchInvoice, fetchOrder } from '../api/orders';
import { CancelOrderButton, ConfirmationNotice, ExpiredOrderNotice, PaymentWindowNotice, RefundNotice } from './order-lifecycle';
import './orders.css';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; order: Order };

function lineTotal(price: number, quantity: number): number {
  return (Math.round(price * 100) * quantity) / 100;
}

/** The items before discounts, summed in paise. */
function itemsAmount(order: Order): number {
  return order.orderItems.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0) / 100;
}

/** Orders placed before offers and delivery charges carry neither, and show only their total. */
function isItemised(order: Order): boolean {
  return order.deliveryFee !== undefined || (order.discounts?.length ?? 0) > 0;
}

function InvoiceButton({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await fetchInvoice(orderId), `Invoice_${orderId}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-action">
      <Button variant="secondary" onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? 'Downloading…' : 'Download Invoice'}
      </Button>
      {failed && <Notice tone="error">Could not download invoice</Notice>}
    </div>
  );
}

/** Who moved an order, as its buyer reads it. */
const MOVED_BY: Record<ActorKind, string> = { admin: 'by the shop', buyer: 'by you', system: 'automatically', courier: 'by our delivery person' };

/** Pays an unpaid online order whose popup was closed or failed at checkout. */
function PayNowButton({ order, onPaid }: { order: Order; onPaid: (order: Order | undefined) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A second click before the re-render must not open a second popup.
  const paying = useRef(false);

  const release = () => {
    paying.current = false;
    setBusy(false);
  };

  const pay = async () => {
    if (paying.current) return;
    paying.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await openOnlinePayment(order, {
        onPaid: (paid) => {
          window.alert('Payment Successful!');
          release();
          onPaid(paid);
        },
        onVerificationFailed: (reason) => {
          window.alert(reason ?? 'Payment verification failed');
          release();
          // A payment the shop refunds (the order was cancelled meanwhile) shows on the page at once.
          if (reason) onPaid(undefined);
        },
        onPaymentFailed: () => {
          window.alert('Payment failed');
          release();
        },
        onDismiss: release,
      });
    } catch (error) {
      setFailure(errorMessage(error, 'Could not open the payment window. Please try again.'));
      release();
    }
  };

  return (
    <div className="order-action">
      <Button onClick={pay} disabled={busy} aria-busy={busy}>
        Pay now
      </Button>
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}

interface DetailsProps {
  order: Order;
  isAdmin: boolean;
  onPaid: (order: Order | undefined) => void;
  onChanged: (order: Order) => void;
}

function OrderDetails({ order, isAdmin, onPaid, onChanged }: DetailsProps) {
  const canPay = !isAdmin && order.paymentMethod === 'razorpay' && !order.isPaid && order.status !== 'cancelled';
  const canCancel = !isAdmin && order.status === 'pending';
  return (
    <>
      <h1 id="order-heading">Order {shortOrderId(order._id)}</h1>
      {order.paymentDueBy && !isAdmin && <PaymentWindowNotice dueBy={order.paymentDueBy} />}
      {order.confirmationDueBy && !isAdmin && <ConfirmationNotice dueBy={order.confirmationDueBy} />}
      {paymentWindowExpired(order) && !isAdmin && <ExpiredOrderNotice order={order} />}
      {order.refund && <RefundNotice refund={order.refund} />}

      <div className="order-layout">
        <div className="order-main">
          <section className="card order-card" aria-labelledby="order-facts-heading">
            <h2 id="order-facts-heading" className="order-card__heading">
              Order details
            </h2>
            <dl className="order-facts">
              <div>
                <dt>Order ID</dt>
                <dd className="order-facts__id">{order._id}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={order.status} />
                </dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>
                  {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod} <PaidBadge isPaid={order.isPaid} />
                  {order.isPaid && order.paidAt && <span className="order-facts__note">on {formatDate(order.paidAt)}</span>}
                </dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDate(order.createdAt)}</dd>
              </div>
              {isAdmin && (
                <div>
                  <dt>Customer</dt>
                  <dd>
                    {order.user.name} ({order.user.email})
                  </dd>
                </div>
              )}
              {order.delivery && (
                <>
                  <div>
                    <dt>Delivery</dt>
                    <dd>{formatDelivery(order.delivery)}</dd>
                  </div>
                  <div>
                    <dt>Recipient</dt>
                    <dd>
                      {order.delivery.recipientName}
                      {order.delivery.recipientPhone && <span className="order-facts__note">{order.delivery.recipientPhone}</span>}
                    </dd>
                  </div>
                </>
              )}
              <div className="order-facts__wide">
                <dt>Delivery address</dt>
                <dd className="order-facts__address">
                  {order.address}
                  {order.delivery?.pincode && ` – ${order.delivery.pincode}`}
                </dd>
              </div>
              {order.delivery?.giftMessage && (
                <div className="order-facts__wide">
                  <dt>Gift message</dt>
                  <dd className="order-facts__gift">“{order.delivery.giftMessage}”</dd>
                </div>
              )}
            </dl>
          </section>

          <section className="card order-card" aria-labelledby="order-items-heading">
            <h2 id="order-items-heading" className="order-card__heading">
              Items
            </h2>
            <div className="table-wrap">
              <table className="table order-items">
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col" className="order-items__number">
                      Quantity
                    </th>
                    <th scope="col" className="order-items__number order-items__unit">
                      Price
                    </th>
                    <th scope="col" className="order-items__number">
                      Line total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.orderItems.map((item, index) => (
                    <tr key={`${item.product}-${index}`}>
                      <th scope="row">
                        <Link to={`/product/${item.product}`}>{item.name}</Link>
                        <span className="order-items__each">{formatMoney(item.price)} each</span>
                      </th>
                      <td className="order-items__number">{item.quantity}</td>
                      <td className="order-items__number order-items__unit">{formatMoney(item.price)}</td>
                      <td className="order-items__number">
                        {formatMoney(lineTotal(item.price, item.quantity))}
                        {item.discount ? <span className="order-items__discount">Offer −{formatMoney(item.discount)}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="order-total">
              <PriceBreakdown
                itemsAmount={isItemised(order) ? itemsAmount(order) : undefined}
                discounts={order.discounts}
                deliveryFee={order.deliveryFee}
                total={order.totalAmount}
                totalTestId="order-total"
              />
            </div>
          </section>
        </div>

        <aside className="order-side">
          <section className="card order-card" aria-label="Order actions">
            {canPay && <PayNowButton order={order} onPaid={onPaid} />}
            {canCancel && <CancelOrderButton order={order} onCancelled={onChanged} />}
            <InvoiceButton orderId={order._id} />
            <Link to={isAdmin ? '/admin/orders' : '/my-orders'} className="order-back">
              {isAdmin ? 'Back to all orders' : 'Back to My Orders'}
            </Link>
          </section>

          {order.statusHistory && order.statusHistory.length > 0 && (
            <section className="card order-card" aria-labelledby="order-history-heading">
              <h2 id="order-history-heading" className="order-card__heading">
                Status history
              </h2>
              <ol className="order-history">
                {order.statusHistory.map((change, index) => (
                  <li key={`${change.status}-${change.at}`}>
                    <StatusBadge status={change.status} /> <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                    {index > 0 && (
                      <span className="order-history__why">
                        {MOVED_BY[change.by]}
                        {change.reason ? `: ${change.reason}` : ''}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </aside>
      </div>
    </>
  );
}

function OrderLoader({ orderId, isAdmin }: { orderId: string; isAdmin: boolean }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchOrder(orderId, controller.signal).then(
      (order) => setLoad({ state: 'loaded', order }),
      (error: Error) => {
        if (error.name !== 'AbortError') setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [orderId, round]);

  const showPaid = (paid: Order | undefined) => {
    if (paid) setLoad((current) => ({ state: 'loaded', order: current.state === 'loaded' ? { ...current.order, ...paid } : paid }));
    else setRound((value) => value + 1);
  };

  if (load.state === 'loading') return <Spinner label="Loading order…" />;
  if (load.state === 'failed') {
    return (
      <>
        <h1 id="order-heading">Order</h1>
        <Notice tone="error">Failed to load order details</Notice>
      </>
    );
  }
  return <OrderDetails order={load.order} isAdmin={isAdmin} onPaid={showPaid} onChanged={(order) => setLoad({ state: 'loaded', order })} />;
}

export default function OrderPage() {
  const { id = '' } = useParams();
  const { isSignedIn, isAdmin } = useAuth();
  return (
    <section className="container page order-page" aria-labelledby="order-heading">
      <title>{`Order ${shortOrderId(id)} · Thalir Blooms`}</title>
      {isSignedIn ? (
        <OrderLoader key={id} orderId={id} isAdmin={isAdmin} />
      ) : (
        <>
          <h1 id="order-heading">Order</h1>
          <SignInPrompt>Please log in to see this order.</SignInPrompt>
        </>
      )}
    </section>
  );
}
