import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '@thalir/contracts';
import { Button, formatShopMoment, Notice, saveBlob, shortOrderId, Spinner } from '@thalir/ui';
import { Pagination } from '../../../components/pagination';
import { useFetch } from '../../../hooks/use-fetch';
import { useListParams, useSearchBox } from '../../../hooks/use-list-params';
import { AUDIT_PAGE_SIZE, fetchAuditCsv, fetchAuditPage, type AuditFilters } from '../api/audit';
import { AuditChange } from './audit-change';
import { AUDIT_ENTITY_LABELS, auditChange, describeAction, roleLabel } from './audit-text';
import './audit-page.css';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function asEntity(value: string): AuditEntity | '' {
  return (AUDIT_ENTITIES as readonly string[]).includes(value) ? (value as AuditEntity) : '';
}

/** "audit-log_2026-11-01_2026-11-30.csv": the file says which days it holds. */
function csvFileName({ from, to }: AuditFilters): string {
  return `audit-log_${from || 'start'}_${to || 'today'}.csv`;
}

/** What was acted on: an order links to its page by its short id, anything else shows its id. */
function EntityCell({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="audit-table__entity">{AUDIT_ENTITY_LABELS[entry.entity] ?? entry.entity}</span>
      {entry.entityId &&
        (entry.entity === 'order' ? (
          <Link to={`/order/${entry.entityId}`} className="audit-table__id" title={entry.entityId}>
            #{shortOrderId(entry.entityId)}
          </Link>
        ) : (
          <span className="audit-table__id">{entry.entityId}</span>
        ))}
    </>
  );
}

/** /admin/audit: every staff write and sign-in, newest first; filtered, paged, each change opened in place, and the filtered log as CSV. */
export default function AuditPage() {
  const { page, filters, update } = useListParams(['actor', 'entity', 'from', 'to'] as const);
  const actor = filters.actor;
  const entity = asEntity(filters.entity);
  const from = isDate(filters.from) ? filters.from : '';
  const to = isDate(filters.to) ? filters.to : '';
  const applied: AuditFilters = { actor, entity, from, to };
  const [actorText, setActorText] = useSearchBox(actor, (search) => update({ actor: search }));
  const [openIds, setOpenIds] = useState<string[]>([]);
  const [download, setDownload] = useState<{ busy: boolean; failure: string | null }>({ busy: false, failure: null });

  const { data, error, loading } = useFetch((signal) => fetchAuditPage({ actor, entity, from, to }, page, signal), [actor, entity, from, to, page]);

  const entries = data?.entries ?? [];
  const filtered = Boolean(actor || entity || from || to);

  const toggle = (id: string) => setOpenIds((open) => (open.includes(id) ? open.filter((openId) => openId !== id) : [...open, id]));

  const downloadCsv = async () => {
    setDownload({ busy: true, failure: null });
    try {
      saveBlob(await fetchAuditCsv(applied), csvFileName(applied));
      setDownload({ busy: false, failure: null });
    } catch (failure) {
      setDownload({ busy: false, failure: errorMessage(failure, 'Could not download the audit log') });
    }
  };

  return (
    <section className="container page" aria-labelledby="audit-title">
      <div className="admin-page__header">
        <h1 id="audit-title">Audit log</h1>
        <Button variant="secondary" onClick={downloadCsv} disabled={download.busy} aria-busy={download.busy}>
          {download.busy ? 'Preparing…' : 'Download CSV'}
        </Button>
      </div>

      <div className="admin-toolbar" role="search">
        <div className="field">
          <label htmlFor="audit-actor">Person</label>
          <input id="audit-actor" type="search" value={actorText} onChange={(event) => setActorText(event.target.value)} placeholder="Email or part of one" />
        </div>
        <div className="field">
          <label htmlFor="audit-entity">What</label>
          <select id="audit-entity" value={entity} onChange={(event) => update({ entity: event.target.value })}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ENTITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field audit-toolbar__date">
          <label htmlFor="audit-from">From (India date)</label>
          <input id="audit-from" type="date" value={from} max={to || undefined} onChange={(event) => update({ from: event.target.value })} />
        </div>
        <div className="field audit-toolbar__date">
          <label htmlFor="audit-to">To (India date)</label>
          <input id="audit-to" type="date" value={to} min={from || undefined} onChange={(event) => update({ to: event.target.value })} />
        </div>
        {loading && data && <span className="admin-muted">Updating…</span>}
      </div>

      {download.failure && <Notice tone="error">{download.failure}</Notice>}
      {error !== undefined && <Notice tone="error">{errorMessage(error, 'Could not load the audit log')}</Notice>}
      {loading && !data && <Spinner label="Loading the audit log…" />}
      {data && entries.length === 0 && <p className="admin-empty">{filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}</p>}

      {entries.length > 0 && (
        <div className="table-wrap card">
          <table className="table audit-table">
            <caption className="visually-hidden">Audit log, newest first, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">When (India time)</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">On</th>
                <th scope="col">Client address</th>
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const action = describeAction(entry);
                const label = `${action}${entry.entityId ? ` ${entry.entityId}` : ''}`;
                const open = openIds.includes(entry._id);
                const changeId = `audit-change-${entry._id}`;
                const hasChange = auditChange(entry).kind !== 'none';
                return (
                  <Fragment key={entry._id}>
                    <tr className={open ? 'audit-table__row audit-table__row--open' : 'audit-table__row'}>
                      <td className="audit-table__when">
                        <time dateTime={entry.at}>{formatShopMoment(entry.at)}</time>
                      </td>
                      <td>
                        <span className="audit-table__actor">{entry.actor?.email ?? 'The shop'}</span>
                        <span className="audit-table__role">{entry.actor ? roleLabel(entry.actor.role) : 'System'}</span>
                      </td>
                      <th scope="row" className="audit-table__action">
                        {action}
                      </th>
                      <td>
                        <EntityCell entry={entry} />
                      </td>
                      <td className="audit-table__address">{entry.clientAddress ?? '—'}</td>
                      <td>
                        {hasChange && (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-expanded={open}
                            aria-controls={open ? changeId : undefined}
                            aria-label={`${open ? 'Hide change' : 'Show change'}: ${label}`}
                            onClick={() => toggle(entry._id)}
                          >
                            {open ? 'Hide change' : 'Show change'}
                          </Button>
                        )}
                      </td>
                    </tr>
                    {open && (
                      <tr id={changeId} className="audit-table__change">
                        <td colSpan={6}>
                          <AuditChange entry={entry} label={label} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 && (
        <Pagination
          page={page}
          pageSize={data.limit || AUDIT_PAGE_SIZE}
          total={data.total}
          onPageChange={(next) => update({ page: next })}
          label="Audit log pages"
        />
      )}
    </section>
  );
}
