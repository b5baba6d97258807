import { api } from '@thalir/api-client';
import type { DeliveryOptions } from '@thalir/contracts';

/** The shop's delivery slots in the day's order, as the checkout offers them over the coming days. */
export async function fetchDeliverySlots(signal?: AbortSignal): Promise<string[]> {
  const { dates } = await api.get<DeliveryOptions>('/api/delivery/options', signal);
  // Today may have only its later slots left: a day with the most of them gives the order.
  const fullestDay = dates.reduce<string[]>((fullest, day) => (day.slots.length > fullest.length ? day.slots : fullest), []);
  return [...new Set([...fullestDay, ...dates.flatMap((day) => day.slots)])];
}
