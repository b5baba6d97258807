import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { packPrice, type Subscription } from '@thalir/contracts';
import { Button, formatMoney, Notice } from '@thalir/ui';
import { buyPack, fetchPackOrder } from '../api/subscriptions';
import type { SubscriptionUpdates } from '../hooks/use-my-subscriptions';
import { usePackPayment } from '../hooks/use-pack-payment';

/** A pack's price: its deliveries at the plan's price of one, counted in paise. */

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
        Deliveries
      </h3>
      <p>
        {subscription.credits.left} left of {subscription.credits.bought} bought · {subscription.credits.used} used · {subscription.credits.refunded} refunded
      </p>
      {unpaid.length > 0 && (
        <ul className="subscription-packs">
          {unpaid.map((waiting) => (
            <li key={waiting.orderId} className="subscription-pack">
              <span>
                Pack of {waiting.deliveries} deliveries, {formatMoney(waiting.amount)}: not paid yet
              </span>
              <Button size="sm" onClick={() => payment.pay(() => fetchPackOrder(waiting.orderId))} disabled={payment.paying} aria-busy={payment.paying}>
                Pay {formatMoney(waiting.amount)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {goesOn && buying && (
        <form className="subscription-form" onSubmit={buy} aria-labelledby={`${formId}-legend`}>
          <fieldset className="subscription-form__choices">
            <legend id={`${formId}-legend`}>Buy more deliveries</legend>
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
                {deliveries} deliveries · {formatMoney(packPrice(plan.pricePerDelivery, deliveries))}
              </label>
            ))}
          </fieldset>
          <div className="subscription-actions">
            <Button type="submit" size="sm" disabled={payment.paying} aria-busy={payment.paying}>
              Buy and pay {formatMoney(packPrice(plan.pricePerDelivery, pack))}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setBuying(false)} disabled={payment.paying}>
              Close
            </Button>
          </div>
        </form>
      )}
      {goesOn && !buying && (
        <Button variant="secondary" size="sm" onClick={() => setBuying(true)}>
          Buy more deliveries
        </Button>
      )}
      {payment.outcome && <Notice tone={payment.outcome.tone}>{payment.outcome.text}</Notice>}
    </section>
  );
}
