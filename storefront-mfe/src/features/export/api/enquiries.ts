import { api } from '@thalir/api-client';
import type { Enquiry, EnquiryRequest, ProductListResponse } from '@thalir/contracts';

export function sendEnquiry(request: EnquiryRequest): Promise<Enquiry> {
  return api.post<Enquiry>('/api/enquiries', request);
}

/** The catalogue by name, for "products of interest" (a server-rendered page carries this answer). */
export const CATALOGUE_NAMES_PATH = '/api/products?sort=name';

export function fetchCatalogue(signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>(CATALOGUE_NAMES_PATH, signal);
}
