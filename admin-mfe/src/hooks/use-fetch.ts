import { useCallback, useEffect, useState, type DependencyList } from 'react';

export interface FetchState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again with the same inputs (after a create, edit, delete or status change). */
  reload: () => void;
}

/**
 * Loads data for a screen and reloads when `deps` change. The previous answer stays on screen while
 * a reload runs, so tables do not flicker; a superseded request is aborted so it cannot overwrite a newer one.
 */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): FetchState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    load(controller.signal).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
    // `load` is usually a fresh inline arrow each render; the caller's deps say when its inputs changed
    // (exhaustive-deps checks them at each call: useFetch is one of its additionalHooks).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's dependency list, passed on
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { ...state, reload };
}
