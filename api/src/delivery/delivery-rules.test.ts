import { deliveryDates, deliveryRefusal, firstAvailable, formatMinute, indiaClock, isCalendarDate, normaliseIndianMobile, openSlots } from './delivery-rules';
import { DELIVERY_POLICY } from '../../test/delivery-fixtures';

/** India time written as UTC: 13:59 IST is 08:29 UTC. */
const ist = (date: string, time: string) => new Date(new Date(`${date}T${time}:00Z`).getTime() - (5 * 60 + 30) * 60_000);
const choice = (date: string, slot = 'Evening 4–8', pincode: string | null = '635109') => ({ date, slot, pincode });

describe('India clock', () => {
  it.each([
    ['2026-11-25T18:29:00Z', '2026-11-25', 23 * 60 + 59],
    ['2026-11-25T18:30:00Z', '2026-11-26', 0],
    ['2026-12-31T18:30:00Z', '2027-01-01', 0],
    ['2027-02-28T20:00:00Z', '2027-03-01', 90],
  ])('the server at %s (UTC) is %s, minute %i in India', (utc, date, minute) => {
    expect(indiaClock(new Date(utc))).toEqual({ date, minute });
  });
});

describe('delivery rules', () => {
  it.each<[string, Date, ReturnType<typeof choice>, string | null]>([
    ['an evening slot today at 13:59 IST', ist('2026-11-25', '13:59'), choice('2026-11-25'), null],
    ['today at 14:00 IST: same day has closed', ist('2026-11-25', '14:00'), choice('2026-11-25'), 'Same-day delivery closes at 2:00 PM'],
    [
      'a slot that has started today',
      ist('2026-11-25', '12:30'),
      choice('2026-11-25', 'Afternoon 12–4'),
      'The Afternoon 12–4 slot has already started today; please choose a later one',
    ],
    ['a morning slot tomorrow at 23:59 IST', ist('2026-11-25', '23:59'), choice('2026-11-26', 'Morning 8–12'), null],
    ['yesterday', ist('2026-11-25', '09:00'), choice('2026-11-24'), '24 Nov 2026 has passed; please choose another day'],
    ['thirty days ahead', ist('2026-11-25', '09:00'), choice('2026-12-25'), 'We do not deliver on 25 Dec 2026; please choose another day'],
    ['the last day ahead', ist('2026-11-25', '09:00'), choice('2026-12-24'), null],
    ['thirty-one days ahead', ist('2026-11-25', '09:00'), choice('2026-12-26'), 'We take orders up to 30 days ahead: choose a day until 25 Dec 2026'],
    ['across the year end', ist('2026-12-31', '15:00'), choice('2027-01-02'), null],
    ['a closed new year', ist('2026-12-31', '15:00'), choice('2027-01-01'), 'We do not deliver on 1 Jan 2027; please choose another day'],
    ['a February 30th', ist('2027-02-01', '09:00'), choice('2027-02-30'), 'Choose a delivery date'],
    ['a leap day that exists', ist('2028-02-01', '09:00'), choice('2028-02-29'), null],
    ['a month end', ist('2026-11-30', '15:00'), choice('2026-12-01', 'Morning 8–12'), null],
    [
      'an unknown slot',
      ist('2026-11-25', '09:00'),
      choice('2026-11-26', 'Night 8–12'),
      'Choose one of the delivery slots: Morning 8–12, Afternoon 12–4, Evening 4–8',
    ],
    ['an unserved PIN code', ist('2026-11-25', '09:00'), choice('2026-11-26', 'Evening 4–8', '110001'), 'We cannot deliver to 110001 yet'],
    ['a 5-digit PIN code', ist('2026-11-25', '09:00'), choice('2026-11-26', 'Evening 4–8', '63510'), 'Enter the 6-digit PIN code of the delivery address'],
    ['Bengaluru', ist('2026-11-25', '09:00'), choice('2026-11-26', 'Evening 4–8', '560034'), null],
    ['no PIN code (an order from the spec’s own client)', ist('2026-11-25', '09:00'), choice('2026-11-26', 'Evening 4–8', null), null],
  ])('%s', (_case, now, chosen, refusal) => {
    expect(deliveryRefusal(chosen, now, DELIVERY_POLICY)).toBe(refusal);
  });

  it('offers today only with slots that have not started, until the cut-off', () => {
    expect(openSlots('2026-11-25', ist('2026-11-25', '07:59'), DELIVERY_POLICY).map((slot) => slot.label)).toEqual([
      'Morning 8–12',
      'Afternoon 12–4',
      'Evening 4–8',
    ]);
    expect(openSlots('2026-11-25', ist('2026-11-25', '12:00'), DELIVERY_POLICY).map((slot) => slot.label)).toEqual(['Evening 4–8']);
    expect(openSlots('2026-11-25', ist('2026-11-25', '14:00'), DELIVERY_POLICY)).toEqual([]);
  });

  it('lists every bookable day from today, without closed days, up to the limit', () => {
    const dates = deliveryDates(ist('2026-11-25', '15:00'), DELIVERY_POLICY);
    expect(dates[0]).toEqual({ date: '2026-11-26', slots: ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'] });
    expect(dates.at(-1)!.date).toBe('2026-12-24');
    expect(dates.map((day) => day.date)).not.toContain('2026-12-25');
    expect(dates).toHaveLength(29);
    expect(deliveryDates(ist('2026-11-25', '13:00'), DELIVERY_POLICY)[0]).toEqual({ date: '2026-11-25', slots: ['Evening 4–8'] });
  });

  it('gives an order that names no delivery the first open date and slot', () => {
    expect(firstAvailable(ist('2026-11-25', '09:30'), DELIVERY_POLICY)).toEqual({ date: '2026-11-25', slot: 'Afternoon 12–4' });
    expect(firstAvailable(ist('2026-12-24', '16:00'), DELIVERY_POLICY)).toEqual({ date: '2026-12-26', slot: 'Morning 8–12' });
    expect(firstAvailable(ist('2026-11-25', '09:30'), { ...DELIVERY_POLICY, maxDaysAhead: 0, sameDayCutoffMinute: 0 })).toBeNull();
  });

  it.each([
    ['9876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['5876543210', null],
    ['98765 4321', null],
    ['+1 415 555 0100', null],
  ])('reads %s as the Indian mobile %s', (typed, normalised) => {
    expect(normaliseIndianMobile(typed)).toBe(normalised);
  });

  it('writes times and dates as customers read them', () => {
    expect([formatMinute(14 * 60), formatMinute(0), formatMinute(12 * 60 + 5), formatMinute(9 * 60 + 30)]).toEqual([
      '2:00 PM',
      '12:00 AM',
      '12:05 PM',
      '9:30 AM',
    ]);
    expect([isCalendarDate('2026-11-31'), isCalendarDate('2026-11-30'), isCalendarDate('26-11-30')]).toEqual([false, true, false]);
  });
});
