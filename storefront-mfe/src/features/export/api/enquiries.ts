import { api } from '@thalir/api-client';
import type { Enquiry, EnquiryRequest, ProductListResponse } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from '../../../lib/in-language';

export function sendEnquiry(request: EnquiryRequest): Promise<Enquiry> {
  return api.post<Enquiry>('/api/enquiries', request);
}

/** The catalogue by name, for "products of interest" (a server-rendered page carries this answer). */
export const catalogueNamesPath = (language: Language) => inLanguage('/api/products?sort=name', language);

export function fetchCatalogue(language: Language, signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>(catalogueNamesPath(language), signal);
}
