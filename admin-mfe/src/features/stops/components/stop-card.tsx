import { useState, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { FAILED_DELIVERY_REASON_LABELS, FAILED_DELIVERY_REASONS, type CourierStop } from '@thalir/contracts';
import { Button, formatMoney, formatShopMoment, Notice } from '@thalir/ui';
import { markDelivered, markFailed, markOutForDelivery } from '../api/stops';

/** What the card asks for before a move: nothing, the cash taken, or why it could not be delivered. */
type Step = 'actions' | 'cash' | 'reason';

/** Rupees typed at the door: "281", "281.5"; null for anything else. */
function parseRupees(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** One stop on the delivery person's phone: where, what, and the next move for its status. */
export function StopCard({ stop, onUpdated }: { stop: CourierStop; onUpdated: (stop: CourierStop) => void }) {
  const [step, setStep] = useState<Step>('actions');
  const [cash, setCash] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `stop-${stop._id}-title`;
  const collectsCash = stop.paymentMethod === 'cash' && stop.collect > 0;

  const act = async (move: () => Promise<CourierStop>, fallback: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const updated = await move();
      setStep('actions');
      onUpdated(updated);
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const delivered = () => {
    if (!collectsCash) return act(() => markDelivered(stop._id), 'Could not mark the stop delivered');
    setFailure(null);
    setCash(String(stop.collect));
    setStep('cash');
  };

  const confirmCash = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cashCollected = parseRupees(cash);
    if (cashCollected === null) return setFailure('Enter the cash collected in rupees, e.g. 281 or 281.50');
    return act(() => markDelivered(stop._id, { cashCollected }), 'Could not mark the stop delivered');
  };

  const back = () => {
    setFailure(null);
    setStep('actions');
  };

  return (
    <li className="stop-card card">
      <article aria-labelledby={titleId}>
        <div className="stop-card__head">
          <span className="stop-card__position">
            <span className="visually-hidden">Stop </span>
            {stop.position}
          </span>
          <div>
            {stop.slot && <p className="stop-card__slot">{stop.slot}</p>}
            <h2 id={titleId} className="stop-card__name">
              {stop.recipientName}
            </h2>
          </div>
        </div>

        <p className="stop-card__address">
          {stop.address}
          {stop.pincode && ` – ${stop.pincode}`}
        </p>
        <ul className="stop-card__items">
          {stop.items.map((item, index) => (
            <li key={index}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
        {stop.giftMessage && (
          <div className="stop-card__gift">
            <span className="stop-card__gift-label">Card message</span>
            <p>“{stop.giftMessage}”</p>
          </div>
        )}
        {stop.collect > 0 && stop.status !== 'delivered' && <p className="stop-card__collect">Collect {formatMoney(stop.collect)} cash</p>}
        {stop.lastFailedAttempt && stop.status !== 'delivered' && (
          <p className="stop-card__last-attempt">
            Last attempt: {FAILED_DELIVERY_REASON_LABELS[stop.lastFailedAttempt.reason]} · {formatShopMoment(stop.lastFailedAttempt.at)}
          </p>
        )}

        <div className="stop-card__links">
          {stop.recipientPhone && (
            <a className="stop-card__link" href={`tel:${stop.recipientPhone}`}>
              Call<span className="visually-hidden"> {stop.recipientName}</span>
            </a>
          )}
          <a className="stop-card__link" href={stop.mapUrl} target="_blank" rel="noopener noreferrer">
            Map<span className="visually-hidden"> to {stop.recipientName}’s address</span>
          </a>
        </div>

        {stop.status === 'delivered' && (
          <p className="stop-card__done">
            Delivered
            {stop.cashCollected !== null && <span className="stop-card__done-cash"> · cash collected {formatMoney(stop.cashCollected)}</span>}
          </p>
        )}
        {stop.status === 'cancelled' && <p className="stop-card__cancelled">Cancelled: do not deliver</p>}

        {(stop.status === 'pending' || stop.status === 'processing') && (
          <div className="stop-card__actions">
            <Button
              size="lg"
              onClick={() => act(() => markOutForDelivery(stop._id), 'Could not mark the stop out for delivery')}
              disabled={busy}
              aria-busy={busy}
            >
              Out for delivery
            </Button>
          </div>
        )}

        {stop.status === 'shipped' && step === 'actions' && (
          <div className="stop-card__actions">
            <Button size="lg" onClick={delivered} disabled={busy} aria-busy={busy}>
              Delivered
            </Button>
            <Button
              size="lg"
              variant="secondary"
              onClick={() => {
                setFailure(null);
                setStep('reason');
              }}
              disabled={busy}
            >
              Could not deliver
            </Button>
          </div>
        )}

        {stop.status === 'shipped' && step === 'cash' && (
          <form className="stop-card__cash" onSubmit={confirmCash} noValidate>
            <div className="field">
              <label htmlFor={`stop-${stop._id}-cash`}>Cash collected (₹)</label>
              <input
                id={`stop-${stop._id}-cash`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={cash}
                onChange={(event) => setCash(event.target.value)}
                disabled={busy}
              />
            </div>
            <div className="stop-card__actions">
              <Button size="lg" type="submit" disabled={busy} aria-busy={busy}>
                Confirm delivered
              </Button>
              <Button size="lg" variant="ghost" onClick={back} disabled={busy}>
                Back
              </Button>
            </div>
          </form>
        )}

        {stop.status === 'shipped' && step === 'reason' && (
          <div className="stop-card__reasons" role="group" aria-labelledby={`stop-${stop._id}-reason`}>
            <p id={`stop-${stop._id}-reason`} className="stop-card__question">
              Why could it not be delivered?
            </p>
            <div className="stop-card__actions">
              {FAILED_DELIVERY_REASONS.map((reason) => (
                <Button
                  key={reason}
                  size="lg"
                  variant="secondary"
                  onClick={() => act(() => markFailed(stop._id, reason), 'Could not report the failed delivery')}
                  disabled={busy}
                >
                  {FAILED_DELIVERY_REASON_LABELS[reason]}
                </Button>
              ))}
              <Button size="lg" variant="ghost" onClick={back} disabled={busy}>
                Back
              </Button>
            </div>
          </div>
        )}

        {failure && <Notice tone="error">{failure}</Notice>}
      </article>
    </li>
  );
}
