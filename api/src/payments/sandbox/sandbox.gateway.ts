import { randomInt } from 'node:crypto';
import type { PaymentGateway, ProviderOrder, ProviderOrderRequest, ProviderRefund, ProviderRefundRequest } from '../payment-gateway';
import { RazorpaySignatures } from '../signatures';

export const SANDBOX_CHECKOUT_SCRIPT_PATH = '/api/payments/sandbox/checkout.js';
export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay's id shape: a prefix and 14 letters or digits (order_…, pay_…). */
export function razorpayStyleId(prefix: 'order' | 'pay' | 'rfnd'): string {
  let id = '';
  for (let i = 0; i < 14; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${id}`;
}

export interface SandboxSecrets {
  keyId: string;
  /** Signs payments, as Razorpay's key secret does. */
  keySecret: string;
  webhookSecret: string;
}

/**
 * A local stand-in for Razorpay when no keys are configured (never in production: config refuses
 * it). Orders, payment ids and signatures have Razorpay's shapes, so the shop runs the same code
 * for verification and webhooks whichever provider is in use.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  readonly checkoutScript = SANDBOX_CHECKOUT_SCRIPT_PATH;
  readonly keyId: string;
  private readonly signatures: RazorpaySignatures;
  /** Refunds made, by the shop's reference, so asking twice refunds once. */
  private readonly refunds = new Map<string, ProviderRefund>();

  constructor(secrets: SandboxSecrets) {
    this.keyId = secrets.keyId;
    this.signatures = new RazorpaySignatures(secrets.keySecret, secrets.webhookSecret);
  }

  async createOrder(request: ProviderOrderRequest): Promise<ProviderOrder> {
    return { id: razorpayStyleId('order'), amountPaise: request.amountPaise };
  }

  /** Refunds are processed at once. */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
    let refund = this.refunds.get(request.reference);
    if (!refund) {
      refund = { id: razorpayStyleId('rfnd'), status: 'processed' };
      this.refunds.set(request.reference, refund);
    }
    return refund;
  }

  /** A successful payment of a provider order, signed exactly as Razorpay Checkout would hand it over. */
  pay(providerOrderId: string): { paymentId: string; signature: string } {
    const paymentId = razorpayStyleId('pay');
    return { paymentId, signature: this.signatures.paymentSignature(providerOrderId, paymentId) };
  }

  isPaymentSignatureValid(providerOrderId: string, paymentId: string, signature: unknown): boolean {
    return this.signatures.isPaymentSignatureValid(providerOrderId, paymentId, signature);
  }

  isWebhookSignatureValid(rawBody: Buffer, signature: unknown): boolean {
    return this.signatures.isWebhookSignatureValid(rawBody, signature);
  }
}
