import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import type { ApiError, SubscriptionPlan } from '@thalir/contracts';
import { usePageData } from '../../../lib/page-data';
import { useLanguage } from '@thalir/ui';
import { fetchSubscriptionPlan, subscriptionPlanPath } from '../api/subscription-plans';

export type PlanLoad = { state: 'loading' } | { state: 'ready'; plan: SubscriptionPlan } | { state: 'missing' } | { state: 'failed'; message: string };

/** The state a server-rendered page's answer stands for: the plan, or one not on sale (the API's 404). */
function renderedLoad(answer: SubscriptionPlan | ApiError | undefined): PlanLoad | undefined {
  if (!answer) return undefined;
  return 'slug' in answer ? { state: 'ready', plan: answer } : { state: 'missing' };
}

/** One plan on sale by its address: from the answer a server-rendered page carries, else fetched. */
export function useSubscriptionPlan(slug: string) {
  const language = useLanguage();
  const { t } = useLingui();
  // Read when a load fails, not a reason to load again.
  const failed = useRef('');
  failed.current = t`Could not load this plan.`;
  const rendered = usePageData<SubscriptionPlan | ApiError>(subscriptionPlanPath(slug, language));
  const [load, setLoad] = useState<PlanLoad>(() => renderedLoad(rendered) ?? { state: 'loading' });
  const renderedSlug = useRef(rendered ? slug : null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (renderedSlug.current === slug) {
      renderedSlug.current = null;
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchSubscriptionPlan(slug, language, controller.signal)
      .then((plan) => setLoad({ state: 'ready', plan }))
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        if (error instanceof ApiRequestError && error.status === 404) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: errorMessage(error, failed.current) });
      });
    return () => controller.abort();
  }, [slug, language, attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}
