/** Flower subscriptions: plans staff sell, with prepaid deliveries. Money in rupees. */

import type { CatalogueLanguage } from './catalog';
import type { Order, OrderStatus } from './orders';

/** Every day, chosen weekdays, every week or every other week (on the start date's weekday). */
export const FREQUENCY_KINDS = ['daily', 'weekdays', 'weekly', 'fortnightly'] as const;
export type FrequencyKind = (typeof FREQUENCY_KINDS)[number];

/** How the screens name the frequencies (the plan pages, the subscribe form, the back office). */
export const FREQUENCY_LABELS: Record<FrequencyKind, string> = {
  daily: 'Every day',
  weekdays: 'Chosen days of the week',
  weekly: 'Every week',
  fortnightly: 'Every other week',
};

/** What a pack of `deliveries` costs, in rupees: counted in paise, as its order's total is. */
export const packPrice = (pricePerDelivery: number, deliveries: number): number => (Math.round(pricePerDelivery * 100) * deliveries) / 100;

/** What staff send to create or change a plan (POST/PUT /api/admin/subscription-plans); PUT changes only what it names. */
export interface SubscriptionPlanInput {
  /** What customers see, e.g. "Daily pooja basket". */
  name: string;
  /** The plan's address, /subscribe/{slug}: lowercase letters, digits and hyphens. */
  slug: string;
  description: string;
  /** What each delivery holds. */
  items: { productId: string; quantity: number }[];
  /** The frequencies a customer may choose. */
  frequencies: FrequencyKind[];
  /** The delivery slots a customer may choose (labels of the shop's slots); empty: every slot. */
  slots: string[];
  /** The price of one delivery, rupees. */
  pricePerDelivery: number;
  /** The packs sold, in deliveries (e.g. 7, 15 and 30), smallest first. */
  packs: number[];
  active?: boolean;
}

export interface SubscriptionPlanItem {
  productId: string;
  /** The product's name now (the plan page lists it), in the language asked where translated. */
  name: string;
  quantity: number;
  /** Only when asked in another language than English: the language `name` is in. */
  language?: CatalogueLanguage;
}

export interface SubscriptionPlan extends Required<Omit<SubscriptionPlanInput, 'items'>> {
  _id: string;
  items: SubscriptionPlanItem[];
  /** Only when asked in another language than English (`lang=ta`): the language each text is in. */
  languages?: { name: CatalogueLanguage; description: CatalogueLanguage };
  createdAt: string;
  updatedAt: string;
}

/** What a customer sends to subscribe (POST /api/subscriptions): the choices, and the first pack to pay. */
export interface SubscribeRequest {
  /** The plan's address (slug) or id. */
  plan: string;
  /** The first day a delivery may fall on; the checkout's date rules and cut-off apply. */
  startDate: string;
  frequency: FrequencyKind;
  /** For `weekdays`: the days, 0 = Sunday … 6 = Saturday. */
  weekdays?: number[];
  slot: string;
  address: string;
  pincode: string;
  recipientName?: string;
  recipientPhone: string;
  /** The pack to buy first, in deliveries: one of the plan's packs. */
  pack: number;
}

/**
 * A day of a subscription in the coming days, as its row says: `scheduled` (it will be made from a
 * credit), `skipped` by the customer, `paused`, `closed` (the shop does not deliver that day),
 * `ordered` (it became an order at its cut-off), `not-made` (stock was short: the credit is kept),
 * `no-credit` (no credits were left at its cut-off), `cancelled` with the subscription.
 */
export const SUBSCRIPTION_DELIVERY_STATUSES = ['scheduled', 'skipped', 'paused', 'closed', 'ordered', 'not-made', 'no-credit', 'cancelled'] as const;
export type SubscriptionDeliveryStatus = (typeof SUBSCRIPTION_DELIVERY_STATUSES)[number];

export interface SubscriptionDelivery {
  date: string;
  slot: string;
  status: SubscriptionDeliveryStatus;
  /** For a scheduled day: the credits left pay for it (false: it waits for the next pack). */
  covered: boolean;
  /** Until when (ISO time) the customer may skip, move or redirect it; null once it cannot change. */
  changeableUntil: string | null;
  address: string;
  pincode: string;
  recipientName: string;
  recipientPhone: string;
  /** The order it became. */
  orderId: string | null;
  /** Why it was not made, in words for the customer. */
  note: string | null;
}

/** Prepaid deliveries: bought = used + left + refunded, always. */
export interface SubscriptionCredits {
  bought: number;
  used: number;
  left: number;
  refunded: number;
}

export interface SubscriptionPack {
  /** The order that pays for it (pay it as any online order: POST /api/payments/create-order with this receipt). */
  orderId: string;
  /** Its order's status: an unpaid pack can be paid while `pending`; `cancelled` once its window closed or the subscription was cancelled. */
  orderStatus: OrderStatus;
  deliveries: number;
  pricePerDelivery: number;
  amount: number;
  paid: boolean;
  used: number;
  refunded: number;
  createdAt: string;
}

/** `awaiting-payment` until its first pack is paid. */
export type SubscriptionStatus = 'awaiting-payment' | 'active' | 'cancelled';

export interface Subscription {
  _id: string;
  /** The plan as it is now: its packs on sale, and the slots a delivery may be moved to. */
  plan: { _id: string; slug: string; name: string; pricePerDelivery: number; packs: number[]; slots: string[] };
  /** The customer (in the back office's answers). */
  user?: { _id: string; name: string; email: string };
  status: SubscriptionStatus;
  frequency: FrequencyKind;
  weekdays: number[];
  startDate: string;
  slot: string;
  address: string;
  pincode: string;
  recipientName: string;
  recipientPhone: string;
  credits: SubscriptionCredits;
  /** Holidays: no delivery, no credit used (both ends included). */
  pauses: { _id: string; from: string; to: string }[];
  /** The coming days (today in India first, 14 days), and any day still open to change. */
  deliveries: SubscriptionDelivery[];
  packs: SubscriptionPack[];
  createdAt: string;
  cancelledAt: string | null;
}

/** A subscription with the pack order to pay (subscribing, or buying more deliveries). */
export interface SubscriptionWithPack {
  subscription: Subscription;
  /** The pack's order: pay it online, as any order (POST /api/payments/create-order with its id as the receipt). */
  order: Order;
}

/** Changes to one coming delivery before its cut-off (PATCH /api/subscriptions/{id}/deliveries/{date}). */
export interface SubscriptionDeliveryChange {
  skip?: boolean;
  slot?: string;
  address?: string;
  pincode?: string;
  recipientName?: string;
  recipientPhone?: string;
}

/** The back office's forecast: for each coming day, the deliveries of each plan and the stems of each product they need. */
export interface SubscriptionForecastDay {
  date: string;
  plans: { planId: string; name: string; deliveries: number }[];
  products: { productId: string; name: string; quantity: number }[];
}
