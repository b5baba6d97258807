import { ORDER_REASONS, type Order, type OrderDelivery, type OrderRefund } from '@thalir/contracts';

/** How the shop writes money, dates and order ids for people. */
/**
 * Rupees for people: ₹1,23,456.50 (en-IN grouping, always 2 decimals), the same text as
 * Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }) gives. Written out because making
 * that formatter loads the locale's data: 20 to 90 ms of a page's first render, even on a desktop.
 */
export function formatMoney(rupees: number): string {
  const [whole, paise] = Math.abs(rupees).toFixed(2).split('.');
  return `${rupees < 0 ? '-' : ''}₹${groupDigits(whole)}.${paise}`;
}

/** A count for people: 1,23,456 (en-IN grouping), as `toLocaleString('en-IN')` writes it, without its cost. */
export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupDigits(Math.abs(Math.trunc(count)).toString())}`;
}

/** Thousands first, then every two digits: 12,34,567. */
function groupDigits(whole: string): string {
  return whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
}

// Made on first use, for the same reason: most screens show no date.
let date: Intl.DateTimeFormat | undefined;
let time: Intl.DateTimeFormat | undefined;
let shopDayAndTime: Intl.DateTimeFormat | undefined;

/** "26 Nov 2026": the day of a moment, in the viewer's time. */
export function formatDate(iso: string): string {
  date ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return date.format(new Date(iso));
}

/** "5:30 pm": the time of a moment, in the viewer's time. */
export function formatTime(iso: string): string {
  time ??= new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
  return time.format(new Date(iso));
}

/** "26 Nov 2026, 5:30 pm". */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${formatTime(iso)}`;
}

/** "27 Nov, 10:00 am" in the shop's time (India): a deadline the shop keeps, such as a confirmation. */
export function formatShopDeadline(iso: string): string {
  shopDayAndTime ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  return shopDayAndTime.format(new Date(iso));
}

/** The spec's display form of an order id: its last 6 characters, uppercased. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(-6).toUpperCase();
}

const REFUND_STATES: Record<OrderRefund['status'], string> = {
  pending: 'Refund pending',
  processed: 'Refund processed',
  failed: 'Refund failed',
  // The provider reported another amount than asked: the shop looks into it.
  mismatch: 'Refund under review',
};

/** "Refund processed ₹1,250.00": where the money going back to the customer stands. */
export function refundLabel(refund: OrderRefund): string {
  return `${REFUND_STATES[refund.status]} ${formatMoney(refund.amount)}`;
}

/** The shop cancelled the order because its payment window ran out (the lifecycle's reason). */
export function paymentWindowExpired(order: Pick<Order, 'status' | 'statusHistory'>): boolean {
  return order.status === 'cancelled' && order.statusHistory?.at(-1)?.reason === ORDER_REASONS.paymentWindowExpired;
}

let deliveryWeekday: Intl.DateTimeFormat | undefined;
let deliveryDay: Intl.DateTimeFormat | undefined;
let deliveryDayOfYear: Intl.DateTimeFormat | undefined;

/** "Thu, 26 Nov 2026" (or "Thu, 26 Nov" without the year) for 2026-11-26: a calendar date, the same in every time zone. */
export function formatDeliveryDay(isoDate: string, { withYear = true } = {}): string {
  deliveryWeekday ??= new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
  deliveryDay ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  deliveryDayOfYear ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = new Date(`${isoDate}T00:00:00Z`);
  return `${deliveryWeekday.format(day)}, ${(withYear ? deliveryDay : deliveryDayOfYear).format(day)}`;
}

let shopDate: Intl.DateTimeFormat | undefined;
let shopTime: Intl.DateTimeFormat | undefined;

/** "Thu, 26 Nov 2026, 5:35 pm": a moment in the shop's time (India), wherever the viewer is (the audit log). */
export function formatShopMoment(iso: string): string {
  // en-CA writes the calendar date as YYYY-MM-DD.
  shopDate ??= new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Kolkata' });
  shopTime ??= new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  const moment = new Date(iso);
  return `${formatDeliveryDay(shopDate.format(moment))}, ${shopTime.format(moment)}`;
}

/** "Thu, 26 Nov 2026 · Evening 4–8": when an order is delivered. */
export function formatDelivery(delivery: Pick<OrderDelivery, 'date' | 'slot'>): string {
  return `${formatDeliveryDay(delivery.date)} · ${delivery.slot}`;
}
