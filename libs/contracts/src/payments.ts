/** Payments and refunds: the methods, Razorpay (or the sandbox), refunds and their attempts, the money check. */

import type { Order } from './orders';

export const PAYMENT_METHODS = ['cash', 'razorpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How the screens name each payment method (checkout select, order details). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Cash on Delivery', razorpay: 'Credit/Debit Card (Razorpay)' };

/** 'mismatch': the provider reported another amount refunded than the one asked for; staff look into it. */
export type RefundStatus = 'pending' | 'processed' | 'failed' | 'mismatch';

/** One request to the payment provider for a refund (a retry is a new attempt). */
export interface RefundAttempt {
  _id: string;
  status: RefundStatus;
  /** Rupees asked for. */
  amount: number;
  /** Rupees the provider reported as refunded, once it has. */
  reported: number | null;
  /** The provider's refund id, once it made the refund. */
  providerRefundId: string | null;
  failureReason: string | null;
  createdAt: string;
}

/** Money going back to the customer (an addition to the contract). */
export interface OrderRefund {
  _id: string;
  status: RefundStatus;
  /** Rupees. */
  amount: number;
  createdAt: string;
  /** A cash refund the staff settle by hand, not through the payment provider. */
  manual: boolean;
  /** Why the provider refused it, when it failed (or what it reported, on a mismatch). */
  failureReason: string | null;
  /** Rupees that have gone back so far. */
  refunded?: number;
  /** The requests to the provider, oldest first (none for a cash refund). */
  attempts?: RefundAttempt[];
}

/**
 * What can be wrong with an order's money (GET /api/admin/money-check); `mispriced`: its total is not
 * its lines less their discounts plus the delivery charge less what a free-delivery offer took off.
 */
export type MoneyProblem = 'unbalanced' | 'cancelled-paid-without-refund' | 'paid-twice' | 'mispriced';

/** Whether the shop's money adds up: per order, received = kept + refunded + still owed back. Amounts in rupees. */
export interface MoneyCheck {
  balanced: boolean;
  /** How many orders have a problem (the list holds the first 100). */
  problemOrders: number;
  orders: {
    _id: string;
    invoiceNumber: string | null;
    status: string;
    received: number;
    kept: number;
    refunded: number;
    owed: number;
    problems: MoneyProblem[];
  }[];
}

export interface PaymentOrder {
  id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  receipt: string;
  key: string;
}

export interface VerifyPaymentRequest {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  orderId: string;
}

export interface VerifyPaymentResponse {
  success: boolean;
  order?: Order;
  message?: string;
}

export interface PaymentsConfig {
  provider: 'razorpay' | 'sandbox';
  key: string;
  checkoutScript: string;
}

export interface SandboxPayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
