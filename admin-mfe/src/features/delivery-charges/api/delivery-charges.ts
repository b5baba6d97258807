import { api } from '@thalir/api-client';
import type { DeliveryCharges, DeliveryChargesChange, DeliveryOptions } from '@thalir/contracts';

/** What staff set: the charges without who changed them last, which the server records. */
export type DeliveryChargesInput = Pick<DeliveryCharges, 'defaultZone' | 'zones' | 'slotSurcharges'>;

export function fetchDeliveryCharges(signal?: AbortSignal): Promise<DeliveryCharges> {
  return api.get<DeliveryCharges>('/api/admin/delivery-charges', signal);
}

export function saveDeliveryCharges(charges: DeliveryChargesInput): Promise<DeliveryCharges> {
  return api.put<DeliveryCharges>('/api/admin/delivery-charges', charges);
}

/** Newest first. */
export function fetchDeliveryChargesHistory(signal?: AbortSignal): Promise<DeliveryChargesChange[]> {
  return api.get<DeliveryChargesChange[]>('/api/admin/delivery-charges/history', signal);
}

/** The shop's delivery slots in the day's order, as the checkout offers them over the coming days. */
export async function fetchDeliverySlots(signal?: AbortSignal): Promise<string[]> {
  const { dates } = await api.get<DeliveryOptions>('/api/delivery/options', signal);
  // Today may have only its later slots left: a day with the most of them gives the order.
  const fullestDay = dates.reduce<string[]>((fullest, day) => (day.slots.length > fullest.length ? day.slots : fullest), []);
  return [...new Set([...fullestDay, ...dates.flatMap((day) => day.slots)])];
}
