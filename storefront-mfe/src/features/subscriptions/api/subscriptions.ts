import { api, apiRequest } from '@thalir/api-client';
import type { Order, Subscription, SubscriptionDeliveryChange, SubscriptionPlan, SubscriptionWithPack } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from '../../../lib/in-language';

const subscriptionPath = (id: string) => `/api/subscriptions/${encodeURIComponent(id)}`;

export function fetchMySubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return api.get<Subscription[]>('/api/subscriptions/mine', signal);
}

export function fetchSubscription(id: string): Promise<Subscription> {
  return api.get<Subscription>(subscriptionPath(id));
}

/** The plans on sale (their names in `language` where translated), for a customer who has no subscription yet. */
export function fetchSubscriptionPlans(language: Language, signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return api.get<SubscriptionPlan[]>(inLanguage('/api/subscription-plans', language), signal);
}

/** Skips (or un-skips), moves or redirects one coming delivery, before its cut-off. */
export function changeDelivery(id: string, date: string, change: SubscriptionDeliveryChange): Promise<Subscription> {
  return apiRequest<Subscription>(`${subscriptionPath(id)}/deliveries/${encodeURIComponent(date)}`, { method: 'PATCH', body: change });
}

/** A holiday: no deliveries from `from` to `to`, both included. */
export function pauseSubscription(id: string, from: string, to: string): Promise<Subscription> {
  return api.post<Subscription>(`${subscriptionPath(id)}/pauses`, { from, to });
}

export function endPause(id: string, pauseId: string): Promise<Subscription> {
  return api.delete<Subscription>(`${subscriptionPath(id)}/pauses/${encodeURIComponent(pauseId)}`);
}

/** Places a pack's order, to be paid online like any order. */
export function buyPack(id: string, pack: number): Promise<SubscriptionWithPack> {
  return api.post<SubscriptionWithPack>(`${subscriptionPath(id)}/packs`, { pack });
}

/** The order of a pack not paid yet, to pay it. */
export function fetchPackOrder(orderId: string): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(orderId)}`);
}

/** No more deliveries; the unused ones are refunded. */
export function cancelSubscription(id: string): Promise<Subscription> {
  return api.post<Subscription>(`${subscriptionPath(id)}/cancel`);
}
