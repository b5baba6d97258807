import { api } from '@thalir/api-client';
import type { ContactRequest } from '@thalir/contracts';

export function sendContactMessage(message: ContactRequest): Promise<{ success: true; message: string }> {
  return api.post('/api/contact', message);
}
