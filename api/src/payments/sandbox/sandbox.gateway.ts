import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { PaymentGateway, ProviderOrder, ProviderOrderRequest, ProviderPayment, ProviderRefund, ProviderRefundRequest } from '../payment-gateway';
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

/** The method the sandbox popup pays with. */
export const SANDBOX_PAYMENT_METHOD = 'upi';

/**
 * A local stand-in for Razorpay when no keys are configured (never in production: config refuses
 * it). Orders, payment ids and signatures have Razorpay's shapes, so the shop runs the same code
 * for verification and webhooks whichever provider is in use. The payments it made are kept in the
 * database (its own table), so any API process can list them, as Razorpay lists an order's payments.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  readonly checkoutScript = SANDBOX_CHECKOUT_SCRIPT_PATH;
  readonly keyId: string;
  private readonly signatures: RazorpaySignatures;
  /** Refunds made, by the shop's reference, so asking twice refunds once. */
  private readonly refunds = new Map<string, ProviderRefund>();

  constructor(
    secrets: SandboxSecrets,
    private readonly dataSource: DataSource,
  ) {
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
      refund = { id: razorpayStyleId('rfnd'), status: 'processed', amountPaise: request.amountPaise };
      this.refunds.set(request.reference, refund);
    }
    return refund;
  }

  async receivedPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    return (await this.dataSource.query(
      `SELECT payment_id AS id, amount_paise AS "amountPaise", method FROM sandbox_payments WHERE provider_order_id = $1 ORDER BY created_at, payment_id`,
      [providerOrderId],
    )) as ProviderPayment[];
  }

  /** A successful payment of a provider order, signed exactly as Razorpay Checkout would hand it over. */
  async pay(providerOrderId: string, amountPaise: number): Promise<{ paymentId: string; signature: string }> {
    const paymentId = razorpayStyleId('pay');
    await this.dataSource.query(`INSERT INTO sandbox_payments (payment_id, provider_order_id, amount_paise, method) VALUES ($1, $2, $3, $4)`, [
      paymentId,
      providerOrderId,
      amountPaise,
      SANDBOX_PAYMENT_METHOD,
    ]);
    return { paymentId, signature: this.signatures.paymentSignature(providerOrderId, paymentId) };
  }

  isPaymentSignatureValid(providerOrderId: string, paymentId: string, signature: unknown): boolean {
    return this.signatures.isPaymentSignatureValid(providerOrderId, paymentId, signature);
  }

  isWebhookSignatureValid(rawBody: Buffer, signature: unknown): boolean {
    return this.signatures.isWebhookSignatureValid(rawBody, signature);
  }
}
