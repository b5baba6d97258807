import { api } from '@thalir/api-client';
import type { ProductListQuery, ProductListResponse } from '@thalir/contracts';

/** Products per page: a grid of 2, 3 or 4 columns always ends on a full row. */
export const PAGE_SIZE = 24;

export function productListParams(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  if (query.sort) params.set('sort', query.sort);
  params.set('page', String(query.page ?? 1));
  params.set('limit', String(query.limit ?? PAGE_SIZE));
  return params;
}

/** One page of the catalogue; always paged, because the catalogue may hold 100,000 products. */
export function fetchProductPage(query: ProductListQuery, signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>(`/api/products?${productListParams(query)}`, signal);
}
