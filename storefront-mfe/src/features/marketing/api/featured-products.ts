import { api } from '@thalir/api-client';
import type { Product, ProductListResponse } from '@thalir/contracts';

/** The spec's number of featured products on the home page. */
export const FEATURED_COUNT = 6;

/** The first six of the catalogue (newest first), asked for as one small page. */
export const FEATURED_PRODUCTS_PATH = `/api/products?limit=${FEATURED_COUNT}&page=1`;

export function featuredProducts(response: ProductListResponse): Product[] {
  return response.data.slice(0, FEATURED_COUNT);
}

export async function fetchFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  return featuredProducts(await api.get<ProductListResponse>(FEATURED_PRODUCTS_PATH, signal));
}
