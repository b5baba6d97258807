import { useState } from 'react';
import { errorMessage } from '@thalir/api-client';
import type { Subscription } from '@thalir/contracts';
import { Button, formatMoney, Notice } from '@thalir/ui';
import { cancelSubscription } from '../api/subscriptions';
import { deliveriesCount, unusedValue } from './subscription-text';

export interface CancelSubscriptionProps {
  subscription: Subscription;
  /** The server's answer: the subscription cancelled, with what was refunded. */
  onCancelled: (cancelled: Subscription) => void;
}

/** "Cancel subscription", then a confirm step that says what goes back to the customer before anything is sent. */
export function CancelSubscription({ subscription, onCancelled }: CancelSubscriptionProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const unused = subscription.credits.left;

  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onCancelled(await cancelSubscription(subscription._id));
    } catch (refusal) {
      setFailure(errorMessage(refusal, 'Could not cancel the subscription'));
      setBusy(false);
    }
  };

  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
    );
  }
  return (
    <div className="subscription-cancel" role="group" aria-label="Confirm cancelling the subscription">
      <p>
        Cancel {subscription.user?.name ?? 'the customer'}’s {subscription.plan.name}?{' '}
        {unused > 0
          ? `The ${deliveriesCount(unused)} not used yet are refunded to the customer’s payment: ${formatMoney(unusedValue(subscription))}.`
          : 'No paid deliveries are left to refund.'}{' '}
        Unpaid packs are cancelled and no more deliveries are made; one already made into an order still goes out.
      </p>
      <div className="subscription-cancel__actions">
        <Button variant="danger" size="sm" disabled={busy} aria-busy={busy} onClick={() => void cancel()}>
          {unused > 0 ? 'Yes, cancel and refund' : 'Yes, cancel'}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
          Keep it
        </Button>
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}
