import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { packPrice, type Subscription } from '@thalir/contracts';
import { Button, formatMoney, Notice } from '@thalir/ui';
import { buyPack, fetchPackOrder } from '../api/subscriptions';
import type { SubscriptionUpdates } from '../hooks/use-my-subscriptions';
import { usePackPayment } from '../hooks/use-pack-payment';

/** "15 deliveries · ₹2,250.00": a pack to choose. */
function PackChoice({ deliveries, price }: { deliveries: number; price: string }) {
  return <Plural value={deliveries} one={`# delivery · ${price}`} other={`# deliveries · ${price}`} />;
}

interface PacksProps {
  subscription: Subscription;
  updates: SubscriptionUpdates;
  /** The low-credits mail's link (?buy=) opens the form for this subscription. */
  openBuying: boolean;
}

/** The packs waiting for payment, and buying more deliveries: both paid online here, then the subscription is read again. */
export function Packs({ subscription, updates, openBuying }: PacksProps) {
  const headingId = useId();
  const formId = useId();
  const { plan } = subscription;
  const payment = usePackPayment(() => updates.reload(subscription._id));
  const [buying, setBuying] = useState(openBuying);
  const [pack, setPack] = useState(plan.packs[0]);
  const firstChoice = useRef<HTMLInputElement>(null);
  const goesOn = subscription.status !== 'cancelled';
  // A pack's order can be paid while it is pending; once its window closed it is cancelled and a new pack is bought instead.
  const unpaid = subscription.packs.filter((candidate) => !candidate.paid && candidate.orderStatus === 'pending');
  const { left, bought, used, refunded } = subscription.credits;
  const packAmount = formatMoney(packPrice(plan.pricePerDelivery, pack));

  // Arriving from the mail, the customer lands on the choice of pack.
  useEffect(() => {
    if (openBuying) firstChoice.current?.focus();
  }, [openBuying]);

  const buy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void payment.pay(async () => {
      const bought = await buyPack(subscription._id, pack);
      updates.show(bought.subscription);
      return bought.order;
    });
  };

  return (
    <section className="subscription-part" aria-labelledby={headingId}>
      <h3 id={headingId} className="subscription-part__heading">
        <Trans>Deliveries</Trans>
      </h3>
      <p>
        <Trans>
          {left} left of {bought} bought · {used} used · {refunded} refunded
        </Trans>
      </p>
      {unpaid.length > 0 && (
        <ul className="subscription-packs">
          {unpaid.map((waiting) => {
            const amount = formatMoney(waiting.amount);
            const { deliveries } = waiting;
            return (
              <li key={waiting.orderId} className="subscription-pack">
                <span>
                  <Plural value={deliveries} one={`Pack of # delivery, ${amount}: not paid yet`} other={`Pack of # deliveries, ${amount}: not paid yet`} />
                </span>
                <Button size="sm" onClick={() => payment.pay(() => fetchPackOrder(waiting.orderId))} disabled={payment.paying} aria-busy={payment.paying}>
                  <Trans>Pay {amount}</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {goesOn && buying && (
        <form className="subscription-form" onSubmit={buy} aria-labelledby={`${formId}-legend`}>
          <fieldset className="subscription-form__choices">
            <legend id={`${formId}-legend`}>
              <Trans>Buy more deliveries</Trans>
            </legend>
            {plan.packs.map((deliveries, index) => (
              <label key={deliveries} className="subscription-form__choice">
                <input
                  ref={index === 0 ? firstChoice : undefined}
                  type="radio"
                  name={`${formId}-pack`}
                  value={deliveries}
                  checked={pack === deliveries}
                  onChange={() => setPack(deliveries)}
                />
                <PackChoice deliveries={deliveries} price={formatMoney(packPrice(plan.pricePerDelivery, deliveries))} />
              </label>
            ))}
          </fieldset>
          <div className="subscription-actions">
            <Button type="submit" size="sm" disabled={payment.paying} aria-busy={payment.paying}>
              <Trans>Buy and pay {packAmount}</Trans>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setBuying(false)} disabled={payment.paying}>
              <Trans>Close</Trans>
            </Button>
          </div>
        </form>
      )}
      {goesOn && !buying && (
        <Button variant="secondary" size="sm" onClick={() => setBuying(true)}>
          <Trans>Buy more deliveries</Trans>
        </Button>
      )}
      {payment.outcome && <Notice tone={payment.outcome.tone}>{payment.outcome.text}</Notice>}
    </section>
  );
}
