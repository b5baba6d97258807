import { api } from '@thalir/api-client';
import type { Enquiry, EnquiryRequest, ProductListResponse } from '@thalir/contracts';

export function sendEnquiry(request: EnquiryRequest): Promise<Enquiry> {
  return api.post<Enquiry>('/api/enquiries', request);
}

/** The catalogue's names, for "products of interest". */
export async function fetchCatalogueNames(signal?: AbortSignal): Promise<{ _id: string; name: string; type: string }[]> {
  const { data } = await api.get<ProductListResponse>('/api/products?sort=name', signal);
  return data.map(({ _id, name, type }) => ({ _id, name, type }));
}
