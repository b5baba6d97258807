import { api } from '@thalir/api-client';
import type { ContactMessage, NewsletterSubscriber } from '@thalir/contracts';

/** Newest first, as the contract promises; sorted again here so the screen never depends on it. */
function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export async function fetchContactMessages(signal?: AbortSignal): Promise<ContactMessage[]> {
  return newestFirst(await api.get<ContactMessage[]>('/api/contact', signal));
}

export async function fetchNewsletterSubscribers(signal?: AbortSignal): Promise<NewsletterSubscriber[]> {
  return newestFirst(await api.get<NewsletterSubscriber[]>('/api/newsletter', signal));
}
