import { api, apiRequest } from '@thalir/api-client';
import type { OutboxMail, OutboxStatus } from '@thalir/contracts';

export const EMAILS_PAGE_SIZE = 25;

export interface EmailPage {
  mails: OutboxMail[];
  total: number;
}

/** A page of the outbox, newest first; the server tells the number of matches in X-Total-Count. */
export async function fetchEmailPage(query: { status: OutboxStatus | ''; page: number }, signal?: AbortSignal): Promise<EmailPage> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(EMAILS_PAGE_SIZE) });
  if (query.status) params.set('status', query.status);
  let total = 0;
  const mails = await apiRequest<OutboxMail[]>(`/api/admin/emails?${params}`, {
    signal,
    onHeaders: (headers) => (total = Number(headers.get('x-total-count') ?? 0)),
  });
  return { mails, total };
}

export function retryEmail(id: string): Promise<OutboxMail> {
  return api.post<OutboxMail>(`/api/admin/emails/${encodeURIComponent(id)}/retry`);
}
