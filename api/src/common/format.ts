/** How the API writes money, dates and order ids for people (mails, invoices). */

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const INDIAN_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Paise as people read them: ₹1,250.00. */
export const formatPaise = (paise: number) => RUPEES.format(paise / 100);

/** A day as Indian customers write it, in India's time zone: 25 Nov 2026. */
export const formatIndianDate = (date: Date) => INDIAN_DATE.format(date);

/** The spec's display form of an order id: its last 6 characters, uppercased. */
export const shortOrderId = (orderId: string) => orderId.slice(-6).toUpperCase();

/** A header value (a mail subject) from user text: one line, bounded. */
export const oneLine = (text: string, max = 200) => text.replace(/[\r\n\t]+/g, ' ').trim().slice(0, max);
