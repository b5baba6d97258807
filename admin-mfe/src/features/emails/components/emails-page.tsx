import { useState, type ChangeEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { OUTBOX_STATUSES, type OutboxMail, type OutboxStatus } from '@thalir/contracts';
import { Button, formatDateTime, Notice, Spinner } from '@thalir/ui';
import { Pagination } from '../../../components/pagination';
import { useFetch } from '../../../hooks/use-fetch';
import { useListParams } from '../../../hooks/use-list-params';
import { EMAILS_PAGE_SIZE, fetchEmailPage, retryEmail } from '../api/emails';
import './emails-page.css';

const STATUS_LABELS: Record<OutboxStatus, string> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
const STATUS_TONES: Record<OutboxStatus, string> = { pending: 'yellow', sending: 'blue', sent: 'green', failed: 'red' };

function asStatus(value: string): OutboxStatus | '' {
  return (OUTBOX_STATUSES as readonly string[]).includes(value) ? (value as OutboxStatus) : '';
}

/** When the mail went, or when its next try is due. */
function timing(mail: OutboxMail): string {
  if (mail.sentAt) return `Sent ${formatDateTime(mail.sentAt)}`;
  if (mail.nextAttemptAt && mail.attempts > 0) return `Next try ${formatDateTime(mail.nextAttemptAt)}`;
  return '';
}

/** The shop's outbox: what went out to customers and staff, what waits, and what failed and why. */
export default function EmailsPage() {
  const { page, filters, update } = useListParams(['status'] as const);
  const status = asStatus(filters.status);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const { data, error, loading, reload } = useFetch((signal) => fetchEmailPage({ status, page }, signal), [status, page]);

  const retry = async (mail: OutboxMail) => {
    setRetrying(mail._id);
    setMessage(null);
    try {
      await retryEmail(mail._id);
      setMessage({ tone: 'success', text: `The email to ${mail.recipient} will be sent again.` });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, 'Could not retry the email') });
    } finally {
      setRetrying(null);
      reload();
    }
  };

  const mails = data?.mails ?? [];
  return (
    <section className="container page" aria-labelledby="emails-title">
      <div className="admin-page__header">
        <h1 id="emails-title">Emails</h1>
      </div>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="email-status-filter">Status</label>
          <select id="email-status-filter" value={status} onChange={(event: ChangeEvent<HTMLSelectElement>) => update({ status: event.target.value })}>
            <option value="">All</option>
            {OUTBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={reload} disabled={loading}>
          Refresh
        </Button>
      </div>

      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the emails</Notice>}
      {loading && !data && <Spinner label="Loading emails…" />}
      {data && mails.length === 0 && <p className="admin-empty">{status ? 'No emails with this status.' : 'No emails yet.'}</p>}

      {mails.length > 0 && (
        <div className="table-wrap card">
          <table className="table emails-table">
            <caption className="visually-hidden">Emails, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">Written</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Tries
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail._id}>
                  <td className="emails-table__when">{formatDateTime(mail.createdAt)}</td>
                  <td className="emails-table__recipient">{mail.recipient}</td>
                  <td>
                    {mail.subject}
                    {mail.lastError && <span className="emails-table__error">{mail.lastError}</span>}
                  </td>
                  <td>
                    <span className={`badge badge--${STATUS_TONES[mail.status]}`}>{STATUS_LABELS[mail.status]}</span>
                    <span className="emails-table__timing">{timing(mail)}</span>
                  </td>
                  <td className="num">{mail.attempts}</td>
                  <td>
                    {mail.status === 'failed' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => void retry(mail)}
                        disabled={retrying === mail._id}
                        aria-label={`Retry the email to ${mail.recipient}: ${mail.subject}`}
                      >
                        Retry
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 && (
        <Pagination page={page} pageSize={EMAILS_PAGE_SIZE} total={data.total} onPageChange={(next) => update({ page: next })} label="Email pages" />
      )}
    </section>
  );
}
