import type { SalesStats } from '@thalir/contracts';
import { formatCount, formatDate } from '@thalir/ui';

export type SalesDay = SalesStats['days'][number];

export type BucketSize = 'day' | 'week' | 'month';

export interface SalesBucket {
  /** Short label for an axis: "5 Jan", "Jan 2026". */
  label: string;
  /** Full label for tables and summaries: "5 Jan 2026", "week of 5 Jan 2026". */
  longLabel: string;
  orders: number;
  revenue: number;
}

/** A year of daily bars is a grey smudge: longer ranges are drawn per week or per month. */
export function bucketSizeFor(rangeDays: number): BucketSize {
  if (rangeDays <= 31) return 'day';
  if (rangeDays <= 120) return 'week';
  return 'month';
}

/** "2026-01-05" is a calendar day, not a UTC instant: read it in local time so it never shifts by a day. */
export function parseDay(date: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00`) : new Date(date);
}

// Chart labels: shorter than the shop's dates.
const DAY_SHORT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' });

/** Sums days (oldest first) into days, 7-day weeks counted from the first day, or calendar months. */
export function bucketDays(days: SalesDay[], size: BucketSize): SalesBucket[] {
  const buckets: SalesBucket[] = [];
  let currentKey: string | null = null;
  days.forEach((day, index) => {
    const date = parseDay(day.date);
    const key = size === 'day' ? day.date : size === 'week' ? String(Math.floor(index / 7)) : `${date.getFullYear()}-${date.getMonth()}`;
    if (key !== currentKey) {
      currentKey = key;
      buckets.push({
        label: size === 'month' ? MONTH.format(date) : DAY_SHORT.format(date),
        longLabel: size === 'month' ? MONTH.format(date) : size === 'week' ? `week of ${formatDate(date.toISOString())}` : formatDate(date.toISOString()),
        orders: 0,
        revenue: 0,
      });
    }
    const bucket = buckets[buckets.length - 1];
    bucket.orders += day.orders;
    // Rupees with 2 decimals: round each sum so 0.1 + 0.2 never shows as 0.30000000000000004.
    bucket.revenue = Math.round((bucket.revenue + day.revenue) * 100) / 100;
  });
  return buckets;
}

export interface SalesTotals {
  revenue: number;
  orders: number;
  averageOrder: number;
}

export function totalsOf(days: SalesDay[]): SalesTotals {
  const revenue = Math.round(days.reduce((sum, day) => sum + day.revenue, 0) * 100) / 100;
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return { revenue, orders, averageOrder: orders > 0 ? Math.round((revenue / orders) * 100) / 100 : 0 };
}

/** The bucket with the most of `field`, or null when every bucket is zero. */
export function peakOf(buckets: SalesBucket[], field: 'orders' | 'revenue'): SalesBucket | null {
  const peak = buckets.reduce<SalesBucket | null>((best, bucket) => (!best || bucket[field] > best[field] ? bucket : best), null);
  return peak && peak[field] > 0 ? peak : null;
}

const COMPACT_RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Axis ticks: ₹1.2K, ₹3.4L. */
export function formatCompactMoney(rupees: number): string {
  return COMPACT_RUPEES.format(rupees);
}

/** "1 order", "1,204 orders". */
export function plural(count: number, word: string): string {
  return `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;
}
