import { useRef, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiRequestError, openOnlinePayment } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import { cartTotal, clearCart, getCart, useCart, useCartCheck } from '@thalir/cart';
import { PAYMENT_METHODS, type Order, type PaymentMethod } from '@thalir/contracts';
import { Button, Notice, shortOrderId, Spinner, useLanguage } from '@thalir/ui';
import { CartChangesNotice, useOrderQuote } from '../../cart';
import { fetchOrder, placeOrder } from '../api/orders';
import { type DeliveryField, useDeliveryChoice } from '../hooks/use-delivery-choice';
import { useProfileFill } from '../hooks/use-profile-fill';
import { DeliveryFields } from './delivery-fields';
import { OrderSummary } from './order-summary';
import { awaitsOnlinePayment, serverReason } from '../../../lib/online-orders';
import './checkout.css';

const ADDRESS_REQUIRED = msg`Please enter your delivery address`;
const ORDER_FAILED = msg`Failed to place order. Try again.`;
const ORDER_PLACED = msg`Order placed successfully!`;
const AWAITS_CONFIRMATION = msg`As this is a large cash-on-delivery order, our team will call you to confirm it before we prepare it.`;
const CODE_NOT_ACCEPTED = msg`The offer code was not accepted (see Offer code); the summary now shows the total without it.`;

/** The payment methods' names (@thalir/contracts' PAYMENT_METHOD_LABELS), in the page's language. */
const PAYMENT_METHOD_NAMES: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash on Delivery`,
  razorpay: msg`Credit/Debit Card (Razorpay)`,
};

interface Failure {
  headline: string;
  detail?: string;
}

/**
 * The unpaid online order placed from a cart, kept for the browser tab's life: "Pay with…" again for
 * the same cart and address pays that order rather than placing (and holding stock for) a second.
 */
const PENDING_ONLINE_KEY = 'checkout:unpaid-order';

interface PendingOnline {
  orderId: string;
  signature: string;
}

function readPendingOnline(): PendingOnline | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PENDING_ONLINE_KEY) ?? 'null') as PendingOnline | null;
    return saved && typeof saved.orderId === 'string' && typeof saved.signature === 'string' ? saved : null;
  } catch {
    return null;
  }
}

function rememberPendingOnline(pending: PendingOnline | null): void {
  if (pending) sessionStorage.setItem(PENDING_ONLINE_KEY, JSON.stringify(pending));
  else sessionStorage.removeItem(PENDING_ONLINE_KEY);
}

/** The remembered order if it still waits for payment within its window; null otherwise. */
async function stillPayable(pending: PendingOnline): Promise<Order | null> {
  try {
    const order = await fetchOrder(pending.orderId);
    return awaitsOnlinePayment(order) ? order : null;
  } catch {
    return null;
  }
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="card checkout-signin">
      <p>
        <Trans>Please log in to place your order. Your cart stays saved on this device.</Trans>
      </p>
      <Link to="/login" state={{ from: location.pathname }} className="btn btn--primary btn--md">
        <Trans>Log in</Trans>
      </Link>
    </div>
  );
}

function CheckoutForm() {
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const cart = useCart();
  const check = useCartCheck(useLanguage());
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const delivery = useDeliveryChoice();
  const [deliveryErrors, setDeliveryErrors] = useState<Partial<Record<DeliveryField, string>>>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const quote = useOrderQuote({
    items: cart,
    ready: !check.checking,
    paymentMethod,
    pincode: delivery.completePincode,
    slot: delivery.values.slot,
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [unpaidOrder, setUnpaidOrder] = useState<Order | null>(null);
  const [placed, setPlaced] = useState(false);
  const addressField = useRef<HTMLTextAreaElement>(null);
  const addressEdited = useRef(false);
  // State updates arrive after a re-render; a ref stops a double click before that happens.
  const submitting = useRef(false);

  useProfileFill((user) => {
    if (!addressEdited.current && user.address) setAddress(user.address);
    // The flowers go to the customer unless another name is typed.
    if (!delivery.values.recipientName) delivery.update('recipientName', user.name);
  });

  const release = () => {
    submitting.current = false;
    setBusy(false);
  };

  const finish = (notice?: string) => {
    rememberPendingOnline(null);
    // The order used the code; the next cart starts without one.
    quote.removeCode();
    setPlaced(true);
    clearCart();
    navigate('/my-orders', notice ? { state: { notice } } : undefined);
  };

  const payOnline = async (order: Order) => {
    const keepUnpaid = () => {
      setUnpaidOrder(order);
      release();
    };
    try {
      await openOnlinePayment(order, {
        onPaid: () => {
          window.alert(t`Payment Successful!`);
          finish();
        },
        onVerificationFailed: (reason) => {
          window.alert(reason ?? t`Payment verification failed`);
          if (!reason) return keepUnpaid();
          // The order was cancelled before the payment arrived: it is refunded, and the cart stays for a new order.
          rememberPendingOnline(null);
          setUnpaidOrder(null);
          setFailure({ headline: t`Payment verification failed`, detail: reason });
          release();
        },
        onPaymentFailed: () => {
          window.alert(t`Payment failed`);
          keepUnpaid();
        },
        onDismiss: keepUnpaid,
      });
    } catch (error) {
      setFailure({ headline: t`Could not open the payment window.`, detail: serverReason(error) });
      keepUnpaid();
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const deliveryAddress = address.trim();
    if (!deliveryAddress) {
      setAddressError(i18n._(ADDRESS_REQUIRED));
      addressField.current?.focus();
      return;
    }
    // An unserved PIN code or a bad number is refused here, before any order is placed or payment asked for.
    const deliveryProblems = delivery.problems();
    setDeliveryErrors(deliveryProblems);
    if (Object.keys(deliveryProblems).length > 0) return;
    submitting.current = true;
    setBusy(true);
    setFailure(null);

    const items = getCart();
    const deliveryRequest = delivery.request();
    const code = quote.appliedCode ?? undefined;
    const signature = JSON.stringify([items.map((item) => [item.product._id, item.quantity]), deliveryAddress, deliveryRequest, code]);
    const pending = readPendingOnline();
    const reusable = paymentMethod === 'razorpay' && pending?.signature === signature ? await stillPayable(pending) : null;
    if (reusable) {
      await payOnline(reusable);
      return;
    }

    let order: Order;
    try {
      order = await placeOrder({
        orderItems: items.map(({ product, quantity }) => ({ product: product._id, quantity, name: product.name, price: product.price })),
        // What the customer was shown; the server prices the order itself either way.
        totalAmount: quote.status.state === 'loaded' ? quote.status.quote.total : cartTotal(items),
        paymentMethod,
        address: deliveryAddress,
        delivery: deliveryRequest,
        code,
      });
    } catch (error) {
      const reason = serverReason(error);
      const conflict = error instanceof ApiRequestError && error.status === 409;
      // A refused offer code names its field; short stock and moved prices are 409s too.
      if (conflict && code && reason && error.body?.field === 'code') {
        quote.refuseCode(reason);
        setFailure({ headline: i18n._(ORDER_FAILED), detail: i18n._(CODE_NOT_ACCEPTED) });
      } else {
        setFailure({ headline: i18n._(ORDER_FAILED), detail: reason });
        // Stock or prices moved under us: show the customer the current truth.
        if (conflict) check.recheck();
      }
      release();
      return;
    }

    if (paymentMethod === 'cash') {
      finish(order.confirmationDueBy ? `${i18n._(ORDER_PLACED)} ${i18n._(AWAITS_CONFIRMATION)}` : i18n._(ORDER_PLACED));
      return;
    }
    rememberPendingOnline({ orderId: order._id, signature });
    await payOnline(order);
  };

  const unpaidNumber = unpaidOrder ? shortOrderId(unpaidOrder._id) : '';

  if (placed) return <Notice tone="success">{i18n._(ORDER_PLACED)}</Notice>;

  const changesNotice = <CartChangesNotice changes={check.changes} />;

  if (cart.length === 0) {
    return (
      <>
        {changesNotice}
        <div className="card checkout-empty">
          <p>
            <Trans>Your cart is empty.</Trans>
          </p>
          <Link to="/products" className="btn btn--primary btn--md">
            <Trans>Browse products</Trans>
          </Link>
        </div>
      </>
    );
  }

  if (check.checking && !busy) return <Spinner label={t`Checking current prices and stock…`} />;

  return (
    <>
      {changesNotice}
      {check.unchecked > 0 && (
        <Notice tone="info">
          <Trans>We could not check the current price and stock of every item; the final total is confirmed when you place the order.</Trans>
        </Notice>
      )}
      <div className="checkout-layout">
        {/* First in reading order, so phones show what is being paid for above the button. */}
        <OrderSummary items={cart} quote={quote} />
        <form className="card checkout-form" onSubmit={submit} noValidate aria-labelledby="checkout-form-heading">
          <h2 id="checkout-form-heading" className="checkout-form__heading">
            <Trans>Delivery and payment</Trans>
          </h2>
          <div className="field">
            <label htmlFor="checkout-address">
              <Trans>Delivery address</Trans>
            </label>
            <textarea
              id="checkout-address"
              ref={addressField}
              rows={4}
              autoComplete="street-address"
              aria-required="true"
              aria-invalid={addressError ? true : undefined}
              aria-describedby={addressError ? 'checkout-address-error' : undefined}
              value={address}
              onChange={(event) => {
                addressEdited.current = true;
                setAddress(event.target.value);
                if (event.target.value.trim()) setAddressError(null);
              }}
            />
            {addressError && (
              <p id="checkout-address-error" className="field__error" role="alert">
                {addressError}
              </p>
            )}
          </div>
          <DeliveryFields choice={delivery} errors={deliveryErrors} />
          <div className="field">
            <label htmlFor="checkout-payment">
              <Trans>Payment method</Trans>
            </label>
            <select id="checkout-payment" value={paymentMethod} onChange={(event) => setPaymentMethod(event.target.value as PaymentMethod)}>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {i18n._(PAYMENT_METHOD_NAMES[method])}
                </option>
              ))}
            </select>
          </div>
          {failure && (
            <Notice tone="error">
              <strong>{failure.headline}</strong>
              {failure.detail && <span className="checkout-failure__detail">{failure.detail}</span>}
            </Notice>
          )}
          {unpaidOrder && !busy && (
            <Notice tone="info">
              <Trans>
                Your order {unpaidNumber} is saved but not paid yet. Pay with the button below, or later from{' '}
                <Link to={`/order/${unpaidOrder._id}`}>the order page</Link>.
              </Trans>
            </Notice>
          )}
          <Button type="submit" size="lg" className="checkout-form__submit" disabled={busy} aria-busy={busy}>
            {paymentMethod === 'cash' ? <Trans>Place Order</Trans> : <Trans>Pay with Razorpay</Trans>}
          </Button>
        </form>
      </div>
    </>
  );
}

export default function CheckoutPage() {
  const { isSignedIn } = useAuth();
  const { t } = useLingui();
  return (
    <section className="container page checkout-page" aria-labelledby="checkout-heading">
      <title>{t`Checkout · Thalir Blooms`}</title>
      <h1 id="checkout-heading">
        <Trans>Checkout</Trans>
      </h1>
      {isSignedIn ? <CheckoutForm /> : <SignInPrompt />}
    </section>
  );
}
