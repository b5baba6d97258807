import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `refresh` every `everyMs` while the page is visible (document.visibilityState), and at once when
 * it becomes visible again after being hidden; a background tab costs the API nothing. The signal is
 * aborted when the screen goes away, so a late answer cannot land on an unmounted screen.
 */
export function useRefreshWhileVisible(refresh: (signal: AbortSignal) => void, everyMs: number): void {
  const onTick = useEffectEvent(refresh);

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    const start = () => {
      if (timer === undefined) timer = window.setInterval(() => onTick(controller.signal), everyMs);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') return stop();
      if (timer === undefined) onTick(controller.signal);
      start();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [everyMs]);
}
