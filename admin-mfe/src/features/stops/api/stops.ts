import { api } from '@thalir/api-client';
import type { CourierDay, CourierStop, DeliveredReport, FailedDeliveryReason, FailedDeliveryReport } from '@thalir/contracts';

/** The signed-in delivery person's stops for a date (YYYY-MM-DD), or for today in India without one. */
export function fetchCourierDay(date: string | undefined, signal?: AbortSignal): Promise<CourierDay> {
  const query = date ? `?${new URLSearchParams({ date })}` : '';
  return api.get<CourierDay>(`/api/delivery/stops${query}`, signal);
}

const stopPath = (orderId: string, action: 'out' | 'delivered' | 'failed') => `/api/delivery/stops/${encodeURIComponent(orderId)}/${action}`;

/** Leaving with the order: it becomes `shipped`. */
export function markOutForDelivery(orderId: string): Promise<CourierStop> {
  return api.post<CourierStop>(stopPath(orderId, 'out'));
}

/** Handed over; `cashCollected` for a cash order paid at the door. */
export function markDelivered(orderId: string, report: DeliveredReport = {}): Promise<CourierStop> {
  return api.post<CourierStop>(stopPath(orderId, 'delivered'), report);
}

/** Could not hand it over: the order goes back to `processing` with the reason. */
export function markFailed(orderId: string, reason: FailedDeliveryReason): Promise<CourierStop> {
  const report: FailedDeliveryReport = { reason };
  return api.post<CourierStop>(stopPath(orderId, 'failed'), report);
}
