import { api } from '@thalir/api-client';
import type { Product, ProductListResponse } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from '../../../lib/in-language';

/** The spec's number of featured products on the home page. */
export const FEATURED_COUNT = 6;

/** The first six of the catalogue (newest first), asked for as one small page (also the key of the answer a server-rendered page carries). */
export const featuredProductsPath = (language: Language) => inLanguage(`/api/products?limit=${FEATURED_COUNT}&page=1`, language);

export function featuredProducts(response: ProductListResponse): Product[] {
  return response.data.slice(0, FEATURED_COUNT);
}

export async function fetchFeaturedProducts(language: Language, signal?: AbortSignal): Promise<Product[]> {
  return featuredProducts(await api.get<ProductListResponse>(featuredProductsPath(language), signal));
}
