import { api } from '@thalir/api-client';
import type { ProductListQuery, ProductListResponse } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from '../../../lib/in-language';
import type { CatalogQuery } from '../hooks/use-catalog-query';

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

/** What the API is asked for the catalogue state in the page's URL. */
export function catalogApiQuery(query: CatalogQuery): ProductListQuery {
  return { q: query.q || undefined, type: query.type || undefined, sort: query.sort, page: query.page, limit: PAGE_SIZE };
}

/** The API path of one page of the catalogue (also the key of the answer a server-rendered page carries). */
export function productListPath(query: ProductListQuery, language: Language): string {
  return inLanguage(`/api/products?${productListParams(query)}`, language);
}

/** One page of the catalogue; always paged, because the catalogue may hold 100,000 products. */
export function fetchProductPage(query: ProductListQuery, language: Language, signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>(productListPath(query, language), signal);
}
