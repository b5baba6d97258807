import { FREQUENCY_LABELS, type Subscription, type SubscriptionDelivery, type SubscriptionDeliveryStatus, type SubscriptionStatus } from '@thalir/contracts';
import { formatCount, formatWeekday } from '@thalir/ui';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  'awaiting-payment': 'Awaiting payment',
  active: 'Active',
  cancelled: 'Cancelled',
};

export const SUBSCRIPTION_STATUS_TONES: Record<SubscriptionStatus, 'yellow' | 'green' | 'red'> = {
  'awaiting-payment': 'yellow',
  active: 'green',
  cancelled: 'red',
};

export function asSubscriptionStatus(value: string): SubscriptionStatus | '' {
  return Object.keys(SUBSCRIPTION_STATUS_LABELS).includes(value) ? (value as SubscriptionStatus) : '';
}

const DELIVERY_STATUS_LABELS: Record<SubscriptionDeliveryStatus, string> = {
  scheduled: 'Scheduled',
  skipped: 'Skipped by the customer',
  paused: 'Paused',
  closed: 'Shop closed',
  ordered: 'Made into an order',
  'not-made': 'Not made: stock was short',
  'no-credit': 'Not made: no deliveries left',
  cancelled: 'Cancelled',
};

/** A coming day's status in words; a scheduled one says whether the credits left pay for it. */
export function describeDay(day: SubscriptionDelivery): string {
  if (day.status === 'scheduled') return day.covered ? 'Scheduled, covered' : 'Scheduled, waiting for more deliveries';
  return DELIVERY_STATUS_LABELS[day.status];
}

/** "Every day", "Mon, Wed, Fri", or "Every week on Thu": weekly and fortnightly keep the start date's weekday. */
export function describeFrequency(subscription: Pick<Subscription, 'frequency' | 'weekdays' | 'startDate'>): string {
  switch (subscription.frequency) {
    case 'weekdays':
      return [...subscription.weekdays]
        .sort((a, b) => a - b)
        .map((weekday) => formatWeekday(weekday, 'en'))
        .join(', ');
    case 'weekly':
    case 'fortnightly':
      return `${FREQUENCY_LABELS[subscription.frequency]} on ${formatWeekday(new Date(`${subscription.startDate}T00:00:00Z`).getUTCDay(), 'en')}`;
    case 'daily':
      return FREQUENCY_LABELS.daily;
  }
}

/** The first coming day still to go out, or to be decided: days cancelled or not made are past it. */
export function nextDay(subscription: Subscription): SubscriptionDelivery | undefined {
  return subscription.deliveries.find((day) => day.status !== 'cancelled' && day.status !== 'not-made');
}

/** The days the shop could not make for want of stock: staff follow these up. */
export function notMadeDays(subscription: Subscription): SubscriptionDelivery[] {
  return subscription.deliveries.filter((day) => day.status === 'not-made');
}

/** "1 delivery", "6 deliveries". */
export function deliveriesCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'delivery' : 'deliveries'}`;
}

/** Rupees of `count` deliveries at `pricePerDelivery`, counted in paise so that ₹75.55 × 3 stays exact. */
const deliveriesValue = (count: number, pricePerDelivery: number) => (count * Math.round(pricePerDelivery * 100)) / 100;

/** What cancelling refunds: each paid pack's unused deliveries, at that pack's price. */
export function unusedValue(subscription: Subscription): number {
  return subscription.packs
    .filter((pack) => pack.paid)
    .reduce((sum, pack) => sum + deliveriesValue(pack.deliveries - pack.used - pack.refunded, pack.pricePerDelivery), 0);
}

/** What has been refunded: each pack's refunded deliveries, at that pack's price. */
export function refundedValue(subscription: Subscription): number {
  return subscription.packs.reduce((sum, pack) => sum + deliveriesValue(pack.refunded, pack.pricePerDelivery), 0);
}

/** An order in the Orders screen, found by its id (the screen's search matches it). */
export function orderScreenLink(orderId: string): string {
  return `/admin/orders?q=${encodeURIComponent(orderId)}`;
}
