import { useState } from 'react';
import { errorMessage } from '@thalir/api-client';
import type { FrontendAppName, FrontendAppReleases } from '@thalir/contracts';
import { Button, formatDateTime, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchClientErrors, fetchReleases, switchRelease } from '../api/releases';
import './releases-page.css';

const APP_LABELS: Record<FrontendAppName, string> = { shell: 'Shell', 'storefront-mfe': 'Storefront', 'admin-mfe': 'Back office' };
const label = (release: string | null) => release ?? 'the server’s build';

/** A refused switch (409: a shared-library range not met) can be repeated with force. */
interface Refusal {
  release: string | null;
  message: string;
}

function AppReleases({ entry, onSwitched }: { entry: FrontendAppReleases; onSwitched: () => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const makeLive = async (release: string | null, force = false) => {
    setBusy(true);
    setFailure(null);
    setRefusal(null);
    try {
      await switchRelease(entry.app, release, force);
      onSwitched();
    } catch (error) {
      const message = errorMessage(error, 'Failed to switch the release');
      if (!force && (error as { status?: number }).status === 409) setRefusal({ release, message });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const headingId = `releases-${entry.app}`;
  return (
    <section className="card releases-app" aria-labelledby={headingId}>
      <header className="releases-app__header">
        <h2 id={headingId}>{APP_LABELS[entry.app]}</h2>
        <p className="admin-muted">
          Live: <strong data-testid={`live-${entry.app}`}>{label(entry.live)}</strong>
        </p>
        {entry.previous !== undefined && (
          <Button variant="secondary" disabled={busy} onClick={() => void makeLive(entry.previous ?? null)}>
            Roll back to {label(entry.previous)}
          </Button>
        )}
      </header>
      {failure && <Notice tone="error">{failure}</Notice>}
      {refusal && (
        <Notice tone="error">
          {refusal.message}{' '}
          <Button variant="secondary" disabled={busy} onClick={() => void makeLive(refusal.release, true)}>
            Make live anyway
          </Button>
        </Notice>
      )}
      {entry.releases.length === 0 ? (
        <p className="admin-empty">No release published: the server’s build is served.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{APP_LABELS[entry.app]} releases, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Release</th>
                <th scope="col">Commit</th>
                <th scope="col">Published</th>
                <th scope="col">Fits the live frontends</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entry.releases.map((release) => (
                <tr key={release.release}>
                  <td>
                    <code>{release.release}</code>
                  </td>
                  <td>{release.gitCommit ? `${release.gitCommit.slice(0, 10)}${release.gitDirty ? ' (with changes)' : ''}` : '—'}</td>
                  <td>
                    <time dateTime={release.publishedAt}>{formatDateTime(release.publishedAt)}</time>
                  </td>
                  <td>{release.unmet.length === 0 ? 'Yes' : release.unmet.join('; ')}</td>
                  <td>
                    {release.live ? (
                      <strong>Live</strong>
                    ) : (
                      // Named "Make live <release>": the visible words first, so they can be said to reach it (WCAG 2.5.3).
                      <Button disabled={busy} onClick={() => void makeLive(release.release)}>
                        Make live<span className="visually-hidden"> {release.release}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entry.history.length > 0 && (
        <details className="releases-app__history">
          <summary>Recent switches</summary>
          <ol>
            {entry.history.map((change) => (
              <li key={`${change.at}-${change.to}`}>
                {formatDateTime(change.at)}: {change.action === 'rollback' ? 'rolled back' : 'promoted'} {label(change.from)} → {label(change.to)} by{' '}
                {change.by}
                {change.forced ? ' (forced)' : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function ClientErrors() {
  const { data: reports, error } = useFetch((signal) => fetchClientErrors(signal), []);
  return (
    <section className="releases-reports" aria-labelledby="client-errors-title">
      <h2 id="client-errors-title">Reports from browsers</h2>
      {error !== undefined && <Notice tone="error">Failed to load the reports</Notice>}
      {reports && reports.length === 0 && <p className="admin-empty">No reports.</p>}
      {reports && reports.length > 0 && (
        <ol className="releases-reports__list" aria-label="Reports from browsers, newest first">
          {reports.map((report) => (
            <li key={report._id}>
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time> <span className="admin-muted">{report.page ?? ''}</span>
              <p>{report.message}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /admin/releases: what each frontend runs, switching it in one step, and what browsers reported. */
export default function ReleasesPage() {
  const { data: apps, error, loading, reload } = useFetch((signal) => fetchReleases(signal), []);
  return (
    <div className="releases">
      <h1>Releases</h1>
      {error !== undefined && <Notice tone="error">Failed to load the releases</Notice>}
      {loading && !apps && <Spinner label="Loading releases…" />}
      {apps?.map((entry) => (
        <AppReleases key={entry.app} entry={entry} onSwitched={reload} />
      ))}
      <ClientErrors />
    </div>
  );
}
