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
  isPaymentSignatureValid(providerOrderId: string, paymentId: string, signature: unknown): boolean;
  isWebhookSignatureValid(rawBody: Buffer, signature: unknown): boolean;
}
