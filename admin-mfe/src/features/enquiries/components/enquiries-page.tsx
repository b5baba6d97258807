import { useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { ENQUIRY_STATUSES, type Enquiry, type EnquiryStatus } from '@thalir/contracts';
import { COUNTRY_NAMES } from '@thalir/contracts/countries';
import { Button, formatCount, formatDate, Notice, Spinner } from '@thalir/ui';
import { Pagination } from '../../../components/pagination';
import { useFetch } from '../../../hooks/use-fetch';
import { useListParams } from '../../../hooks/use-list-params';
import { ENQUIRIES_PAGE_SIZE, fetchEnquiryPage, updateEnquiry } from '../api/enquiries';
import './enquiries-page.css';

const STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', quoted: 'Quoted', won: 'Won', lost: 'Lost' };
const STATUS_TONES: Record<EnquiryStatus, string> = { new: 'yellow', quoted: 'blue', won: 'green', lost: 'red' };

function asStatus(value: string): EnquiryStatus | '' {
  return (ENQUIRY_STATUSES as readonly string[]).includes(value) ? (value as EnquiryStatus) : '';
}

/** One enquiry: what the buyer asked, and the staff's status and note, saved together. */
function EnquiryCard({ enquiry, onSaved }: { enquiry: Enquiry; onSaved: (message: { tone: 'success' | 'error'; text: string }) => void }) {
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.status);
  const [note, setNote] = useState(enquiry.note);
  const [saving, setSaving] = useState(false);
  const changed = status !== enquiry.status || note !== enquiry.note;
  const id = `enquiry-${enquiry._id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await updateEnquiry(enquiry._id, { status, note });
      onSaved({ tone: 'success', text: `${enquiry.company}: saved as ${STATUS_LABELS[status].toLowerCase()}.` });
    } catch (error) {
      onSaved({ tone: 'error', text: errorMessage(error, `Could not save the enquiry from ${enquiry.company}`) });
    } finally {
      setSaving(false);
    }
  };

  const facts: [string, string][] = [
    ['Country', COUNTRY_NAMES[enquiry.country] ?? enquiry.country],
    ...(enquiry.products.length > 0 ? ([['Products', enquiry.products.map((product) => product.name).join(', ')]] as [string, string][]) : []),
    ...(enquiry.quantity ? ([['Stems per shipment', formatCount(enquiry.quantity)]] as [string, string][]) : []),
    ...(enquiry.frequency ? ([['Frequency', enquiry.frequency]] as [string, string][]) : []),
    ...(enquiry.targetMonth ? ([['Target month', enquiry.targetMonth]] as [string, string][]) : []),
  ];
  return (
    <li>
      <article className="card enquiry" aria-labelledby={`${id}-title`}>
        <header className="enquiry__header">
          <h2 id={`${id}-title`} className="enquiry__company">
            {enquiry.company}
          </h2>
          <span className={`badge badge--${STATUS_TONES[enquiry.status]}`}>{STATUS_LABELS[enquiry.status]}</span>
          <time dateTime={enquiry.createdAt} className="enquiry__date">
            {formatDate(enquiry.createdAt)}
          </time>
        </header>
        <p className="enquiry__contact">
          {enquiry.contactName} · <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
          {enquiry.phone && (
            <>
              {' '}
              · <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}>{enquiry.phone}</a>
            </>
          )}
        </p>
        <dl className="enquiry__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="enquiry__message">{enquiry.message}</p>
        <form className="enquiry__work" onSubmit={save}>
          <div className="field">
            <label htmlFor={`${id}-status`}>Status</label>
            <select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as EnquiryStatus)}>
              {ENQUIRY_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field enquiry__note">
            <label htmlFor={`${id}-note`}>Internal note</label>
            <textarea id={`${id}-note`} rows={2} maxLength={5000} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <Button type="submit" variant="secondary" disabled={!changed || saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </form>
      </article>
    </li>
  );
}

/** Wholesale and export enquiries, newest first, worked from new to quoted to won or lost. */
export default function EnquiriesPage() {
  const { page, filters, update } = useListParams(['status'] as const);
  const status = asStatus(filters.status);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { data, error, loading, reload } = useFetch((signal) => fetchEnquiryPage({ status, page }, signal), [status, page]);

  return (
    <section className="container page" aria-labelledby="enquiries-title">
      <div className="admin-page__header">
        <h1 id="enquiries-title">Enquiries</h1>
      </div>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="enquiry-status-filter">Show</label>
          <select id="enquiry-status-filter" value={status} onChange={(event: ChangeEvent<HTMLSelectElement>) => update({ status: event.target.value })}>
            <option value="">All enquiries</option>
            {ENQUIRY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the enquiries</Notice>}
      {loading && !data && <Spinner label="Loading enquiries…" />}
      {data && data.enquiries.length === 0 && <p className="admin-empty">{status ? 'No enquiries with this status.' : 'No enquiries yet.'}</p>}
      {data && data.enquiries.length > 0 && (
        <ol className="enquiry-list" aria-label="Enquiries, newest first">
          {data.enquiries.map((enquiry) => (
            <EnquiryCard
              key={`${enquiry._id}-${enquiry.updatedAt}`}
              enquiry={enquiry}
              onSaved={(outcome) => {
                setMessage(outcome);
                reload();
              }}
            />
          ))}
        </ol>
      )}
      {data && data.total > 0 && (
        <Pagination page={page} pageSize={ENQUIRIES_PAGE_SIZE} total={data.total} onPageChange={(next) => update({ page: next })} label="Enquiry pages" />
      )}
    </section>
  );
}
