/**
 * How the API writes money, numbers, dates and order ids for people (mails, invoices, the delivery
 * sheet, page descriptions, delivery messages): the one place for these formats on the server.
 */

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-IN');
const INDIAN_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
// Delivery dates are calendar dates (no time zone): formatted as UTC midnight.
const CALENDAR_DAY = {
  date: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  withWeekday: new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** Paise as people read them: ₹1,250.00 (from paise, so amounts never pick up floating-point noise). */
export const formatPaise = (paise: number) => RUPEES.format(paise / 100);

/** Rupees as they arrive at the edges (the catalogue's JSON): ₹1,250.00. */
export const formatRupees = (rupees: number) => RUPEES.format(rupees);

/** A count with Indian grouping: 1,23,456. */
export const formatCount = (count: number) => COUNT.format(count);

/** A moment as a day, in India's time zone: 25 Nov 2026. */
export const formatIndianDate = (date: Date) => INDIAN_DATE.format(date);

/**
 * A calendar date (YYYY-MM-DD): "25 Nov 2026", with the weekday "Wed, 25 Nov 2026", or in full
 * "Wednesday, 25 November 2026".
 */
export const formatCalendarDay = (isoDate: string, style: keyof typeof CALENDAR_DAY = 'date') => CALENDAR_DAY[style].format(new Date(`${isoDate}T00:00:00Z`));

/** The spec's display form of an order id: its last 6 characters, uppercased. */
export const shortOrderId = (orderId: string) => orderId.slice(-6).toUpperCase();

/** A header value (a mail subject) from user text: one line, bounded. */
export const oneLine = (text: string, max = 200) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
