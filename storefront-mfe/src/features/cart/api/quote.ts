import { apiRequest } from '@thalir/api-client';
import type { Quote, QuoteRequest } from '@thalir/contracts';

/**
 * What `POST /api/orders` would charge for this cart now. Signed in or not; the client sends the
 * bearer token when there is one, so first-order and per-customer offers are judged for the account.
 */
export function fetchQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return apiRequest<Quote>('/api/orders/quote', { method: 'POST', body: request, signal });
}
