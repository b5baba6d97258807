import { api } from '@thalir/api-client';
import type { Subscription, SubscriptionForecastDay, SubscriptionPlan, SubscriptionStatus } from '@thalir/contracts';

/** The days the growers' forecast covers, today in India first. */
export const FORECAST_DAYS = 7;

export interface SubscriptionFilters {
  /** A plan's id; empty: every plan. */
  plan: string;
  status: SubscriptionStatus | '';
}

/** Newest first, each with its customer, credits, packs and coming days. */
export function fetchSubscriptions({ plan, status }: SubscriptionFilters, signal?: AbortSignal): Promise<Subscription[]> {
  const params = new URLSearchParams();
  if (plan) params.set('plan', plan);
  if (status) params.set('status', status);
  const query = params.toString();
  return api.get<Subscription[]>(`/api/admin/subscriptions${query ? `?${query}` : ''}`, signal);
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
