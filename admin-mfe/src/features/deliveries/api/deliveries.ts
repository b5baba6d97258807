import { api } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { DeliveryRun } from '@thalir/contracts';

export function fetchDeliveryRun(date: string, signal?: AbortSignal): Promise<DeliveryRun> {
  return api.get<DeliveryRun>(`/api/admin/deliveries/${encodeURIComponent(date)}`, signal);
}

/** The printable sheet of the day's run, with the bearer token in the header. */
export async function fetchDeliverySheet(date: string): Promise<Blob> {
  const { token } = getAuth();
  const response = await fetch(`/api/admin/deliveries/${encodeURIComponent(date)}.pdf`, {
    headers: { accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/pdf'))
    throw new Error(`Delivery sheet request failed (${response.status})`);
  return response.blob();
}
