import { useState } from 'react';
import type { DeliveryCharges, DeliveryChargesChange, DeliveryZone } from '@thalir/contracts';
import { formatDateTime, formatMoney, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchDeliverySlots } from '../../../lib/delivery-slots';
import { fetchDeliveryCharges, fetchDeliveryChargesHistory } from '../api/delivery-charges';
import { DeliveryChargesForm } from './delivery-charges-form';
import './delivery-charges-page.css';

/** "₹60.00, free above ₹999.00". */
function describeZoneCharge({ fee, freeAbove }: DeliveryZone): string {
  return freeAbove === null ? formatMoney(fee) : `${formatMoney(fee)}, free above ${formatMoney(freeAbove)}`;
}

function LastChange({ charges }: { charges: DeliveryCharges }) {
  if (!charges.updatedAt) return <p className="admin-muted">Not changed yet: these are the shop’s first charges.</p>;
  return (
    <p className="admin-muted">
      Last changed {charges.updatedBy ? `by ${charges.updatedBy.name} ` : ''}on {formatDateTime(charges.updatedAt)}
    </p>
  );
}

/** One earlier change: when, by whom, and the charges it set. */
function ChargesChange({ change }: { change: DeliveryChargesChange }) {
  const { defaultZone, zones, slotSurcharges } = change.charges;
  return (
    <li className="delivery-charges-history__entry">
      <p className="delivery-charges-history__when">
        {formatDateTime(change.changedAt)}
        {change.changedBy && ` by ${change.changedBy.name}`}
      </p>
      <ul>
        <li>Default: {describeZoneCharge(defaultZone)}</li>
        {zones.map((zone, index) => (
          <li key={index}>
            {zone.name} ({zone.pincodePrefixes.join(', ')}): {describeZoneCharge(zone)}
          </li>
        ))}
        {Object.entries(slotSurcharges).map(([slot, amount]) => (
          <li key={slot}>
            {slot}: +{formatMoney(amount)}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** /admin/delivery-charges: what delivery costs, by PIN code zone and slot, who changed it and when. */
export default function DeliveryChargesPage() {
  const charges = useFetch((signal) => fetchDeliveryCharges(signal), []);
  const history = useFetch((signal) => fetchDeliveryChargesHistory(signal), []);
  const slots = useFetch((signal) => fetchDeliverySlots(signal), []);
  const [saved, setSaved] = useState(false);

  const afterSave = () => {
    setSaved(true);
    charges.reload();
    history.reload();
  };

  return (
    <section className="container page" aria-labelledby="delivery-charges-title">
      <div className="admin-page__header">
        <h1 id="delivery-charges-title">Delivery settings</h1>
      </div>

      {saved && <Notice tone="success">Delivery charges saved.</Notice>}
      {charges.error !== undefined && <Notice tone="error">Could not load the delivery charges</Notice>}
      {slots.error !== undefined && <Notice tone="error">Could not load the delivery slots: only slots that already have a surcharge are listed.</Notice>}
      {charges.loading && !charges.data && <Spinner label="Loading delivery charges…" />}
      {charges.data && (
        <>
          <LastChange charges={charges.data} />
          {/* A new save comes back with a new time: the form starts again from what the server kept. */}
          <DeliveryChargesForm key={charges.data.updatedAt ?? 'first'} charges={charges.data} slots={slots.data ?? []} onSaved={afterSave} />
        </>
      )}

      <section className="delivery-charges-history" aria-labelledby="delivery-charges-history-title">
        <h2 id="delivery-charges-history-title">Changes</h2>
        {history.error !== undefined && <Notice tone="error">Could not load the changes</Notice>}
        {history.loading && !history.data && <Spinner label="Loading changes…" />}
        {history.data && history.data.length === 0 && <p className="admin-muted">No changes yet.</p>}
        {history.data && history.data.length > 0 && (
          <ol className="delivery-charges-history__list">
            {history.data.map((change) => (
              <ChargesChange key={change.changedAt} change={change} />
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
