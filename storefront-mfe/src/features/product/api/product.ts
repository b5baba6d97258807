import { api } from '@thalir/api-client';
import type { Product, ProductResponse } from '@thalir/contracts';

/** The API path of one product (also the key of the answer a server-rendered page carries). */
export function productPath(id: string): string {
  return `/api/products/${encodeURIComponent(id)}`;
}

export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await api.get<ProductResponse>(productPath(id), signal);
  return response.data;
}
