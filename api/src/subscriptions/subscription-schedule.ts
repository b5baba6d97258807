/**
 * When a subscription delivers: pure rules from the plan's frequency, the customer's choices, their
 * pauses and skips, the shop's closed dates and India's clock (whatever the server's time zone). The
 * job that writes the coming deliveries, the customer's calendar and the cut-off checks all come
 * from here.
 */

import { addDays, type DeliveryPolicy, indiaClock, IST_OFFSET_MS } from '../delivery/delivery-rules';

/** 0 is Sunday, as `Date.prototype.getUTCDay` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type Frequency =
  | { kind: 'daily' }
  /** On the chosen days of every week. */
  | { kind: 'weekdays'; weekdays: readonly Weekday[] }
  /** Every week on the start date's weekday. */
  | { kind: 'weekly' }
  /** Every other week on the start date's weekday, the start date first. */
  | { kind: 'fortnightly' };

/** A range of dates, both ends included (ISO, India's calendar). */
export interface DateRange {
  from: string;
  to: string;
}

export interface ScheduleChoices {
  /** The first day a delivery may fall on. */
  startDate: string;
  frequency: Frequency;
  /** Holidays the customer asked for: no delivery, no credit used. */
  pauses: readonly DateRange[];
  /** Single deliveries the customer skipped. */
  skips: ReadonlySet<string>;
}

/**
 * What happens on a day the frequency falls on. Only `due` uses a credit; the others name why not,
 * first the shop's reason, then the customer's.
 */
export type DayStatus = 'due' | 'closed' | 'paused' | 'skipped';

export interface ScheduledDay {
  date: string;
  status: DayStatus;
}

const DAY_MS = 24 * 60 * 60_000;

export const weekdayOf = (isoDate: string): Weekday => new Date(`${isoDate}T00:00:00Z`).getUTCDay() as Weekday;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whether the frequency falls on `date` (on or after the start). */
export function fallsOn(date: string, startDate: string, frequency: Frequency): boolean {
  if (date < startDate) return false;
  switch (frequency.kind) {
    case 'daily':
      return true;
    case 'weekdays':
      return frequency.weekdays.includes(weekdayOf(date));
    case 'weekly':
      return daysBetween(startDate, date) % 7 === 0;
    case 'fortnightly':
      return daysBetween(startDate, date) % 14 === 0;
  }
}

const inRange = (date: string, range: DateRange) => range.from <= date && date <= range.to;

/** The days from `from` (included) for `days` days on which the frequency falls, each with what happens. */
export function scheduleBetween(choices: ScheduleChoices, closedDates: ReadonlySet<string>, from: string, days: number): ScheduledDay[] {
  const scheduled: ScheduledDay[] = [];
  for (let offset = 0; offset < days; offset++) {
    const date = addDays(from, offset);
    if (!fallsOn(date, choices.startDate, choices.frequency)) continue;
    const status: DayStatus = closedDates.has(date)
      ? 'closed'
      : choices.pauses.some((pause) => inRange(date, pause))
        ? 'paused'
        : choices.skips.has(date)
          ? 'skipped'
          : 'due';
    scheduled.push({ date, status });
  }
  return scheduled;
}

/** The minute of India's day after which a delivery on that day in that slot can no longer change. */
export function cutoffMinute(slotLabel: string, policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute'>): number | null {
  const slot = policy.slots.find((candidate) => candidate.label === slotLabel);
  return slot ? Math.min(policy.sameDayCutoffMinute, slot.startMinute) : null;
}

/**
 * The moment a delivery's cut-off passes: the same as an ordinary order's for that date and slot (an
 * order can be placed for that day and slot until the same-day cut-off or the slot's start, whichever
 * comes first). Null for a slot the shop does not have.
 */
export function cutoffAt(date: string, slotLabel: string, policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute'>): Date | null {
  const minute = cutoffMinute(slotLabel, policy);
  return minute === null ? null : new Date(Date.parse(`${date}T00:00:00Z`) + minute * 60_000 - IST_OFFSET_MS);
}

/** Whether the customer can still skip, move or redirect a delivery at `now`. */
export function beforeCutoff(date: string, slotLabel: string, now: Date, policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute'>): boolean {
  const cutoff = cutoffAt(date, slotLabel, policy);
  return cutoff !== null && now.getTime() < cutoff.getTime();
}

/**
 * The days of the coming `horizonDays` (today in India first) whose cut-off has not passed, with what
 * happens on each: the rows the customer sees and can still change.
 */
export function upcomingDays(
  choices: ScheduleChoices,
  slotLabel: string,
  now: Date,
  policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute' | 'closedDates'>,
  horizonDays: number,
): ScheduledDay[] {
  const today = indiaClock(now).date;
  return scheduleBetween(choices, policy.closedDates, today, horizonDays).filter((day) => beforeCutoff(day.date, slotLabel, now, policy));
}

/**
 * Which of the due days the credits left pay for, in date order: the rest wait for the next pack.
 * Days that are not due use no credit.
 */
export function coveredByCredits(days: readonly ScheduledDay[], creditsLeft: number): { covered: ScheduledDay[]; awaitingRenewal: ScheduledDay[] } {
  const due = days.filter((day) => day.status === 'due');
  const paid = Math.max(0, creditsLeft);
  return { covered: due.slice(0, paid), awaitingRenewal: due.slice(paid) };
}
