import { api } from '@thalir/api-client';
import type { MessageResponse } from '@thalir/contracts';

export function subscribeToNewsletter(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/newsletter', { email });
}
