import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Subscription, SubscriptionDelivery, SubscriptionStatus } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { formatCalendarDate, formatWeekday } from '@thalir/ui';

export const STATUS_BADGES: Record<SubscriptionStatus, { label: MessageDescriptor; tone: 'yellow' | 'green' | 'red' }> = {
  'awaiting-payment': { label: msg`Awaiting payment`, tone: 'yellow' },
  active: { label: msg`Active`, tone: 'green' },
  cancelled: { label: msg`Cancelled`, tone: 'red' },
};

const languageOf = (i18n: I18n) => i18n.locale as Language;

/** "Mon, Wed and Fri". */
function listWeekdays(i18n: I18n, weekdays: number[]): string {
  const names = weekdays.map((day) => formatWeekday(day, languageOf(i18n)));
  if (names.length < 2) return names.join('');
  const first = names.slice(0, -1).join(', ');
  const last = names[names.length - 1];
  return i18n._(msg`${first} and ${last}`);
}

/** "Every day", "Every Mon, Wed and Fri", "Every other week on Thursday": weekly deliveries fall on the start date's weekday. */
export function describeFrequency(i18n: I18n, subscription: Pick<Subscription, 'frequency' | 'weekdays' | 'startDate'>): string {
  const weekday = formatWeekday(new Date(`${subscription.startDate}T00:00:00Z`).getUTCDay(), languageOf(i18n), 'long');
  switch (subscription.frequency) {
    case 'daily':
      return i18n._(msg`Every day`);
    case 'weekdays': {
      const days = listWeekdays(i18n, subscription.weekdays);
      return i18n._(msg`Every ${days}`);
    }
    case 'weekly':
      return i18n._(msg`Every week on ${weekday}`);
    case 'fortnightly':
      return i18n._(msg`Every other week on ${weekday}`);
  }
}

const DAY_STATES: Record<Exclude<SubscriptionDelivery['status'], 'scheduled'>, MessageDescriptor> = {
  skipped: msg`Skipped`,
  paused: msg`Paused`,
  closed: msg`Shop closed`,
  ordered: msg`On its way`,
  'not-made': msg`Not made`,
  'no-credit': msg`Not made: no deliveries were left`,
  cancelled: msg`Cancelled`,
};

/** What will happen on a coming day, in plain words. */
export function describeDay(i18n: I18n, day: Pick<SubscriptionDelivery, 'status' | 'covered'>): string {
  if (day.status === 'scheduled') return day.covered ? i18n._(msg`Will be delivered`) : i18n._(msg`Waits for more deliveries`);
  return i18n._(DAY_STATES[day.status]);
}

/** "Thu, 3 Dec": a day of the calendar. */
export const formatDay = (date: string, language: Language) => formatCalendarDate(date, language, { weekday: 'short', year: false });

/** The shop's delivery slots are named "Morning 8–12" and so on: the part of the day is said in the page's language. */
const DAY_PARTS: Record<string, MessageDescriptor> = {
  Morning: msg`Morning`,
  Afternoon: msg`Afternoon`,
  Evening: msg`Evening`,
};

export function slotName(i18n: I18n, slot: string): string {
  const named = /^(Morning|Afternoon|Evening)(\b.*)$/.exec(slot);
  return named && i18n.locale !== 'en' ? `${i18n._(DAY_PARTS[named[1]])}${named[2]}` : slot;
}

/** What cancelling refunds: each paid pack's unused deliveries at that pack's price (summed in paise). */
export function unusedDeliveriesAmount(subscription: Pick<Subscription, 'packs'>): number {
  const paise = subscription.packs
    .filter((pack) => pack.paid)
    .reduce((sum, pack) => sum + (pack.deliveries - pack.used - pack.refunded) * Math.round(pack.pricePerDelivery * 100), 0);
  return paise / 100;
}
