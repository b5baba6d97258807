import { api } from '@thalir/api-client';
import type { Product, ProductListResponse } from '@thalir/contracts';

/** The spec's number of featured products on the home page. */
export const FEATURED_COUNT = 6;

/** The first six of the catalogue (newest first), asked for as one small page. */
export async function fetchFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  const response = await api.get<ProductListResponse>(`/api/products?limit=${FEATURED_COUNT}&page=1`, signal);
  return response.data.slice(0, FEATURED_COUNT);
}
