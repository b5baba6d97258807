import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PAYMENT_METHOD_LABELS, type DeliveryStop } from '@thalir/contracts';
import { Button, formatDeliveryDay, formatMoney, Notice, saveBlob, shortOrderId, Spinner, StatusBadge } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchDeliveryRun, fetchDeliverySheet } from '../api/deliveries';
import './deliveries-page.css';

/** Tomorrow in India: the run staff prepare today. */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
}

function Stop({ stop }: { stop: DeliveryStop }) {
  return (
    <li className="delivery-stop card">
      <div className="delivery-stop__head">
        <strong className="delivery-stop__name">{stop.recipientName}</strong>
        <Link to={`/order/${stop._id}`} className="delivery-stop__order">
          #{shortOrderId(stop._id)}
        </Link>
        <StatusBadge status={stop.status} />
      </div>
      {stop.recipientPhone && (
        <a href={`tel:${stop.recipientPhone}`} className="delivery-stop__phone">
          {stop.recipientPhone}
        </a>
      )}
      <p className="delivery-stop__address">
        {stop.address}
        {stop.pincode && ` – ${stop.pincode}`}
      </p>
      <ul className="delivery-stop__items">
        {stop.items.map((item, index) => (
          <li key={index}>
            {item.quantity} × {item.name}
          </li>
        ))}
      </ul>
      {stop.giftMessage && <p className="delivery-stop__gift">Card: “{stop.giftMessage}”</p>}
      {stop.collect > 0 ? (
        <p className="delivery-stop__collect">Collect {formatMoney(stop.collect)} (Cash on Delivery)</p>
      ) : (
        <p className="delivery-stop__paid">{stop.isPaid ? 'Paid' : `Unpaid · ${PAYMENT_METHOD_LABELS[stop.paymentMethod]}`}</p>
      )}
    </li>
  );
}

/** Everything going out on one day, slot by slot, and the printable sheet for the driver. */
export default function DeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : tomorrowInIndia();
  const { data, error, loading } = useFetch((signal) => fetchDeliveryRun(date, signal), [date]);
  const [sheet, setSheet] = useState<{ busy: boolean; failed: boolean }>({ busy: false, failed: false });
  const stops = data?.slots.reduce((count, slot) => count + slot.stops.length, 0) ?? 0;

  const downloadSheet = async () => {
    setSheet({ busy: true, failed: false });
    try {
      saveBlob(await fetchDeliverySheet(date), `Deliveries_${date}.pdf`);
      setSheet({ busy: false, failed: false });
    } catch {
      setSheet({ busy: false, failed: true });
    }
  };

  return (
    <section className="container page" aria-labelledby="deliveries-title">
      <div className="admin-page__header">
        <h1 id="deliveries-title">Deliveries</h1>
      </div>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="delivery-date">Delivery date</label>
          <input
            id="delivery-date"
            type="date"
            value={date}
            onChange={(event) => event.target.value && setParams({ date: event.target.value }, { replace: true })}
          />
        </div>
        <Button variant="secondary" onClick={downloadSheet} disabled={sheet.busy || !data || stops === 0} aria-busy={sheet.busy}>
          {sheet.busy ? 'Preparing…' : 'Download delivery sheet (PDF)'}
        </Button>
      </div>
      {sheet.failed && <Notice tone="error">Could not download the delivery sheet</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the deliveries</Notice>}
      {loading && !data && <Spinner label="Loading deliveries…" />}
      {data && (
        <p className="deliveries-summary" aria-live="polite">
          {stops === 0
            ? `Nothing to deliver on ${formatDeliveryDay(date)}.`
            : `${stops} ${stops === 1 ? 'delivery' : 'deliveries'}; collect ${formatMoney(data.collectTotal)} in cash.`}
        </p>
      )}
      {data?.slots.map((slot, index) => (
        <section key={slot.slot} className="delivery-slot" aria-labelledby={`delivery-slot-${index}`}>
          <h2 id={`delivery-slot-${index}`} className="delivery-slot__title">
            {slot.slot} <span className="delivery-slot__count">({slot.stops.length})</span>
          </h2>
          <ol className="delivery-slot__stops">
            {slot.stops.map((stop) => (
              <Stop key={stop._id} stop={stop} />
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
