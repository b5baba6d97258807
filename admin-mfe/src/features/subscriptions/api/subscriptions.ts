import { api, apiRequest } from '@thalir/api-client';
import type { Subscription, SubscriptionForecastDay, SubscriptionPlan, SubscriptionStatus } from '@thalir/contracts';

/** The days the growers' forecast covers, today in India first. */
export const FORECAST_DAYS = 7;

export interface SubscriptionFilters {
  /** A plan's id; empty: every plan. */
  plan: string;
  status: SubscriptionStatus | '';
}

export const SUBSCRIPTIONS_PAGE_SIZE = 25;

/** A page of them, newest first, each with its customer, credits, packs and coming days; `total` counts every match. */
export async function fetchSubscriptionPage(
  { plan, status, page }: SubscriptionFilters & { page: number },
  signal?: AbortSignal,
): Promise<{ subscriptions: Subscription[]; total: number }> {
  const params = new URLSearchParams({ page: String(page), limit: String(SUBSCRIPTIONS_PAGE_SIZE) });
  if (plan) params.set('plan', plan);
  if (status) params.set('status', status);
  let total = 0;
  const subscriptions = await apiRequest<Subscription[]>(`/api/admin/subscriptions?${params}`, {
    signal,
    onHeaders: (headers) => (total = Number(headers.get('x-total-count') ?? 0)),
  });
  return { subscriptions, total };
}

export function fetchSubscription(id: string, signal?: AbortSignal): Promise<Subscription> {
  return api.get<Subscription>(`/api/admin/subscriptions/${encodeURIComponent(id)}`, signal);
}

/** Answers the subscription as cancelled, its unused deliveries refunded (`credits.refunded`). */
export function cancelSubscription(id: string): Promise<Subscription> {
  return api.post<Subscription>(`/api/admin/subscriptions/${encodeURIComponent(id)}/cancel`);
}

/** Every plan, on sale or not, for the plan filter: the call needs the `catalog` permission. */
export function fetchPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return api.get<SubscriptionPlan[]>('/api/admin/subscription-plans', signal);
}

export function fetchForecast(signal?: AbortSignal): Promise<SubscriptionForecastDay[]> {
  return api.get<SubscriptionForecastDay[]>(`/api/admin/subscriptions/forecast?days=${FORECAST_DAYS}`, signal);
}
