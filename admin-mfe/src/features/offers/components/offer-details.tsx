import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import type { Offer } from '@thalir/contracts';
import { Button, formatCount, formatDate, formatMoney, Notice, saveBlob, shortOrderId, Spinner, StatusBadge } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchOfferCodesCsv, fetchOfferUsage, generateOfferCodes } from '../api/offers';
import { offerDetailsLabel } from './offer-text';
import '../../../components/form-card.css';

/** The API makes at most this many codes at once. */
const MAX_CODES = 5000;

/** What the offer gave and brought in, and the orders that used it. */
function OfferUsagePanel({ offer }: { offer: Offer }) {
  const { data, error, loading } = useFetch((signal) => fetchOfferUsage(offer._id, signal), [offer._id]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Usage</h3>
      {error !== undefined && <Notice tone="error">Could not load the usage</Notice>}
      {loading && !data && <Spinner label="Loading usage…" />}
      {data && (
        <>
          <dl className="offer-usage__figures">
            <div>
              <dt>Uses</dt>
              <dd>{formatCount(data.uses)}</dd>
            </div>
            <div>
              <dt>Discount given</dt>
              <dd>{formatMoney(data.discountGiven)}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>{formatMoney(data.revenue)}</dd>
            </div>
          </dl>
          {data.orders.length === 0 ? (
            <p className="admin-muted">No order has used it yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="table offers-table">
                <caption className="visually-hidden">Orders that used {offer.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Code</th>
                    <th scope="col" className="num">
                      Discount
                    </th>
                    <th scope="col" className="num">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.orders.map((order) => (
                    <tr key={order._id}>
                      <th scope="row">
                        <Link to={`/order/${order._id}`}>#{shortOrderId(order._id)}</Link>
                      </th>
                      <td>{formatDate(order.createdAt)}</td>
                      <td>{order.customer}</td>
                      <td>{order.code ?? '—'}</td>
                      <td className="num">{formatMoney(order.discount)}</td>
                      <td className="num">{formatMoney(order.total)}</td>
                      <td>
                        <StatusBadge status={order.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** Single-use codes: a batch made on request, and every code so far as a CSV file for printing or mailing. */
function OfferCodesPanel({ offer, onGenerated }: { offer: Offer; onGenerated: () => void }) {
  const [count, setCount] = useState('100');
  const [made, setMade] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [download, setDownload] = useState<{ busy: boolean; failed: boolean }>({ busy: false, failed: false });
  const id = useId();

  const generate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGenerating(true);
    setFailure(null);
    setMade(null);
    try {
      const batch = await generateOfferCodes(offer._id, Number(count));
      setMade(batch.codes.length);
      onGenerated();
    } catch (error) {
      setFailure(errorMessage(error, 'Could not generate the codes'));
    } finally {
      setGenerating(false);
    }
  };

  const downloadCodes = async () => {
    setDownload({ busy: true, failed: false });
    try {
      saveBlob(await fetchOfferCodesCsv(offer._id), `offer-${offer._id}-codes.csv`);
      setDownload({ busy: false, failed: false });
    } catch {
      setDownload({ busy: false, failed: true });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Single-use codes</h3>
      <p className="admin-muted">{offer.batchCodesLeft === 1 ? '1 code not used yet.' : `${formatCount(offer.batchCodesLeft)} codes not used yet.`}</p>
      <form className="offer-codes__form" onSubmit={generate} noValidate>
        <div className="field">
          <label htmlFor={`${id}-count`}>Number of codes</label>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CODES}
            step={1}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            aria-describedby={`${id}-count-hint`}
          />
          <small id={`${id}-count-hint`} className="admin-muted">
            From 1 to {formatCount(MAX_CODES)}; each code works once.
          </small>
        </div>
        <Button type="submit" disabled={generating} aria-busy={generating}>
          {generating ? 'Generating…' : 'Generate codes'}
        </Button>
        <Button variant="secondary" onClick={downloadCodes} disabled={download.busy} aria-busy={download.busy}>
          {download.busy ? 'Preparing…' : 'Download codes (CSV)'}
        </Button>
      </form>
      {made !== null && <Notice tone="success">{made === 1 ? 'Made 1 code.' : `Made ${formatCount(made)} codes.`}</Notice>}
      {failure && <Notice tone="error">{failure}</Notice>}
      {download.failed && <Notice tone="error">Could not download the codes</Notice>}
    </section>
  );
}

export interface OfferDetailsProps {
  offer: Offer;
  onGenerated: () => void;
  onClose: () => void;
}

/** One offer's usage, and its single-use codes if it has them, opened from its row. */
export function OfferDetails({ offer, onGenerated, onClose }: OfferDetailsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // Keyboard and screen-reader users land in the panel as soon as it opens.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      className="card offer-details"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="form-card-admin__header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {offer.name}: {offerDetailsLabel(offer).toLowerCase()}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close the ${offerDetailsLabel(offer).toLowerCase()}`}>
          Close
        </Button>
      </div>
      <OfferUsagePanel offer={offer} />
      {offer.usesBatchCodes && <OfferCodesPanel offer={offer} onGenerated={onGenerated} />}
    </section>
  );
}
