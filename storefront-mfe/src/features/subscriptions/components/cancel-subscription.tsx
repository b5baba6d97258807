import { useId, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subscription } from '@thalir/contracts';
import { Button, formatMoney, Notice } from '@thalir/ui';
import { cancelSubscription } from '../api/subscriptions';
import type { SubscriptionUpdates } from '../hooks/use-my-subscriptions';
import { useSubscriptionChange } from '../hooks/use-subscription-change';
import { unusedDeliveriesAmount } from './subscription-words';

/** Cancelling, after a step that says what it does: no more deliveries, the unused ones refunded. */
export function CancelSubscription({ subscription, updates }: { subscription: Subscription; updates: SubscriptionUpdates }) {
  const headingId = useId();
  const { t } = useLingui();
  const { busy, failure, send, clearFailure } = useSubscriptionChange(subscription._id, updates);
  const [confirming, setConfirming] = useState(false);
  const { left } = subscription.credits;
  const hasUnpaidPack = subscription.packs.some((pack) => !pack.paid && pack.orderStatus === 'pending');
  const planName = subscription.plan.name;
  const refund = formatMoney(unusedDeliveriesAmount(subscription));

  if (!confirming) {
    return (
      <div className="subscription-actions">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trans>Cancel subscription</Trans>
        </Button>
      </div>
    );
  }
  return (
    <section className="subscription-part subscription-cancel" aria-labelledby={headingId}>
      <h3 id={headingId} className="subscription-part__heading">
        <Trans>Cancel {planName}?</Trans>
      </h3>
      <p>
        <Trans>There will be no more deliveries. A delivery already on its way still comes.</Trans>
      </p>
      <p>
        {left > 0
          ? t`${plural(left, { one: 'Your unused delivery', other: 'Your # unused deliveries' })}, ${refund}, will be refunded to the card or account you paid with.`
          : t`No unused deliveries are left to refund.`}
        {hasUnpaidPack && ` ${t`The pack not paid yet is cancelled too.`}`}
      </p>
      <div className="subscription-actions">
        <Button variant="danger" size="sm" onClick={() => send(() => cancelSubscription(subscription._id))} disabled={busy} aria-busy={busy}>
          <Trans>Yes, cancel it</Trans>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setConfirming(false);
            clearFailure();
          }}
          disabled={busy}
        >
          <Trans>Keep my subscription</Trans>
        </Button>
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
    </section>
  );
}
