import { api } from '@thalir/api-client';
import type { Product, ProductResponse } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from '../../../lib/in-language';

/** The API path of one product (also the key of the answer a server-rendered page carries). */
export function productPath(id: string, language: Language): string {
  return inLanguage(`/api/products/${encodeURIComponent(id)}`, language);
}

export async function fetchProduct(id: string, language: Language, signal?: AbortSignal): Promise<Product> {
  const response = await api.get<ProductResponse>(productPath(id, language), signal);
  return response.data;
}
