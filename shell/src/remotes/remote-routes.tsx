import { Component, createContext, lazy, Suspense, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, PageTakeover, Spinner } from '@thalir/ui';
import { remoteLoadTimeout } from './remote-load-timeout';
import { mismatchesOf, SharedLibraryMismatchError } from './shared-contract';

export { REMOTE_LOAD_TIMEOUT_MS } from './remote-load-timeout';

export type RemoteName = 'storefront_mfe' | 'admin_mfe';

const LABELS: Record<RemoteName, MessageDescriptor> = { storefront_mfe: msg`the shop`, admin_mfe: msg`the back office` };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * On the server: the remotes' route trees from their server bundles, rendered in place of the lazily
 * loaded ones, inside the same boundaries, so the browser hydrates the markup it was sent.
 */
export const ServerRemotes = createContext<Partial<Record<RemoteName, ComponentType>> | null>(null);

function loadRoutes(remote: RemoteName, timeoutMs: number) {
  return lazy(async () => {
    const loaded = await withTimeout(loadRemote<{ default: ComponentType }>(`${remote}/Routes`), timeoutMs).then(
      (module) => ({ module }),
      (error: unknown) => ({ error }),
    );
    // Recorded as the remote's entry started (federation-plugins.ts), whether or not it then loaded:
    // a mismatch, when there is one, is the error to show.
    const mismatches = mismatchesOf(remote);
    if (mismatches.length > 0) throw new SharedLibraryMismatchError(mismatches);
    if ('error' in loaded) throw loaded.error;
    if (!loaded.module?.default) throw new Error(`${remote} did not expose its routes`);
    return loaded.module;
  });
}

class RemoteBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A remote failed to load or render', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function RemoteFallback({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const { i18n, t } = useLingui();
  const mismatches = mismatchesOf(remote);
  const part = i18n._(LABELS[remote]);
  const details = mismatches
    .map(({ library, required, available }) => {
      const has = available.length > 0 ? available.join(', ') : t`none`;
      return t`it needs ${library} ${required}, and this page has ${has}`;
    })
    .join('; ');
  return (
    <section className="container page remote-fallback" role="alert">
      <title>{`${t`This part of the site is taking a break`} · Thalir Blooms`}</title>
      <h1>
        <Trans>This part of the site is taking a break</Trans>
      </h1>
      <p>
        <Trans>We could not load {part} just now. The rest of the site still works; please try again in a moment.</Trans>
      </p>
      {mismatches.length > 0 && (
        <p className="remote-fallback__mismatch">
          {/* Names the mismatch for whoever reads the page or a screenshot of it; staff also get a report. */}
          <Trans>
            This release of {part} does not fit this page: {details}.
          </Trans>
        </p>
      )}
      <Button onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
      {/* The remote's screen will not take the page over: taps kept for it have nowhere to go, and Retry must work. */}
      <PageTakeover />
    </section>
  );
}

/**
 * Renders a remote's route tree. A remote that is down, slow or broken costs only its own routes:
 * they show a fallback with Retry while the header, footer and the other remote keep working.
 */
export function RemoteRoutes({ remote, timeoutMs = remoteLoadTimeout() }: { remote: RemoteName; timeoutMs?: number }) {
  const [attempt, setAttempt] = useState(0);
  return (
    // A new key on Retry gives a fresh boundary and a fresh attempt to load the remote.
    <RemoteBoundary key={attempt} fallback={<RemoteFallback remote={remote} onRetry={() => setAttempt((n) => n + 1)} />}>
      <RemoteAttempt remote={remote} timeoutMs={timeoutMs} />
    </RemoteBoundary>
  );
}

/**
 * One attempt at loading a remote's route tree; RemoteRoutes mounts a new one on Retry. The lazy
 * tree is held here, above the Suspense boundary, so it survives while it loads.
 */
function RemoteAttempt({ remote, timeoutMs }: { remote: RemoteName; timeoutMs: number }) {
  const { t } = useLingui();
  const serverRoutes = useContext(ServerRemotes)?.[remote];
  const Routes = useMemo(() => serverRoutes ?? loadRoutes(remote, timeoutMs), [serverRoutes, remote, timeoutMs]);
  return (
    <Suspense fallback={<Spinner label={t`Loading…`} />}>
      <Routes />
    </Suspense>
  );
}
