import type { DeliveryPolicy } from '../src/delivery/delivery-rules';

/** The shop's default slots, same-day cut-off (2 PM) and 30 days ahead, closed on Christmas and New Year's Day. */
export const DELIVERY_POLICY: DeliveryPolicy = {
  slots: [
    { label: 'Morning 8–12', startMinute: 8 * 60, endMinute: 12 * 60 },
    { label: 'Afternoon 12–4', startMinute: 12 * 60, endMinute: 16 * 60 },
    { label: 'Evening 4–8', startMinute: 16 * 60, endMinute: 20 * 60 },
  ],
  maxDaysAhead: 30,
  sameDayCutoffMinute: 14 * 60,
  closedDates: new Set(['2026-12-25', '2027-01-01']),
  pincodePrefixes: ['635', '560', '562', '600', '601', '602', '603'],
};
