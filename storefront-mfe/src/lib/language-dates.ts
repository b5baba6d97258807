import type { OrderDelivery } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { formatCalendarDate, formatDate, formatDateTime, formatDeliveryDay, formatShopDeadline, formatTime } from '@thalir/ui';

/**
 * Moments and calendar days for the customer in the page's language. English keeps @thalir/ui's
 * formatters as they are; Tamil writes its dates with formatCalendarDate (no locale data loaded) and
 * its times as Intl's ta-IN does ("3:35 PM").
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The viewer's calendar day of a moment, YYYY-MM-DD. */
function localDay(moment: Date): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** "3:35 PM" from a 24-hour clock. */
function clock(hours: number, minutes: number): string {
  return `${hours % 12 || 12}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** India's clock (UTC+5:30, no summer time): the shop's deadlines are in its time. */
const inIndia = (iso: string) => new Date(new Date(iso).getTime() + 330 * 60_000);

/** "2 Nov 2026" / "2 நவ., 2026": the day of a moment, in the viewer's time. */
export function dateIn(iso: string, language: Language): string {
  return language === 'en' ? formatDate(iso) : formatCalendarDate(localDay(new Date(iso)), language);
}

/** "5:30 pm" / "5:30 PM": the time of a moment, in the viewer's time. */
export function timeIn(iso: string, language: Language): string {
  if (language === 'en') return formatTime(iso);
  const moment = new Date(iso);
  return clock(moment.getHours(), moment.getMinutes());
}

/** "2 Nov 2026, 5:30 pm". */
export function dateTimeIn(iso: string, language: Language): string {
  return language === 'en' ? formatDateTime(iso) : `${dateIn(iso, language)}, ${timeIn(iso, language)}`;
}

/** "27 Nov, 10:00 am" / "நவ. 27, 10:00 AM" in the shop's time: a deadline the shop keeps. */
export function shopDeadlineIn(iso: string, language: Language): string {
  if (language === 'en') return formatShopDeadline(iso);
  const india = inIndia(iso);
  const day = `${india.getUTCFullYear()}-${pad(india.getUTCMonth() + 1)}-${pad(india.getUTCDate())}`;
  return `${formatCalendarDate(day, language, { year: false })}, ${clock(india.getUTCHours(), india.getUTCMinutes())}`;
}

/** "Thu, 26 Nov 2026" / "வியா., 26 நவ., 2026": a delivery's calendar day. */
export function deliveryDayIn(isoDate: string, language: Language): string {
  return language === 'en' ? formatDeliveryDay(isoDate) : formatCalendarDate(isoDate, language, { weekday: 'short' });
}

/** "Thu, 26 Nov 2026 · Evening 4–8", the slot as named for the page (`slot`). */
export function deliveryIn(delivery: Pick<OrderDelivery, 'date' | 'slot'>, language: Language, slot: string = delivery.slot): string {
  return `${deliveryDayIn(delivery.date, language)} · ${slot}`;
}
