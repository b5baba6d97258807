import { api } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { CourierAssignment, DeliveryRun, DeliveryStop } from '@thalir/contracts';

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

/** Who takes an order out; null takes it off everyone's list. Answers the stop as the run now shows it. */
export function assignCourier(orderId: string, courierId: string | null): Promise<DeliveryStop> {
  const body: CourierAssignment = { courierId };
  return api.put<DeliveryStop>(`/api/admin/orders/${encodeURIComponent(orderId)}/courier`, body);
}
