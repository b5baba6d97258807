import { useEffect, useRef, useState } from 'react';
import type { SubscriptionPlan } from '@thalir/contracts';
import { usePageData } from '../../../lib/page-data';
import { useLanguage } from '@thalir/ui';
import { fetchSubscriptionPlans, subscriptionPlansPath } from '../api/subscription-plans';

export type PlansLoad = { state: 'loading' } | { state: 'ready'; plans: SubscriptionPlan[] } | { state: 'failed' };

/** The plans on sale: from the answer a server-rendered page carries, else fetched. */
export function useSubscriptionPlans() {
  const language = useLanguage();
  const rendered = usePageData<SubscriptionPlan[]>(subscriptionPlansPath(language));
  const [load, setLoad] = useState<PlansLoad>(() => (Array.isArray(rendered) ? { state: 'ready', plans: rendered } : { state: 'loading' }));
  const fromPage = useRef(Array.isArray(rendered));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (fromPage.current) {
      fromPage.current = false;
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchSubscriptionPlans(language, controller.signal)
      .then((plans) => setLoad({ state: 'ready', plans }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [language, attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}
