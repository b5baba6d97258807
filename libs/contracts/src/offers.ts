/** Offers and delivery charges: what the checkout is quoted, what staff set up. Money in rupees. */

import type { PaymentMethod } from './payments';
import type { ProductType } from './catalog';

export const OFFER_KINDS = ['percent', 'amount', 'free-delivery'] as const;
/** Percentage off the items (optionally capped), a fixed amount off the order, or free delivery. */
export type OfferKind = (typeof OFFER_KINDS)[number];

/** What staff send to create or change an offer (POST/PUT /api/admin/offers). */
export interface OfferInput {
  /** What customers see, e.g. "Valentine's Day 10% off". */
  name: string;
  /** Customers type it (case-insensitive, trimmed); null or absent: an automatic offer. */
  code?: string | null;
  kind: OfferKind;
  /** For `percent`: 0 < percent ≤ 100 (two decimals at most). */
  percent?: number | null;
  /** For `percent`: the most it takes off, rupees; null for no cap. */
  maxDiscount?: number | null;
  /** For `amount`: rupees off the order. */
  amount?: number | null;
  /** The items must be worth at least this much (rupees, before discounts); null for no minimum. */
  minItemsAmount?: number | null;
  /** Only these products count towards it and are discounted; empty or absent: every product. */
  productIds?: string[];
  /** Only products of this type; null or absent: every type. */
  productType?: ProductType | null;
  /** Only an account's first order (none earlier that was not cancelled), and once per phone number. */
  firstOrderOnly?: boolean;
  /** First and last day it applies, inclusive, India's calendar (YYYY-MM-DD); null: open-ended. */
  validFrom?: string | null;
  validUntil?: string | null;
  /** Uses in all; null for no limit. */
  maxUses?: number | null;
  /** Uses per account; null for no limit. */
  maxUsesPerCustomer?: number | null;
  active?: boolean;
  /** May combine with another offer (an automatic one with a code); both must allow it. */
  combinable?: boolean;
  /** Used only through single-use batch codes (POST …/codes): no shared code, never automatic. */
  usesBatchCodes?: boolean;
}

export interface Offer extends Required<Omit<OfferInput, 'code'>> {
  _id: string;
  code: string | null;
  /** Orders placed with it that were not cancelled (their uses count). */
  uses: number;
  /** Unused single-use codes generated for it. */
  batchCodesLeft: number;
  /** `active`, `paused`, `scheduled` (its window has not begun), `ended` (window over) or `used-up`. */
  status: 'active' | 'paused' | 'scheduled' | 'ended' | 'used-up';
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/offers/{id}/usage: what an offer gave and brought in, over orders not cancelled. */
export interface OfferUsage {
  uses: number;
  /** Rupees taken off by it. */
  discountGiven: number;
  /** Rupees of those orders' totals. */
  revenue: number;
  orders: { _id: string; createdAt: string; customer: string; code: string | null; discount: number; total: number; status: string }[];
}

/** POST /api/admin/offers/{id}/codes `{count}` (1–5000) → 201 `{codes}`: new unique single-use codes. */
export interface OfferCodeBatch {
  codes: string[];
}

/** A delivery zone: the PIN codes starting with one of its prefixes. */
export interface DeliveryZone {
  name: string;
  /** One to six digits each, e.g. ["635"] or ["560", "562"]. */
  pincodePrefixes: string[];
  /** Rupees. */
  fee: number;
  /** Items worth this much or more (after discounts, rupees) are delivered free; null: never free. */
  freeAbove: number | null;
}

/** GET/PUT /api/admin/delivery-charges. */
export interface DeliveryCharges {
  /** Orders whose PIN code is in no zone, or that have none, pay the default zone's fee. */
  defaultZone: DeliveryZone;
  zones: DeliveryZone[];
  /** Extra rupees for a slot, by slot label (e.g. {"Early morning 6–8": 50}); absent or 0: none. */
  slotSurcharges: Record<string, number>;
  /** Who last changed them and when (absent for the shop's first settings). */
  updatedBy?: { _id: string; name: string } | null;
  updatedAt?: string | null;
}

/** One entry of GET /api/admin/delivery-charges/history: who changed the charges, when, to what. */
export interface DeliveryChargesChange {
  changedAt: string;
  changedBy: { _id: string; name: string } | null;
  charges: Pick<DeliveryCharges, 'defaultZone' | 'zones' | 'slotSurcharges'>;
}

/** POST /api/orders/quote: the cart as it would be ordered (signed in or not). */
export interface QuoteRequest {
  orderItems: { product: string; quantity: number }[];
  paymentMethod?: PaymentMethod;
  delivery?: { slot?: string; pincode?: string };
  code?: string;
}

/** A discount on an order: the offer's name, its code if one was typed, rupees off. */
export interface OrderDiscount {
  name: string;
  code?: string;
  amount: number;
}

/** 200: exactly what `POST /api/orders` would charge now, in rupees. */
export interface Quote {
  items: { product: string; name: string; quantity: number; price: number; discount: number; total: number }[];
  /** Items before discounts. */
  itemsAmount: number;
  discounts: OrderDiscount[];
  deliveryFee: number;
  total: number;
  /** Present when a code was sent. */
  code?: { status: 'applied' | 'refused'; message: string };
  /** Set when the zone has a free-delivery threshold not yet reached: rupees of items still to add. */
  freeDeliveryShortBy?: number | null;
}
