import { api } from '@thalir/api-client';
import { NO_TAMIL_TEXTS, tamilTextsOf } from '../../../components/tamil-texts-fields';
import type { Product, ProductListResponse, TranslationInput, SubscriptionPlan, SubscriptionPlanInput } from '@thalir/contracts';

/** The API's largest product page: the form offers that many, by name. */
export const PICKABLE_PRODUCTS = 100;

/** Every plan, on sale or not, oldest first. */
export function fetchPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return api.get<SubscriptionPlan[]>('/api/admin/subscription-plans', signal);
}

export function createPlan(input: SubscriptionPlanInput): Promise<SubscriptionPlan> {
  return api.post<SubscriptionPlan>('/api/admin/subscription-plans', input);
}

/** Fields left out keep their value: `{active: false}` stops selling a plan. */
export function updatePlan(id: string, changes: Partial<SubscriptionPlanInput>): Promise<SubscriptionPlan> {
  return api.put<SubscriptionPlan>(`/api/admin/subscription-plans/${encodeURIComponent(id)}`, changes);
}

/** A plan's Tamil name and description as staff entered them (empty where there is none), from the plans in Tamil. */
export async function fetchPlanTamilTexts(id: string, signal?: AbortSignal): Promise<TranslationInput> {
  const plan = (await api.get<SubscriptionPlan[]>('/api/admin/subscription-plans?lang=ta', signal)).find((candidate) => candidate._id === id);
  return plan ? tamilTextsOf(plan) : NO_TAMIL_TEXTS;
}

/** Sets a plan's Tamil name and description; an empty name removes them. */
export function savePlanTamilTexts(id: string, texts: TranslationInput): Promise<SubscriptionPlan> {
  return api.put<SubscriptionPlan>(`/api/admin/subscription-plans/${encodeURIComponent(id)}/translations/ta`, texts);
}

export async function fetchPlanProducts(signal?: AbortSignal): Promise<Product[]> {
  return (await api.get<ProductListResponse>(`/api/products?limit=${PICKABLE_PRODUCTS}&sort=name`, signal)).data;
}
