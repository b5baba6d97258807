import { api } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { Offer, OfferCodeBatch, OfferInput, OfferUsage, Product, ProductListResponse } from '@thalir/contracts';

/** The API's largest product page: the picker lists that many, by name. */
export const PICKABLE_PRODUCTS = 100;

const offerPath = (id: string) => `/api/admin/offers/${encodeURIComponent(id)}`;

/** Newest first. */
export function fetchOffers(signal?: AbortSignal): Promise<Offer[]> {
  return api.get<Offer[]>('/api/admin/offers', signal);
}

export function createOffer(input: OfferInput): Promise<Offer> {
  return api.post<Offer>('/api/admin/offers', input);
}

/** Fields left out keep their value: `{active: false}` pauses an offer. */
export function updateOffer(id: string, changes: Partial<OfferInput>): Promise<Offer> {
  return api.put<Offer>(offerPath(id), changes);
}

export function generateOfferCodes(id: string, count: number): Promise<OfferCodeBatch> {
  return api.post<OfferCodeBatch>(`${offerPath(id)}/codes`, { count });
}

export function fetchOfferUsage(id: string, signal?: AbortSignal): Promise<OfferUsage> {
  return api.get<OfferUsage>(`${offerPath(id)}/usage`, signal);
}

/** Every single-use code of the offer (code, used, order) as CSV, with the bearer token in the header. */
export async function fetchOfferCodesCsv(id: string): Promise<Blob> {
  const { token } = getAuth();
  const response = await fetch(`${offerPath(id)}/codes.csv`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) throw new Error(`Offer codes request failed (${response.status})`);
  return response.blob();
}

export async function fetchPickableProducts(signal?: AbortSignal): Promise<{ products: Product[]; total: number }> {
  const response = await api.get<ProductListResponse>(`/api/products?limit=${PICKABLE_PRODUCTS}&sort=name`, signal);
  return { products: response.data, total: response.total ?? response.data.length };
}
