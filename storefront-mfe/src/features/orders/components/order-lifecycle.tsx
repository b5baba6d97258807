import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { addToCart } from '@thalir/cart';
import type { Order } from '@thalir/contracts';
import { Button, formatShopDeadline, formatTime, Notice, refundLabel } from '@thalir/ui';
import { cancelOrder, fetchCurrentProduct } from '../api/orders';

function minutesLeft(dueBy: string): number {
  return Math.max(0, Math.ceil((new Date(dueBy).getTime() - Date.now()) / 60_000));
}

/** How long the items stay held for an unpaid online order; refreshed every half minute. */
export function PaymentWindowNotice({ dueBy }: { dueBy: string }) {
  const [left, setLeft] = useState(() => minutesLeft(dueBy));
  useEffect(() => {
    const timer = window.setInterval(() => setLeft(minutesLeft(dueBy)), 30_000);
    return () => window.clearInterval(timer);
  }, [dueBy]);
  return (
    <Notice tone="info">
      Waiting for your payment. We hold these items for you until {formatTime(dueBy)}
      {left > 0 ? ` (${left === 1 ? '1 minute' : `${left} minutes`} left)` : ''}; after that the order is cancelled and they go back on sale.
    </Notice>
  );
}

/** A large cash order from a new account: the shop calls to confirm it before preparing it. */
export function ConfirmationNotice({ dueBy }: { dueBy: string }) {
  return (
    <Notice tone="info">
      This is a large cash-on-delivery order, so our team will call you to confirm it before we prepare it. If we cannot confirm it by{' '}
      {formatShopDeadline(dueBy)}, the order is cancelled and nothing is owed.
    </Notice>
  );
}

/** The payment window ran out: say so, and offer to put the same items in the cart again. */
export function ExpiredOrderNotice({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; someAdded: boolean } | null>(null);

  const orderAgain = async () => {
    setBusy(true);
    setProblem(null);
    const products = await Promise.all(order.orderItems.map((item) => (item.product ? fetchCurrentProduct(item.product) : null)));
    const missing: string[] = [];
    order.orderItems.forEach((item, index) => {
      const product = products[index];
      const added = product ? addToCart(product, item.quantity) : { ok: false as const, message: 'no longer sold' };
      if (!added.ok) missing.push(`${item.name} (${added.message.replace(/\.$/, '').toLowerCase()})`);
    });
    setBusy(false);
    if (missing.length === 0) navigate('/cart');
    else setProblem({ text: `Not added to your cart: ${missing.join(', ')}.`, someAdded: missing.length < order.orderItems.length });
  };

  return (
    <div className="order-expired">
      <Notice tone="info">The payment window for this order ran out before it was paid, so we cancelled it and put its items back on sale.</Notice>
      <Button onClick={orderAgain} disabled={busy} aria-busy={busy}>
        Order again
      </Button>
      {problem && (
        <Notice tone="error">
          {problem.text} {problem.someAdded && <Link to="/cart">Go to your cart</Link>}
        </Notice>
      )}
    </div>
  );
}

/** Cancels the buyer's pending order after a confirmation. */
export function CancelOrderButton({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = async () => {
    const refundNote = order.isPaid ? ' Your payment will be refunded in full.' : '';
    if (!window.confirm(`Cancel this order?${refundNote}`)) return;
    setBusy(true);
    setFailure(null);
    try {
      onCancelled(await cancelOrder(order._id));
    } catch (error) {
      setFailure(errorMessage(error, 'Could not cancel the order. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-action">
      <Button variant="secondary" onClick={cancel} disabled={busy} aria-busy={busy}>
        {busy ? 'Cancelling…' : 'Cancel order'}
      </Button>
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}

/** Where the money going back stands, in words a customer reads at a glance. */
export function RefundNotice({ refund }: { refund: NonNullable<Order['refund']> }) {
  const next =
    refund.status === 'processed'
      ? ' It is on its way back to your account; banks take 5–7 working days to show it.'
      : refund.status === 'pending'
        ? refund.manual
          ? ' We will hand the cash back to you.'
          : ' We have asked the payment provider to return it.'
        : refund.status === 'mismatch'
          ? ' Our team is checking it with the payment provider and will be in touch.'
          : ' Our team has been told and will sort it out with you.';
  return (
    <Notice tone={refund.status === 'failed' ? 'error' : 'info'}>
      <strong>{refundLabel(refund)}</strong>.{next}
    </Notice>
  );
}
