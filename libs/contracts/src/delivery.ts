/** Delivery: dates, slots and PIN codes at the checkout, an order's delivery, the day's run. */

import type { OrderStatus } from './orders';
import type { Courier, FailedAttempt } from './staff';
import type { PaymentMethod } from './payments';

/** When, to whom and where an order goes (an addition to the contract). */
export interface OrderDelivery {
  /** YYYY-MM-DD, India's calendar. */
  date: string;
  /** e.g. "Morning 8–12". */
  slot: string;
  recipientName: string;
  /** +91XXXXXXXXXX; null for an order placed without delivery details. */
  recipientPhone: string | null;
  pincode: string | null;
  giftMessage: string | null;
}

export interface DeliveryOptions {
  /** Whether the PIN code asked about is served; null when none was asked about. */
  served: boolean | null;
  /** Why not, when it is not: "We cannot deliver to 110001 yet". */
  message?: string;
  dates: { date: string; slots: string[] }[];
  /** Same-day orders close at this time, India time: "2:00 PM". */
  cutoff: string;
}

/** One order on the day's delivery run (the back office's Deliveries view and sheet). */
export interface DeliveryStop {
  _id: string;
  recipientName: string;
  recipientPhone: string | null;
  address: string;
  pincode: string | null;
  items: { name: string; quantity: number }[];
  giftMessage: string | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  /** Rupees the driver collects on delivery (cash orders not paid yet); 0 otherwise. */
  collect: number;
  /** Who takes it out, or null while nobody is assigned. */
  courier: Courier | null;
  /** Rupees the delivery person collected (cash orders, once delivered). */
  cashCollected: number | null;
  lastFailedAttempt: FailedAttempt | null;
  /** A delivery of a flower subscription, paid from its credits (an addition). */
  subscription?: true;
}

export interface DeliveryRun {
  date: string;
  slots: { slot: string; stops: DeliveryStop[] }[];
  /** Rupees to collect on the whole run. */
  collectTotal: number;
  /** The people stops can be assigned to. */
  couriers: Courier[];
}
