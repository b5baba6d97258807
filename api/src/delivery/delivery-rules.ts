/**
 * When and where the shop delivers: pure rules over India's clock (UTC+5:30, no daylight saving),
 * whatever the server's own time zone. The checkout, the options the storefront shows and the
 * server's check all come from here.
 */

import { formatCalendarDay } from '../common/format';

export interface DeliverySlot {
  /** What the customer picks and the order records, e.g. "Morning 8–12". */
  label: string;
  /** Minutes after midnight, India time. */
  startMinute: number;
  endMinute: number;
}

export interface DeliveryPolicy {
  slots: DeliverySlot[];
  maxDaysAhead: number;
  /** Same-day orders close at this minute of the day, India time. */
  sameDayCutoffMinute: number;
  /** ISO dates (YYYY-MM-DD) without deliveries. */
  closedDates: ReadonlySet<string>;
  /** A served PIN code starts with one of these. */
  pincodePrefixes: readonly string[];
}

export interface DeliveryChoice {
  date: string;
  slot: string;
  pincode: string | null;
}

export interface DeliveryDate {
  date: string;
  slots: string[];
}

/** India is UTC+5:30 all year (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const PINCODE = /^\d{6}$/;

/** India's calendar date and minute of the day at `now`. */
export function indiaClock(now: Date): { date: string; minute: number } {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  return { date: shifted.toISOString().slice(0, 10), minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar date in ISO form (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** "2:00 PM" for 14:00, as the shop's customers read times. */
export function formatMinute(minute: number): string {
  const hours = Math.floor(minute / 60);
  const minutes = minute % 60;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function isServed(pincode: string, policy: DeliveryPolicy): boolean {
  return PINCODE.test(pincode) && policy.pincodePrefixes.some((prefix) => pincode.startsWith(prefix));
}

/** The slots still open on `date`: all of them on a later day; today only before the cut-off and the slot's start. */
export function openSlots(date: string, now: Date, policy: DeliveryPolicy): DeliverySlot[] {
  const today = indiaClock(now);
  if (date < today.date || date > addDays(today.date, policy.maxDaysAhead) || policy.closedDates.has(date)) return [];
  if (date > today.date) return policy.slots;
  if (today.minute >= policy.sameDayCutoffMinute) return [];
  return policy.slots.filter((slot) => slot.startMinute > today.minute);
}

/** Every day a delivery can be booked for, with its open slots, from today on. */
export function deliveryDates(now: Date, policy: DeliveryPolicy): DeliveryDate[] {
  const today = indiaClock(now).date;
  const dates: DeliveryDate[] = [];
  for (let offset = 0; offset <= policy.maxDaysAhead; offset++) {
    const date = addDays(today, offset);
    const slots = openSlots(date, now, policy).map((slot) => slot.label);
    if (slots.length > 0) dates.push({ date, slots });
  }
  return dates;
}

/** What a slot the shop does not have is answered with. */
export const unknownSlotMessage = (policy: Pick<DeliveryPolicy, 'slots'>) =>
  `Choose one of the delivery slots: ${policy.slots.map((candidate) => candidate.label).join(', ')}`;

/** Why the shop cannot deliver this choice, in words a customer understands; null when it can. */
export function deliveryRefusal(choice: DeliveryChoice, now: Date, policy: DeliveryPolicy): string | null {
  if (choice.pincode !== null) {
    if (!PINCODE.test(choice.pincode)) return 'Enter the 6-digit PIN code of the delivery address';
    if (!isServed(choice.pincode, policy)) return `We cannot deliver to ${choice.pincode} yet`;
  }
  if (!isCalendarDate(choice.date)) return 'Choose a delivery date';
  const slot = policy.slots.find((candidate) => candidate.label === choice.slot);
  if (!slot) return unknownSlotMessage(policy);
  const today = indiaClock(now);
  if (choice.date < today.date) return `${formatCalendarDay(choice.date)} has passed; please choose another day`;
  const last = addDays(today.date, policy.maxDaysAhead);
  if (choice.date > last) return `We take orders up to ${policy.maxDaysAhead} days ahead: choose a day until ${formatCalendarDay(last)}`;
  if (policy.closedDates.has(choice.date)) return `We do not deliver on ${formatCalendarDay(choice.date)}; please choose another day`;
  if (choice.date === today.date) {
    if (today.minute >= policy.sameDayCutoffMinute) return `Same-day delivery closes at ${formatMinute(policy.sameDayCutoffMinute)}`;
    if (slot.startMinute <= today.minute) return `The ${slot.label} slot has already started today; please choose a later one`;
  }
  return null;
}

/** The first date and slot open now: what an order that names none is delivered in. */
export function firstAvailable(now: Date, policy: DeliveryPolicy): { date: string; slot: string } | null {
  const [first] = deliveryDates(now, policy);
  return first ? { date: first.date, slot: first.slots[0] } : null;
}

/** An Indian mobile number, 10 digits starting 6–9, with or without +91: "+91XXXXXXXXXX", or null. */
export function normaliseIndianMobile(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}
