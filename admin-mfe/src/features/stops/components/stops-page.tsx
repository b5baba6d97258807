import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import type { CourierDay, CourierStop } from '@thalir/contracts';
import { Button, formatDeliveryDay, formatMoney, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchCourierDay } from '../api/stops';
import { StopCard } from './stop-card';
import './stops-page.css';

/** Rupees a stop still brings in at the door (the day's "to collect" counts the stops not delivered). */
const toCollect = (stop: CourierStop) => (stop.status === 'delivered' ? 0 : stop.collect);

/**
 * The delivery person's day on their phone: their stops in driving order, each with its next move.
 * The date comes from `?date=YYYY-MM-DD`; without it the API answers today (India).
 */
export default function StopsPage() {
  const [params] = useSearchParams();
  const wanted = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(wanted) ? wanted : undefined;
  const { data, error, loading, reload } = useFetch((signal) => fetchCourierDay(date, signal), [date]);
  // The stops moved since `data` was loaded, by id: each move answers the stop as it now is.
  const [moved, setMoved] = useState<{ basis: CourierDay; stops: Record<string, CourierStop> } | null>(null);
  const changed = data && moved?.basis === data ? moved.stops : {};

  const day = data && {
    ...data,
    stops: data.stops.map((stop) => changed[stop._id] ?? stop),
    // The server's totals, moved by what changed here since.
    collectTotal: data.stops.reduce((total, stop) => total + (changed[stop._id] ? toCollect(changed[stop._id]) - toCollect(stop) : 0), data.collectTotal),
    collectedTotal: data.stops.reduce(
      (total, stop) => total + (changed[stop._id] ? (changed[stop._id].cashCollected ?? 0) - (stop.cashCollected ?? 0) : 0),
      data.collectedTotal,
    ),
  };

  const onUpdated = (stop: CourierStop) => {
    if (!data) return;
    setMoved((current) => ({ basis: data, stops: { ...(current?.basis === data ? current.stops : {}), [stop._id]: stop } }));
  };

  return (
    <section className="stops-page" aria-labelledby="stops-title">
      <header className="stops-page__header">
        <div className="stops-page__title-row">
          <h1 id="stops-title">My stops</h1>
          <Button variant="secondary" className="stops-page__refresh" onClick={reload} disabled={loading} aria-busy={loading}>
            Refresh
          </Button>
        </div>
        {day && (
          <>
            <p className="stops-page__date">{formatDeliveryDay(day.date)}</p>
            <p className="stops-page__money">
              To collect <strong>{formatMoney(day.collectTotal)}</strong> / Collected <strong>{formatMoney(day.collectedTotal)}</strong>
            </p>
          </>
        )}
      </header>

      {error !== undefined && <Notice tone="error">{errorMessage(error, 'Could not load your stops')}</Notice>}
      {loading && !day && <Spinner label="Loading your stops…" />}
      {day && day.stops.length === 0 && <p className="stops-page__empty">No stops assigned to you for {formatDeliveryDay(day.date)}.</p>}
      {day && day.stops.length > 0 && (
        <ol className="stops-page__list">
          {day.stops.map((stop) => (
            <StopCard key={stop._id} stop={stop} onUpdated={onUpdated} />
          ))}
        </ol>
      )}
    </section>
  );
}
