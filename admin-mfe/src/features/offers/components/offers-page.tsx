import { useRef, useState } from 'react';
import type { Offer } from '@thalir/contracts';
import { Button, formatCount, Notice, Spinner } from '@thalir/ui';
import { type ListMessage, useActiveSwitch } from '../../../hooks/use-active-switch';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchOffers, updateOffer } from '../api/offers';
import { OfferDetails } from './offer-details';
import { OfferForm, type OfferFormMode } from './offer-form';
import {
  describeOfferRules,
  describeOfferUses,
  describeOfferValue,
  describeOfferWindow,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_TONES,
  offerDetailsLabel,
} from './offer-text';
import './offers-page.css';

/** /admin/offers: the shop's offers, newest first; creating, changing, pausing them, their codes and what they brought in. */
export default function OffersPage() {
  const { data, error, loading, reload } = useFetch((signal) => fetchOffers(signal), []);
  const [formMode, setFormMode] = useState<OfferFormMode | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [message, setMessage] = useState<ListMessage | null>(null);
  // A plain button rather than <Button>: the form hands focus back to it when it closes.
  const newButtonRef = useRef<HTMLButtonElement>(null);

  const offers = data ?? [];
  const detailed = offers.find((offer) => offer._id === detailsId);

  const closeForm = () => {
    setFormMode(null);
    newButtonRef.current?.focus();
  };

  const saved = (text: string) => {
    setMessage({ tone: 'success', text });
    closeForm();
    reload();
  };

  const open = (mode: OfferFormMode) => {
    setDetailsId(null);
    setFormMode(mode);
  };

  const showDetails = (offer: Offer) => {
    setFormMode(null);
    setDetailsId(offer._id);
  };

  /** Pausing keeps the offer and its codes; it only stops applying until resumed. */
  const { switchingId, switchActive } = useActiveSwitch<Offer>({
    save: (offer, active) => updateOffer(offer._id, { active }),
    switchedTo: (active) => (active ? 'active again' : 'paused'),
    failed: (active) => (active ? 'Could not resume the offer' : 'Could not pause the offer'),
    showMessage: setMessage,
    reload,
  });

  return (
    <section className="container page" aria-labelledby="offers-title">
      <div className="admin-page__header">
        <h1 id="offers-title">Offers</h1>
        <button type="button" ref={newButtonRef} className="btn btn--primary btn--md" onClick={() => open({ kind: 'add' })}>
          New offer
        </button>
      </div>

      {formMode && <OfferForm key={formMode.kind === 'edit' ? formMode.offer._id : 'new'} mode={formMode} onSaved={saved} onClose={closeForm} />}
      {detailed && <OfferDetails key={detailed._id} offer={detailed} onGenerated={reload} onClose={() => setDetailsId(null)} />}

      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the offers</Notice>}
      {loading && !data && <Spinner label="Loading offers…" />}
      {data && offers.length === 0 && <p className="admin-empty">No offers yet. Create the first one.</p>}

      {offers.length > 0 && (
        <div className="table-wrap card">
          <table className="table offers-table">
            <caption className="visually-hidden">Offers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Offer</th>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Dates</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Uses
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.map((offer) => {
                const rules = describeOfferRules(offer);
                return (
                  <tr key={offer._id}>
                    <th scope="row">
                      <span className="offers-table__name">{offer.name}</span>
                      {rules && <span className="offers-table__note">{rules}</span>}
                    </th>
                    <td>
                      {offer.code ? (
                        <span className="offers-table__code">{offer.code}</span>
                      ) : offer.usesBatchCodes ? (
                        <>
                          Single-use codes
                          <span className="offers-table__note">{formatCount(offer.batchCodesLeft)} not used yet</span>
                        </>
                      ) : (
                        'Automatic'
                      )}
                    </td>
                    <td>{describeOfferValue(offer)}</td>
                    <td>{describeOfferWindow(offer)}</td>
                    <td>
                      <span className={`badge badge--${OFFER_STATUS_TONES[offer.status]}`}>{OFFER_STATUS_LABELS[offer.status]}</span>
                    </td>
                    <td className="num">{describeOfferUses(offer)}</td>
                    <td>
                      <div className="offers-table__actions">
                        <Button variant="secondary" size="sm" onClick={() => open({ kind: 'edit', offer })} aria-label={`Edit ${offer.name}`}>
                          Edit
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => void switchActive(offer)}
                          disabled={switchingId === offer._id}
                          aria-label={`${offer.active ? 'Pause' : 'Resume'} ${offer.name}`}
                        >
                          {offer.active ? 'Pause' : 'Resume'}
                        </Button>
                        <Button variant="secondary" size="sm" onClick={() => showDetails(offer)} aria-label={`${offerDetailsLabel(offer)} of ${offer.name}`}>
                          {offerDetailsLabel(offer)}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
