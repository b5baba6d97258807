import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, openOnlinePayment } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import type { Order } from '@thalir/contracts';
import { Button, formatMoney, Notice, PaidBadge, paymentWindowExpired, saveBlob, shortOrderId, Spinner, StatusBadge, useLanguage } from '@thalir/ui';
import { PriceBreakdown } from '../../../components/price-breakdown';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { fetchInvoice, fetchOrder } from '../api/orders';
import { dateIn, dateTimeIn, deliveryIn } from '../../../lib/language-dates';
import { CancelOrderButton, ConfirmationNotice, ExpiredOrderNotice, PaymentWindowNotice, RefundNotice } from './order-lifecycle';
import { MOVED_BY, PAID, paymentMethodName, reasonText, slotName, statusName, UNPAID } from './order-words';
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
  const { t } = useLingui();
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
        {busy ? t`Downloading…` : t`Download Invoice`}
      </Button>
      {failed && (
        <Notice tone="error">
          <Trans>Could not download invoice</Trans>
        </Notice>
      )}
    </div>
  );
}

/** Pays an unpaid online order whose popup was closed or failed at checkout. */
function PayNowButton({ order, onPaid }: { order: Order; onPaid: (order: Order | undefined) => void }) {
  const { t } = useLingui();
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
          window.alert(t`Payment Successful!`);
          release();
          onPaid(paid);
        },
        onVerificationFailed: (reason) => {
          window.alert(reason ?? t`Payment verification failed`);
          release();
          // A payment the shop refunds (the order was cancelled meanwhile) shows on the page at once.
          if (reason) onPaid(undefined);
        },
        onPaymentFailed: () => {
          window.alert(t`Payment failed`);
          release();
        },
        onDismiss: release,
      });
    } catch (error) {
      setFailure(errorMessage(error, t`Could not open the payment window. Please try again.`));
      release();
    }
  };

  return (
    <div className="order-action">
      <Button onClick={pay} disabled={busy} aria-busy={busy}>
        <Trans>Pay now</Trans>
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
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const shortId = shortOrderId(order._id);
  // Item names are kept as the order recorded them, in English.
  const recordedName = language === 'en' ? undefined : 'en';
  const paidOn = order.paidAt ? dateIn(order.paidAt, language) : '';
  const canPay = !isAdmin && order.paymentMethod === 'razorpay' && !order.isPaid && order.status !== 'cancelled';
  const canCancel = !isAdmin && order.status === 'pending';
  return (
    <>
      <h1 id="order-heading">
        <Trans>Order {shortId}</Trans>
      </h1>
      {order.paymentDueBy && !isAdmin && <PaymentWindowNotice dueBy={order.paymentDueBy} />}
      {order.confirmationDueBy && !isAdmin && <ConfirmationNotice dueBy={order.confirmationDueBy} />}
      {paymentWindowExpired(order) && !isAdmin && <ExpiredOrderNotice order={order} />}
      {order.refund && <RefundNotice refund={order.refund} />}

      <div className="order-layout">
        <div className="order-main">
          <section className="card order-card" aria-labelledby="order-facts-heading">
            <h2 id="order-facts-heading" className="order-card__heading">
              <Trans>Order details</Trans>
            </h2>
            <dl className="order-facts">
              <div>
                <dt>
                  <Trans>Order ID</Trans>
                </dt>
                <dd className="order-facts__id" translate="no">
                  {order._id}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Status</Trans>
                </dt>
                <dd>
                  <StatusBadge status={order.status} label={statusName(i18n, order.status)} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Payment</Trans>
                </dt>
                <dd>
                  {paymentMethodName(i18n, order.paymentMethod)} <PaidBadge isPaid={order.isPaid} label={i18n._(order.isPaid ? PAID : UNPAID)} />
                  {order.isPaid && order.paidAt && (
                    <span className="order-facts__note">
                      <Trans>on {paidOn}</Trans>
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Date</Trans>
                </dt>
                <dd>{dateIn(order.createdAt, language)}</dd>
              </div>
              {isAdmin && (
                <div>
                  <dt>
                    <Trans>Customer</Trans>
                  </dt>
                  <dd translate="no">
                    {order.user.name} ({order.user.email})
                  </dd>
                </div>
              )}
              {order.delivery && (
                <>
                  <div>
                    <dt>
                      <Trans>Delivery</Trans>
                    </dt>
                    <dd>{deliveryIn(order.delivery, language, slotName(i18n, order.delivery.slot))}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Recipient</Trans>
                    </dt>
                    <dd translate="no">
                      {order.delivery.recipientName}
                      {order.delivery.recipientPhone && <span className="order-facts__note">{order.delivery.recipientPhone}</span>}
                    </dd>
                  </div>
                </>
              )}
              <div className="order-facts__wide">
                <dt>
                  <Trans>Delivery address</Trans>
                </dt>
                <dd className="order-facts__address" translate="no">
                  {order.address}
                  {order.delivery?.pincode && ` – ${order.delivery.pincode}`}
                </dd>
              </div>
              {order.delivery?.giftMessage && (
                <div className="order-facts__wide">
                  <dt>
                    <Trans>Gift message</Trans>
                  </dt>
                  <dd className="order-facts__gift" translate="no">
                    “{order.delivery.giftMessage}”
                  </dd>
                </div>
              )}
            </dl>
          </section>

          <section className="card order-card" aria-labelledby="order-items-heading">
            <h2 id="order-items-heading" className="order-card__heading">
              <Trans>Items</Trans>
            </h2>
            <div className="table-wrap">
              <table className="table order-items">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Item</Trans>
                    </th>
                    <th scope="col" className="order-items__number">
                      <Trans>Quantity</Trans>
                    </th>
                    <th scope="col" className="order-items__number order-items__unit">
                      <Trans>Price</Trans>
                    </th>
                    <th scope="col" className="order-items__number">
                      <Trans>Line total</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.orderItems.map((item, index) => {
                    const price = formatMoney(item.price);
                    const discount = item.discount ? formatMoney(item.discount) : null;
                    return (
                      <tr key={`${item.product}-${index}`}>
                        <th scope="row">
                          <Link to={`/product/${item.product}`} lang={recordedName}>
                            {item.name}
                          </Link>
                          <span className="order-items__each">
                            <Trans>{price} each</Trans>
                          </span>
                        </th>
                        <td className="order-items__number">{item.quantity}</td>
                        <td className="order-items__number order-items__unit">{price}</td>
                        <td className="order-items__number">
                          {formatMoney(lineTotal(item.price, item.quantity))}
                          {discount ? (
                            <span className="order-items__discount">
                              <Trans>Offer −{discount}</Trans>
                            </span>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
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
          <section className="card order-card" aria-label={t`Order actions`}>
            {canPay && <PayNowButton order={order} onPaid={onPaid} />}
            {canCancel && <CancelOrderButton order={order} onCancelled={onChanged} />}
            <InvoiceButton orderId={order._id} />
            <Link to={isAdmin ? '/admin/orders' : '/my-orders'} className="order-back">
              {isAdmin ? t`Back to all orders` : t`Back to My Orders`}
            </Link>
          </section>

          {order.statusHistory && order.statusHistory.length > 0 && (
            <section className="card order-card" aria-labelledby="order-history-heading">
              <h2 id="order-history-heading" className="order-card__heading">
                <Trans>Status history</Trans>
              </h2>
              <ol className="order-history">
                {order.statusHistory.map((change, index) => (
                  <li key={`${change.status}-${change.at}`}>
                    <StatusBadge status={change.status} label={statusName(i18n, change.status)} />{' '}
                    <time dateTime={change.at}>{dateTimeIn(change.at, language)}</time>
                    {index > 0 && (
                      <span className="order-history__why">
                        {i18n._(MOVED_BY[change.by])}
                        {change.reason ? `: ${reasonText(i18n, change.reason)}` : ''}
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
  const { t } = useLingui();
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

  if (load.state === 'loading') return <Spinner label={t`Loading order…`} />;
  if (load.state === 'failed') {
    return (
      <>
        <h1 id="order-heading">
          <Trans>Order</Trans>
        </h1>
        <Notice tone="error">
          <Trans>Failed to load order details</Trans>
        </Notice>
      </>
    );
  }
  return <OrderDetails order={load.order} isAdmin={isAdmin} onPaid={showPaid} onChanged={(order) => setLoad({ state: 'loaded', order })} />;
}

export default function OrderPage() {
  const { id = '' } = useParams();
  const { isSignedIn, isAdmin } = useAuth();
  const { t } = useLingui();
  const shortId = shortOrderId(id);
  return (
    <section className="container page order-page" aria-labelledby="order-heading">
      <title>{`${t`Order ${shortId}`} · Thalir Blooms`}</title>
      {isSignedIn ? (
        <OrderLoader key={id} orderId={id} isAdmin={isAdmin} />
      ) : (
        <>
          <h1 id="order-heading">
            <Trans>Order</Trans>
          </h1>
          <SignInPrompt>{t`Please log in to see this order.`}</SignInPrompt>
        </>
      )}
    </section>
  );
}
