/** Orders: what was bought, their states and the history of who moved them. */

import type { OrderDelivery } from './delivery';
import type { OrderDiscount } from './offers';
import type { OrderRefund, PaymentMethod } from './payments';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderItem {
  name: string;
  /** The product id. */
  product: string;
  quantity: number;
  /** Unit price charged, rupees. */
  price: number;
  /** This line's share of the order's discounts, rupees, frozen when the order was placed (an addition). */
  discount?: number;
}

export interface OrderUser {
  _id: string;
  name: string;
  email: string;
}

/**
 * Who moved an order: staff from the back office (`admin`, whatever their role), the delivery person at
 * the door (`courier`), its buyer, or the shop itself (placing it, a payment window ending).
 */
export type ActorKind = 'admin' | 'buyer' | 'system' | 'courier';

/**
 * What an order is for: the shop's own (a cart), a pack of a subscription's prepaid deliveries, or
 * one delivery of a subscription, paid from its credits.
 */
export const ORDER_KINDS = ['shop', 'subscription-pack', 'subscription-delivery'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** How the order lists name a subscription's orders. */
export const SUBSCRIPTION_ORDER_LABELS: Record<Exclude<OrderKind, 'shop'>, string> = {
  'subscription-pack': 'Subscription pack',
  'subscription-delivery': 'Subscription delivery',
};

/** Reasons the shop records in an order's history (the order-lifecycle issue names them). */
export const ORDER_REASONS = {
  cancelledByCustomer: 'cancelled by customer',
  paymentWindowExpired: 'payment window expired',
  refundAfterLatePayment: 'refund after late payment',
} as const;

export interface OrderStatusChange {
  status: OrderStatus;
  at: string;
  /** An addition to the contract: who made the move… */
  by: ActorKind;
  /** …the admin's id when staff made it… */
  adminId?: string;
  /** …and why, when there is a reason to give (e.g. "payment window expired"). */
  reason: string | null;
}

export interface Order {
  _id: string;
  orderItems: OrderItem[];
  totalAmount: number;
  paymentMethod: PaymentMethod;
  address: string;
  status: OrderStatus;
  isPaid: boolean;
  paidAt: string | null;
  createdAt: string;
  user: OrderUser;
  /** Status history, oldest first (an addition to the contract). */
  statusHistory?: OrderStatusChange[];
  /** While an online order waits for payment: when its hold on the stock ends (ISO time). */
  paymentDueBy?: string | null;
  /** The refund of this order's payment, if one was started. */
  refund?: OrderRefund | null;
  /** A large cash order from a new customer: staff confirm it by this time, or it is cancelled (ISO time). */
  confirmationDueBy?: string | null;
  /** Null for orders placed before deliveries were booked. */
  delivery?: OrderDelivery | null;
  /** The GST invoice's number, e.g. TB/26-27/000123 (TB/2026-27/000123 before December 2026). */
  invoiceNumber?: string | null;
  /** Rupees charged for delivery before any free-delivery offer (an addition). */
  deliveryFee?: number;
  /** Offers applied (an addition); totalAmount = items − discounts + deliveryFee. */
  discounts?: OrderDiscount[];
  /** Only on a subscription's orders (an addition): which subscription, and whether the order is a pack or one delivery. */
  subscriptionId?: string;
  kind?: Exclude<OrderKind, 'shop'>;
}

export interface CreateOrderRequest {
  orderItems: { product: string; quantity: number; name?: string; price?: number }[];
  totalAmount?: number;
  paymentMethod: PaymentMethod;
  address: string;
  delivery?: { date: string; slot: string; recipientName?: string; recipientPhone: string; pincode: string; giftMessage?: string };
  /** An offer code (an addition); a refused code answers 409 with the reason and places nothing. */
  code?: string;
}
