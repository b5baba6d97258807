import type { DeliveryPolicy } from '../delivery/delivery-rules';
import {
  creditsOf,
  deliveryChangeRefusal,
  type PackLedger,
  pauseRefusal,
  type PlanTerms,
  type SubscribeChoice,
  subscribeRefusal,
  tooLateMessage,
  tooLateToMoveMessage,
} from './subscription-rules';

const policy: DeliveryPolicy = {
  slots: [
    { label: 'Morning 8–12', startMinute: 8 * 60, endMinute: 12 * 60 },
    { label: 'Evening 4–8', startMinute: 16 * 60, endMinute: 20 * 60 },
  ],
  maxDaysAhead: 14,
  sameDayCutoffMinute: 14 * 60,
  closedDates: new Set(['2026-12-08']),
  pincodePrefixes: ['600'],
};

/** 10:00 in India on 1 December 2026, on a server clock in UTC. */
const NOW = new Date('2026-12-01T04:30:00Z');

const pooja: PlanTerms = { frequencies: ['daily', 'weekdays'], slots: ['Morning 8–12'], packs: [7, 15, 30] };
const choice = (extra: Partial<SubscribeChoice> = {}): SubscribeChoice => ({
  startDate: '2026-12-02',
  frequency: 'daily',
  weekdays: [],
  slot: 'Morning 8–12',
  pincode: '600001',
  pack: 7,
  ...extra,
});

describe('what a customer may choose when subscribing', () => {
  it.each<[string, PlanTerms, Partial<SubscribeChoice>, string | null]>([
    ['the daily pooja basket from tomorrow morning', pooja, {}, null],
    ['chosen weekdays', pooja, { frequency: 'weekdays', weekdays: [1, 3, 5] }, null],
    ['a frequency the plan does not sell', pooja, { frequency: 'weekly' }, 'This plan is delivered every day or on chosen days of the week'],
    ['chosen weekdays without any day', pooja, { frequency: 'weekdays', weekdays: [] }, 'Choose the days of the week for your deliveries, each once'],
    ['a day twice', pooja, { frequency: 'weekdays', weekdays: [1, 1] }, 'Choose the days of the week for your deliveries, each once'],
    ['a day that does not exist', pooja, { frequency: 'weekdays', weekdays: [7] }, 'Choose the days of the week for your deliveries, each once'],
    ['weekdays with another frequency', pooja, { weekdays: [1] }, 'Days of the week are chosen only for deliveries on chosen days'],
    ['a pack the plan does not sell', pooja, { pack: 10 }, 'Choose a pack of 7, 15, 30 deliveries'],
    ['the evening for a morning-only plan', pooja, { slot: 'Evening 4–8' }, 'This plan is delivered in: Morning 8–12'],
    ['any slot of the shop when the plan names none', { ...pooja, slots: [] }, { slot: 'Evening 4–8' }, null],
    ['a slot the shop does not have', { ...pooja, slots: [] }, { slot: 'Night' }, 'This plan is delivered in: Morning 8–12, Evening 4–8'],
    ['today, after the morning slot started', pooja, { startDate: '2026-12-01' }, 'The Morning 8–12 slot has already started today; please choose a later one'],
    ['a closed day', pooja, { startDate: '2026-12-08' }, 'We do not deliver on 8 Dec 2026; please choose another day'],
    ['a PIN code the shop does not serve', pooja, { pincode: '110001' }, 'We cannot deliver to 110001 yet'],
    ['a start past the booking window', pooja, { startDate: '2026-12-31' }, 'We take orders up to 14 days ahead: choose a day until 15 Dec 2026'],
  ])('%s', (_case, plan, extra, expected) => {
    expect(subscribeRefusal(plan, choice(extra), NOW, policy)).toBe(expected);
  });
});

describe('changing one coming delivery', () => {
  it.each<[string, { slot?: string; pincode?: string }, string | null]>([
    ['another allowed slot', { slot: 'Morning 8–12' }, null],
    ['a slot the plan does not deliver in', { slot: 'Evening 4–8' }, 'This plan is delivered in: Morning 8–12'],
    ['another served address', { pincode: '600042' }, null],
    ['a PIN code of 5 digits', { pincode: '60001' }, 'Enter the 6-digit PIN code of the delivery address'],
    ['an address the shop does not serve', { pincode: '560001' }, 'We cannot deliver to 560001 yet'],
  ])('%s', (_case, change, expected) => {
    expect(deliveryChangeRefusal(change, pooja, policy)).toBe(expected);
  });

  it('tells when changes closed', () => {
    expect(tooLateMessage('2026-12-02', 'Morning 8–12', policy)).toBe(
      'It is too late to change the delivery of 2 Dec 2026: changes closed at 8:00 AM that day',
    );
    expect(tooLateMessage('2026-12-02', 'Evening 4–8', policy)).toBe('It is too late to change the delivery of 2 Dec 2026: changes closed at 2:00 PM that day');
    expect(tooLateToMoveMessage('2026-12-02', 'Morning 8–12', policy)).toBe(
      'It is too late to move the delivery of 2 Dec 2026 to Morning 8–12: changes closed at 8:00 AM that day',
    );
  });
});

describe('a pause (a holiday)', () => {
  it.each<[string, string, string, string | null]>([
    ['next week', '2026-12-07', '2026-12-13', null],
    ['from today', '2026-12-01', '2026-12-01', null],
    ['a single day', '2026-12-05', '2026-12-05', null],
    ['ninety days', '2026-12-02', '2027-03-01', null],
    ['ninety-one days', '2026-12-02', '2027-03-02', 'A pause can last at most 90 days'],
    ['ending before it starts', '2026-12-09', '2026-12-08', 'The last day of the pause comes before its first day'],
    ['starting yesterday', '2026-11-30', '2026-12-03', '30 Nov 2026 has passed; a pause starts today or later'],
    ['29 February that does not exist', '2027-02-28', '2027-02-29', 'Choose the first and the last day of the pause'],
  ])('%s', (_case, from, to, expected) => {
    expect(pauseRefusal(from, to, NOW)).toBe(expected);
  });
});

describe('credits: bought = used + left + refunded', () => {
  const pack = (deliveries: number, used: number, refunded: number, paid = true): PackLedger => ({ deliveries, used, refunded, paid });
  it.each<[string, PackLedger[], [number, number, number, number]]>([
    ['no pack yet', [], [0, 0, 0, 0]],
    ['a pack waiting for payment counts for nothing', [pack(7, 0, 0, false)], [0, 0, 0, 0]],
    ['a fresh pack of 7', [pack(7, 0, 0)], [7, 0, 7, 0]],
    ['two packs, the older one used up', [pack(7, 7, 0), pack(15, 2, 0)], [22, 9, 13, 0]],
    ['cancelled: the unused part refunded', [pack(7, 7, 0), pack(15, 2, 13)], [22, 9, 0, 13]],
  ])('%s', (_case, packs, [bought, used, left, refunded]) => {
    const credits = creditsOf(packs);
    expect(credits).toEqual({ bought, used, left, refunded });
    expect(credits.bought).toBe(credits.used + credits.left + credits.refunded);
  });
});
