import {
  beforeCutoff,
  coveredByCredits,
  cutoffAt,
  type DayStatus,
  type Frequency,
  type ScheduleChoices,
  scheduleBetween,
  upcomingDays,
  weekdayOf,
} from './subscription-schedule';

const policy = {
  slots: [
    { label: 'Early morning 6–8', startMinute: 6 * 60, endMinute: 8 * 60 },
    { label: 'Morning 8–12', startMinute: 8 * 60, endMinute: 12 * 60 },
    { label: 'Evening 4–8', startMinute: 16 * 60, endMinute: 20 * 60 },
  ],
  sameDayCutoffMinute: 14 * 60,
  closedDates: new Set(['2026-12-25', '2027-01-01']),
};

/** India time written as UTC: 05:59 IST is 00:29 UTC. */
const ist = (date: string, time: string) => new Date(new Date(`${date}T${time}:00Z`).getTime() - (5 * 60 + 30) * 60_000);

const choices = (frequency: Frequency, startDate: string, extra: Partial<ScheduleChoices> = {}): ScheduleChoices => ({
  startDate,
  frequency,
  pauses: [],
  skips: new Set(),
  ...extra,
});

/** "date status" for each day, the way the tables below read. */
const shown = (days: { date: string; status: DayStatus }[]) => days.map((day) => `${day.date} ${day.status}`);

describe('the days a frequency falls on', () => {
  it.each<[string, ScheduleChoices, string, number, string[]]>([
    ['every day across a month end', choices({ kind: 'daily' }, '2026-11-29'), '2026-11-28', 4, ['2026-11-29 due', '2026-11-30 due', '2026-12-01 due']],
    [
      'Monday, Wednesday and Friday',
      choices({ kind: 'weekdays', weekdays: [1, 3, 5] }, '2026-11-26'),
      '2026-11-26',
      8,
      ['2026-11-27 due', '2026-11-30 due', '2026-12-02 due'],
    ],
    ['weekly on the start date’s weekday', choices({ kind: 'weekly' }, '2026-11-27'), '2026-11-20', 22, ['2026-11-27 due', '2026-12-04 due', '2026-12-11 due']],
    [
      'fortnightly: the start date, then every 14 days',
      choices({ kind: 'fortnightly' }, '2026-11-27'),
      '2026-11-27',
      30,
      ['2026-11-27 due', '2026-12-11 due', '2026-12-25 closed'],
    ],
    [
      'across the year end, Christmas and New Year closed',
      choices({ kind: 'daily' }, '2026-12-24'),
      '2026-12-24',
      10,
      [
        '2026-12-24 due',
        '2026-12-25 closed',
        '2026-12-26 due',
        '2026-12-27 due',
        '2026-12-28 due',
        '2026-12-29 due',
        '2026-12-30 due',
        '2026-12-31 due',
        '2027-01-01 closed',
        '2027-01-02 due',
      ],
    ],
    [
      'weekly over 29 February of a leap year',
      choices({ kind: 'weekly' }, '2028-02-22'),
      '2028-02-22',
      15,
      ['2028-02-22 due', '2028-02-29 due', '2028-03-07 due'],
    ],
    ['fortnightly from 29 February', choices({ kind: 'fortnightly' }, '2028-02-29'), '2028-02-29', 29, ['2028-02-29 due', '2028-03-14 due', '2028-03-28 due']],
    ['a Sunday in a non-leap February', choices({ kind: 'weekdays', weekdays: [0] }, '2027-02-01'), '2027-02-25', 6, ['2027-02-28 due']],
    [
      'a pause over a closed date: the shop’s reason is shown',
      choices({ kind: 'daily' }, '2026-12-20', { pauses: [{ from: '2026-12-24', to: '2026-12-26' }] }),
      '2026-12-23',
      5,
      ['2026-12-23 due', '2026-12-24 paused', '2026-12-25 closed', '2026-12-26 paused', '2026-12-27 due'],
    ],
    [
      'a skip, and a skip that falls in a pause',
      choices({ kind: 'daily' }, '2026-12-01', { skips: new Set(['2026-12-02', '2026-12-05']), pauses: [{ from: '2026-12-04', to: '2026-12-05' }] }),
      '2026-12-01',
      6,
      ['2026-12-01 due', '2026-12-02 skipped', '2026-12-03 due', '2026-12-04 paused', '2026-12-05 paused', '2026-12-06 due'],
    ],
    ['nothing before the start date', choices({ kind: 'daily' }, '2026-12-10'), '2026-12-01', 9, []],
  ])('%s', (_case, subscription, from, days, expected) => {
    expect(shown(scheduleBetween(subscription, policy.closedDates, from, days))).toEqual(expected);
  });

  it.each([
    ['2026-11-26', 4],
    ['2027-01-01', 5],
    ['2028-02-29', 2],
  ])('%s is weekday %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });
});

describe('cut-off: the same as an ordinary order for that date and slot', () => {
  it.each<[string, string, string, Date, boolean]>([
    ['an early-morning delivery at 05:59 India time', '2026-11-27', 'Early morning 6–8', ist('2026-11-27', '05:59'), true],
    ['an early-morning delivery at 06:00', '2026-11-27', 'Early morning 6–8', ist('2026-11-27', '06:00'), false],
    ['an evening delivery at 13:59 (the same-day cut-off is 14:00)', '2026-11-27', 'Evening 4–8', ist('2026-11-27', '13:59'), true],
    ['an evening delivery at 14:00', '2026-11-27', 'Evening 4–8', ist('2026-11-27', '14:00'), false],
    ['tomorrow’s early morning, late tonight', '2026-11-28', 'Early morning 6–8', ist('2026-11-27', '23:59'), true],
    ['yesterday’s', '2026-11-26', 'Morning 8–12', ist('2026-11-27', '00:00'), false],
    ['a slot the shop does not have', '2026-11-28', 'Midnight', ist('2026-11-27', '09:00'), false],
  ])('%s: can change %s', (_case, date, slot, now, open) => {
    expect(beforeCutoff(date, slot, now, policy)).toBe(open);
  });

  it('is a moment in UTC, whatever the server’s own zone: 06:00 in India is 00:30 UTC', () => {
    expect(cutoffAt('2026-11-27', 'Early morning 6–8', policy)?.toISOString()).toBe('2026-11-27T00:30:00.000Z');
    expect(cutoffAt('2027-01-01', 'Early morning 6–8', policy)?.toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });
});

describe('the coming days a customer sees', () => {
  const daily = choices({ kind: 'daily' }, '2026-11-20', { skips: new Set(['2026-11-28']) });

  it.each<[string, Date, string[]]>([
    // 00:29 UTC on the 27th is 05:59 in India: today's early-morning delivery can still change.
    ['at 00:29 UTC (05:59 in India)', new Date('2026-11-27T00:29:00Z'), ['2026-11-27 due', '2026-11-28 skipped', '2026-11-29 due']],
    ['at 00:30 UTC (06:00 in India)', new Date('2026-11-27T00:30:00Z'), ['2026-11-28 skipped', '2026-11-29 due']],
    // 18:30 UTC on the 27th is already the 28th in India.
    ['at 18:30 UTC the day before (midnight in India)', new Date('2026-11-27T18:30:00Z'), ['2026-11-28 skipped', '2026-11-29 due', '2026-11-30 due']],
  ])('%s', (_case, now, expected) => {
    expect(shown(upcomingDays(daily, 'Early morning 6–8', now, policy, 3))).toEqual(expected);
  });
});

describe('credits', () => {
  const days = scheduleBetween(choices({ kind: 'daily' }, '2026-12-23', { skips: new Set(['2026-12-24']) }), policy.closedDates, '2026-12-23', 6);

  it.each<[number, string[], string[]]>([
    [0, [], ['2026-12-23', '2026-12-26', '2026-12-27', '2026-12-28']],
    [3, ['2026-12-23', '2026-12-26', '2026-12-27'], ['2026-12-28']],
    [10, ['2026-12-23', '2026-12-26', '2026-12-27', '2026-12-28'], []],
  ])('%i credits pay for %j; skipped and closed days use none', (credits, covered, waiting) => {
    const split = coveredByCredits(days, credits);
    expect(split.covered.map((day) => day.date)).toEqual(covered);
    expect(split.awaitingRenewal.map((day) => day.date)).toEqual(waiting);
  });
});
