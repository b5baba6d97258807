import { api } from '@thalir/api-client';
import type { DeliveryCharges, DeliveryChargesChange } from '@thalir/contracts';

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
