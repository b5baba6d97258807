import { api } from '@thalir/api-client';
import type { Product, ProductResponse } from '@thalir/contracts';

export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await api.get<ProductResponse>(`/api/products/${encodeURIComponent(id)}`, signal);
  return response.data;
}
