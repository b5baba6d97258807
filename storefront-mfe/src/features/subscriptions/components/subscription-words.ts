import type { Subscription, SubscriptionDelivery, SubscriptionStatus } from '@thalir/contracts';
import { formatCalendarDate, formatWeekday } from '@thalir/ui';

export const STATUS_BADGES: Record<SubscriptionStatus, { label: string; tone: 'yellow' | 'green' | 'red' }> = {
  'awaiting-payment': { label: 'Awaiting payment', tone: 'yellow' },
  active: { label: 'Active', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

/** "Mon, Wed and Fri". */
function listWeekdays(weekdays: number[]): string {
  const names = weekdays.map((day) => formatWeekday(day, 'en'));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** "Every day", "Every Mon, Wed and Fri", "Every other week on Thursday": weekly deliveries fall on the start date's weekday. */
export function describeFrequency(subscription: Pick<Subscription, 'frequency' | 'weekdays' | 'startDate'>): string {
  const startWeekday = formatWeekday(new Date(`${subscription.startDate}T00:00:00Z`).getUTCDay(), 'en', 'long');
  switch (subscription.frequency) {
    case 'daily':
      return 'Every day';
    case 'weekdays':
      return `Every ${listWeekdays(subscription.weekdays)}`;
    case 'weekly':
      return `Every week on ${startWeekday}`;
    case 'fortnightly':
      return `Every other week on ${startWeekday}`;
  }
}

/** What will happen on a coming day, in plain words. */
export function describeDay(day: Pick<SubscriptionDelivery, 'status' | 'covered'>): string {
  switch (day.status) {
    case 'scheduled':
      return day.covered ? 'Will be delivered' : 'Waits for more deliveries';
    case 'skipped':
      return 'Skipped';
    case 'paused':
      return 'Paused';
    case 'closed':
      return 'Shop closed';
    case 'ordered':
      return 'On its way';
    case 'not-made':
      return 'Not made';
    case 'no-credit':
      return 'Not made: no deliveries were left';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** "Thu, 3 Dec": a day of the calendar. */
export const formatDay = (date: string) => formatCalendarDate(date, 'en', { weekday: 'short', year: false });

/** What cancelling refunds: each paid pack's unused deliveries at that pack's price (summed in paise). */
export function unusedDeliveriesAmount(subscription: Pick<Subscription, 'packs'>): number {
  const paise = subscription.packs
    .filter((pack) => pack.paid)
    .reduce((sum, pack) => sum + (pack.deliveries - pack.used - pack.refunded) * Math.round(pack.pricePerDelivery * 100), 0);
  return paise / 100;
}
