import { useCallback, useEffect, useState } from 'react';
import type { Subscription } from '@thalir/contracts';
import { fetchMySubscriptions, fetchSubscription } from '../api/subscriptions';

export type SubscriptionsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; subscriptions: Subscription[] };

/** How a part of the screen puts a subscription's new state on it. */
export interface SubscriptionUpdates {
  /** Every change answers the whole subscription: it replaces the one shown. */
  show: (subscription: Subscription) => void;
  /** Reads it again, when it moved on without an answer saying how (a refusal, a payment). */
  reload: (id: string) => void;
}

/** The customer's subscriptions, kept up to date by the answers to their changes. */
export function useMySubscriptions(): SubscriptionUpdates & { load: SubscriptionsLoad } {
  const [load, setLoad] = useState<SubscriptionsLoad>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchMySubscriptions(controller.signal).then(
      (subscriptions) => setLoad({ state: 'loaded', subscriptions }),
      (error: Error) => {
        if (error.name !== 'AbortError') setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const show = useCallback((subscription: Subscription) => {
    setLoad((current) =>
      current.state === 'loaded'
        ? { state: 'loaded', subscriptions: current.subscriptions.map((shown) => (shown._id === subscription._id ? subscription : shown)) }
        : current,
    );
  }, []);

  const reload = useCallback(
    (id: string) => {
      // A failed read leaves the screen as it was: the customer already sees why their step did not go through.
      fetchSubscription(id).then(show, () => undefined);
    },
    [show],
  );

  return { load, show, reload };
}
