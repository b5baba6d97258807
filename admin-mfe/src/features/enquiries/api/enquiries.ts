import { apiRequest } from '@thalir/api-client';
import type { Enquiry, EnquiryStatus } from '@thalir/contracts';

export const ENQUIRIES_PAGE_SIZE = 20;

export async function fetchEnquiryPage(
  query: { status: EnquiryStatus | ''; page: number },
  signal?: AbortSignal,
): Promise<{ enquiries: Enquiry[]; total: number }> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(ENQUIRIES_PAGE_SIZE) });
  if (query.status) params.set('status', query.status);
  let total = 0;
  const enquiries = await apiRequest<Enquiry[]>(`/api/admin/enquiries?${params}`, {
    signal,
    onHeaders: (headers) => (total = Number(headers.get('x-total-count') ?? 0)),
  });
  return { enquiries, total };
}

export function updateEnquiry(id: string, changes: { status?: EnquiryStatus; note?: string }): Promise<Enquiry> {
  return apiRequest<Enquiry>(`/api/admin/enquiries/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}
