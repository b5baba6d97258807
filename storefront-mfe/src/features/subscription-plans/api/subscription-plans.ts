import { api } from '@thalir/api-client';
import type { Order, SubscribeRequest, Subscription, SubscriptionPlan, SubscriptionWithPack } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from '../../../lib/in-language';

const SUBSCRIPTION_PLANS_API = '/api/subscription-plans';

/** The plans on sale (also the key of the answer a server-rendered page carries). */
export const subscriptionPlansPath = (language: Language) => inLanguage(SUBSCRIPTION_PLANS_API, language);

/** The API path of one plan on sale, by its address. */
export function subscriptionPlanPath(slug: string, language: Language): string {
  return inLanguage(`${SUBSCRIPTION_PLANS_API}/${encodeURIComponent(slug)}`, language);
}

export function fetchSubscriptionPlans(language: Language, signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return api.get<SubscriptionPlan[]>(subscriptionPlansPath(language), signal);
}

export function fetchSubscriptionPlan(slug: string, language: Language, signal?: AbortSignal): Promise<SubscriptionPlan> {
  return api.get<SubscriptionPlan>(subscriptionPlanPath(slug, language), signal);
}

/** The customer's subscriptions, to tell them of one to this plan still waiting for its payment. */
export function fetchMySubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return api.get<Subscription[]>('/api/subscriptions/mine', signal);
}

/** Starts a subscription: it waits for its first pack's order to be paid online. */
export function subscribe(request: SubscribeRequest): Promise<SubscriptionWithPack> {
  return api.post<SubscriptionWithPack>('/api/subscriptions', request);
}

/** Another pack's order for a subscription (its first one's payment window closed unpaid). */
export function buyPack(subscriptionId: string, pack: number): Promise<SubscriptionWithPack> {
  return api.post<SubscriptionWithPack>(`/api/subscriptions/${encodeURIComponent(subscriptionId)}/packs`, { pack });
}

/** A pack's order as it is now: paid, still waiting for payment, or cancelled. */
export function fetchPackOrder(orderId: string): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(orderId)}`);
}
