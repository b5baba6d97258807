import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { FAILED_DELIVERY_REASON_LABELS, PAYMENT_METHOD_LABELS, type Courier, type DeliveryRun, type DeliveryStop } from '@thalir/contracts';
import { Button, formatDeliveryDay, formatMoney, formatShopMoment, Notice, saveBlob, shortOrderId, Spinner, StatusBadge } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { assignCourier, fetchDeliveryRun, fetchDeliverySheet } from '../api/deliveries';
import { useRefreshWhileVisible } from '../hooks/use-refresh-while-visible';
import './deliveries-page.css';

/** How often the screen asks for the run again while it is visible, to follow the delivery people. */
export const DELIVERIES_REFRESH_MS = 10_000;

export interface DeliveriesPageProps {
  /** May choose who takes each stop out (the `orders.manage` permission); otherwise the screen only shows it. */
  canAssign?: boolean;
}

/** Tomorrow in India: the run staff prepare today. */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
}

function replaceStop(run: DeliveryRun, stop: DeliveryStop): DeliveryRun {
  return { ...run, slots: run.slots.map((slot) => ({ ...slot, stops: slot.stops.map((each) => (each._id === stop._id ? stop : each)) })) };
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

interface Assignment {
  couriers: Courier[];
  /** The choice being saved (`''` for nobody), shown until the server answers. */
  saving: string | undefined;
  /** The server's refusal of the last choice. */
  failure: string | undefined;
  onChange: (courierId: string) => void;
}

function CourierChoice({ stop, assignment }: { stop: DeliveryStop; assignment: Assignment }) {
  const { couriers, saving, failure, onChange } = assignment;
  // Someone no longer able to take stops still shows as the stop's courier until it is reassigned.
  const options = stop.courier && !couriers.some((courier) => courier._id === stop.courier!._id) ? [...couriers, stop.courier] : couriers;
  const id = `delivery-courier-${stop._id}`;
  return (
    <div className="delivery-stop__courier field">
      <label htmlFor={id}>
        Taken out by<span className="visually-hidden"> for {stop.recipientName}</span>
      </label>
      <select
        id={id}
        value={saving ?? stop.courier?._id ?? ''}
        disabled={saving !== undefined}
        aria-busy={saving !== undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Not assigned</option>
        {options.map((courier) => (
          <option key={courier._id} value={courier._id}>
            {courier.name}
          </option>
        ))}
      </select>
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}

function Stop({ stop, assignment }: { stop: DeliveryStop; assignment: Assignment | undefined }) {
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
        <p className="delivery-stop__paid">
          {stop.subscription ? 'Subscription: paid from its deliveries' : stop.isPaid ? 'Paid' : `Unpaid · ${PAYMENT_METHOD_LABELS[stop.paymentMethod]}`}
        </p>
      )}
      {stop.paymentMethod === 'cash' && stop.cashCollected !== null && (
        <p className="delivery-stop__cash-collected">Cash collected {formatMoney(stop.cashCollected)}</p>
      )}
      {stop.lastFailedAttempt && (
        <p className="delivery-stop__failed">
          Could not deliver: {FAILED_DELIVERY_REASON_LABELS[stop.lastFailedAttempt.reason]} · {formatShopMoment(stop.lastFailedAttempt.at)}
        </p>
      )}
      {assignment ? (
        <CourierChoice stop={stop} assignment={assignment} />
      ) : (
        <p className="delivery-stop__courier-name">{stop.courier ? `Taken out by ${stop.courier.name}` : 'Not assigned'}</p>
      )}
    </li>
  );
}

/**
 * Everything going out on one day, slot by slot, who takes each stop and how far they got, and the
 * printable sheet for the driver. The run is asked for again every 10 seconds while the screen is visible.
 */
export default function DeliveriesPage({ canAssign = false }: DeliveriesPageProps) {
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : tomorrowInIndia();
  const { data, error, loading } = useFetch((signal) => fetchDeliveryRun(date, signal), [date]);
  // The run as seen since `data` was loaded: background refreshes and assignment answers. It counts
  // only while `data` is still the date's load (`basis`), so a new date starts from its own answer.
  const [latest, setLatest] = useState<{ basis: DeliveryRun; run: DeliveryRun } | null>(null);
  const run = data && latest?.basis === data ? latest.run : data;
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [saving, setSaving] = useState<Record<string, string>>({});
  const [failures, setFailures] = useState<Record<string, string>>({});
  // Moves at each assignment's start and end: a refresh that overlapped one may predate it, and is dropped.
  const assignments = useRef(0);
  const refreshing = useRef(false);
  const [sheet, setSheet] = useState<{ busy: boolean; failed: boolean }>({ busy: false, failed: false });
  const stops = run?.slots.reduce((count, slot) => count + slot.stops.length, 0) ?? 0;

  useRefreshWhileVisible(async (signal) => {
    if (!data || loading || refreshing.current) return;
    const basis = data;
    const epoch = assignments.current;
    refreshing.current = true;
    try {
      const next = await fetchDeliveryRun(date, signal);
      if (assignments.current === epoch) setLatest({ basis, run: next });
      setRefreshFailed(false);
    } catch {
      // The last run stays on screen; the next tick tries again.
      if (!signal.aborted) setRefreshFailed(true);
    } finally {
      refreshing.current = false;
    }
  }, DELIVERIES_REFRESH_MS);

  const assign = async (stop: DeliveryStop, courierId: string) => {
    if (!data) return;
    const basis = data;
    assignments.current += 1;
    setSaving((current) => ({ ...current, [stop._id]: courierId }));
    setFailures((current) => without(current, stop._id));
    try {
      const saved = await assignCourier(stop._id, courierId || null);
      setLatest((current) => ({ basis, run: replaceStop(current?.basis === basis ? current.run : basis, saved) }));
    } catch (failure) {
      setFailures((current) => ({ ...current, [stop._id]: errorMessage(failure, 'Could not change who takes this stop') }));
    } finally {
      assignments.current += 1;
      setSaving((current) => without(current, stop._id));
    }
  };

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
        <Button variant="secondary" onClick={downloadSheet} disabled={sheet.busy || !run || stops === 0} aria-busy={sheet.busy}>
          {sheet.busy ? 'Preparing…' : 'Download delivery sheet (PDF)'}
        </Button>
      </div>
      {sheet.failed && <Notice tone="error">Could not download the delivery sheet</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the deliveries</Notice>}
      {loading && !run && <Spinner label="Loading deliveries…" />}
      {run && (
        <p className="deliveries-summary" aria-live="polite">
          {stops === 0
            ? `Nothing to deliver on ${formatDeliveryDay(date)}.`
            : `${stops} ${stops === 1 ? 'delivery' : 'deliveries'}; collect ${formatMoney(run.collectTotal)} in cash.`}
        </p>
      )}
      {run && refreshFailed && <p className="admin-muted">Could not refresh the deliveries; trying again.</p>}
      {run?.slots.map((slot, index) => (
        <section key={slot.slot} className="delivery-slot" aria-labelledby={`delivery-slot-${index}`}>
          <h2 id={`delivery-slot-${index}`} className="delivery-slot__title">
            {slot.slot} <span className="delivery-slot__count">({slot.stops.length})</span>
          </h2>
          <ol className="delivery-slot__stops">
            {slot.stops.map((stop) => (
              <Stop
                key={stop._id}
                stop={stop}
                assignment={
                  canAssign
                    ? { couriers: run.couriers ?? [], saving: saving[stop._id], failure: failures[stop._id], onChange: (courierId) => assign(stop, courierId) }
                    : undefined
                }
              />
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
