/**
 * How the API writes money, numbers, dates and order ids for people (mails, invoices, the delivery
 * sheet, page descriptions, delivery messages): the one place for these formats on the server.
 */

import type { CatalogueLanguage } from '@thalir/contracts';

// Money and counts read the same in Tamil (ta-IN writes Latin digits with Indian grouping too).
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-IN');
const LOCALES: Record<CatalogueLanguage, string> = { en: 'en-IN', ta: 'ta-IN' };
const byLanguage = <T>(make: (locale: string) => T) => ({ en: make(LOCALES.en), ta: make(LOCALES.ta) });
const INDIAN_DATE = byLanguage((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }));
// Delivery dates are calendar dates (no time zone): formatted as UTC midnight.
const CALENDAR_DAY = {
  date: byLanguage((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })),
  withWeekday: byLanguage((locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })),
  long: byLanguage((locale) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })),
};

/** Paise as people read them: ₹1,250.00 (from paise, so amounts never pick up floating-point noise). */
export const formatPaise = (paise: number) => RUPEES.format(paise / 100);

/** Rupees as they arrive at the edges (the catalogue's JSON): ₹1,250.00. */
export const formatRupees = (rupees: number) => RUPEES.format(rupees);

/** A count with Indian grouping: 1,23,456. */
export const formatCount = (count: number) => COUNT.format(count);

/** A moment as a day, in India's time zone: 25 Nov 2026 (in Tamil 25 நவ., 2026). */
export const formatIndianDate = (date: Date, language: CatalogueLanguage = 'en') => INDIAN_DATE[language].format(date);

/**
 * A calendar date (YYYY-MM-DD): "25 Nov 2026", with the weekday "Wed, 25 Nov 2026", or in full
 * "Wednesday, 25 November 2026"; in Tamil as Intl's ta-IN writes them (the storefront's
 * formatCalendarDate gives the same text).
 */
export const formatCalendarDay = (isoDate: string, style: keyof typeof CALENDAR_DAY = 'date', language: CatalogueLanguage = 'en') =>
  CALENDAR_DAY[style][language].format(new Date(`${isoDate}T00:00:00Z`));

/** The spec's display form of an order id: its last 6 characters, uppercased. */
export const shortOrderId = (orderId: string) => orderId.slice(-6).toUpperCase();

/** A header value (a mail subject) from user text: one line, bounded. */
export const oneLine = (text: string, max = 200) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
