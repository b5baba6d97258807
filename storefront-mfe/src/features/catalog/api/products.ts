import { api } from '@thalir/api-client';
import type { ProductListResponse } from '@thalir/contracts';

export function fetchProducts(signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>('/api/products', signal);
}
