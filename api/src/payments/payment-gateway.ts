import type { PaymentsProvider } from '../config/app-config';

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export interface ProviderOrderRequest {
  /** Paise. */
  amountPaise: number;
  /** The shop order id. */
  receipt: string;
}

export interface ProviderOrder {
  id: string;
  amountPaise: number;
}

export interface ProviderRefundRequest {
  /** The provider payment to give back. */
  paymentId: string;
  amountPaise: number;
  /** The shop's refund id: asking twice with one reference refunds once. */
  reference: string;
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
  /** Paise the provider is refunding, as it states it. */
  amountPaise: number | null;
}

/** A payment the provider received (captured) for one of its orders. */
export interface ProviderPayment {
  id: string;
  amountPaise: number;
  /** card, upi, netbanking, wallet…, as the provider names it. */
  method: string | null;
}

/** The provider refused a refund for good (a 4xx): asking again will not help. */
export class RefundRefusedError extends Error {}

/**
 * A payment provider with Razorpay's flow: create a provider order, the browser pays it in the
 * provider's popup, the server checks the signature it hands back (or the provider's webhook).
 */
export interface PaymentGateway {
  readonly provider: PaymentsProvider;
  /** The public key the checkout popup is opened with. */
  readonly keyId: string;
  /** Where the browser loads the checkout script that defines `window.Razorpay`. */
  readonly checkoutScript: string;
  createOrder(request: ProviderOrderRequest): Promise<ProviderOrder>;
  /**
   * The payments the provider received for one of its orders (Razorpay's orders.fetchPayments,
   * captured ones): what an event that names no payment is checked against.
   */
  receivedPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** A refund of (part of) a captured payment; idempotent per `reference`. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
  isPaymentSignatureValid(providerOrderId: string, paymentId: string, signature: unknown): boolean;
  isWebhookSignatureValid(rawBody: Buffer, signature: unknown): boolean;
}
