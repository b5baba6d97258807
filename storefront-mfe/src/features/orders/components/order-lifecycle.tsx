import { useEffect, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { addToCart } from '@thalir/cart';
import type { Order } from '@thalir/contracts';
import { Button, formatMoney, Notice, refundLabel, useLanguage } from '@thalir/ui';
import { cancelOrder, fetchCurrentProduct } from '../api/orders';
import { shopDeadlineIn, timeIn } from '../../../lib/language-dates';
import { REFUND_STATES } from './order-words';

function minutesLeft(dueBy: string): number {
  return Math.max(0, Math.ceil((new Date(dueBy).getTime() - Date.now()) / 60_000));
}

/** How long the items stay held for an unpaid online order; refreshed every half minute. */
export function PaymentWindowNotice({ dueBy }: { dueBy: string }) {
  const language = useLanguage();
  const [left, setLeft] = useState(() => minutesLeft(dueBy));
  useEffect(() => {
    const timer = window.setInterval(() => setLeft(minutesLeft(dueBy)), 30_000);
    return () => window.clearInterval(timer);
  }, [dueBy]);
  const time = timeIn(dueBy, language);
  return (
    <Notice tone="info">
      {left > 0 ? (
        <Trans>
          Waiting for your payment. We hold these items for you until {time} (<Plural value={left} one="# minute" other="# minutes" /> left); after that the
          order is cancelled and they go back on sale.
        </Trans>
      ) : (
        <Trans>Waiting for your payment. We hold these items for you until {time}; after that the order is cancelled and they go back on sale.</Trans>
      )}
    </Notice>
  );
}

/** A large cash order from a new account: the shop calls to confirm it before preparing it. */
export function ConfirmationNotice({ dueBy }: { dueBy: string }) {
  const deadline = shopDeadlineIn(dueBy, useLanguage());
  return (
    <Notice tone="info">
      <Trans>
        This is a large cash-on-delivery order, so our team will call you to confirm it before we prepare it. If we cannot confirm it by {deadline}, the order
        is cancelled and nothing is owed.
      </Trans>
    </Notice>
  );
}

/** The payment window ran out: say so, and offer to put the same items in the cart again. */
export function ExpiredOrderNotice({ order }: { order: Order }) {
  const { t } = useLingui();
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
      const added = product ? addToCart(product, item.quantity) : { ok: false as const, message: t`no longer sold` };
      if (!added.ok) missing.push(`${item.name} (${added.message.replace(/\.$/, '').toLowerCase()})`);
    });
    setBusy(false);
    const list = missing.join(', ');
    if (missing.length === 0) navigate('/cart');
    else setProblem({ text: t`Not added to your cart: ${list}.`, someAdded: missing.length < order.orderItems.length });
  };

  return (
    <div className="order-expired">
      <Notice tone="info">
        <Trans>The payment window for this order ran out before it was paid, so we cancelled it and put its items back on sale.</Trans>
      </Notice>
      <Button onClick={orderAgain} disabled={busy} aria-busy={busy}>
        <Trans>Order again</Trans>
      </Button>
      {problem && (
        <Notice tone="error">
          {problem.text}{' '}
          {problem.someAdded && (
            <Link to="/cart">
              <Trans>Go to your cart</Trans>
            </Link>
          )}
        </Notice>
      )}
    </div>
  );
}

/** Cancels the buyer's pending order after a confirmation. */
export function CancelOrderButton({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = async () => {
    const question = order.isPaid ? t`Cancel this order? Your payment will be refunded in full.` : t`Cancel this order?`;
    if (!window.confirm(question)) return;
    setBusy(true);
    setFailure(null);
    try {
      onCancelled(await cancelOrder(order._id));
    } catch (error) {
      setFailure(errorMessage(error, t`Could not cancel the order. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-action">
      <Button variant="secondary" onClick={cancel} disabled={busy} aria-busy={busy}>
        {busy ? <Trans>Cancelling…</Trans> : <Trans>Cancel order</Trans>}
      </Button>
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}

/** Where the money going back stands, in words a customer reads at a glance. */
export function RefundNotice({ refund }: { refund: NonNullable<Order['refund']> }) {
  const { i18n, t } = useLingui();
  const label = i18n.locale === 'en' ? refundLabel(refund) : `${i18n._(REFUND_STATES[refund.status])} ${formatMoney(refund.amount)}`;
  const next =
    refund.status === 'processed'
      ? t`It is on its way back to your account; banks take 5–7 working days to show it.`
      : refund.status === 'pending'
        ? refund.manual
          ? t`We will hand the cash back to you.`
          : t`We have asked the payment provider to return it.`
        : refund.status === 'mismatch'
          ? t`Our team is checking it with the payment provider and will be in touch.`
          : t`Our team has been told and will sort it out with you.`;
  return (
    <Notice tone={refund.status === 'failed' ? 'error' : 'info'}>
      <strong>{label}</strong>. {next}
    </Notice>
  );
}
