import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Compares a hex signature in constant time. The Razorpay SDK's own helpers use `===`, which leaks
 * through timing how much of a forged signature was right.
 */
export function signatureMatches(expectedHex: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(given, 'hex'));
}

/** The checks both providers share: Razorpay's signature scheme, with the secrets of the provider in use. */
export class RazorpaySignatures {
  constructor(
    private readonly keySecret: string,
    private readonly webhookSecret: string | null,
  ) {}

  /** What Checkout hands the page after a payment: HMAC-SHA256("<order id>|<payment id>", key secret). */
  paymentSignature(providerOrderId: string, paymentId: string): string {
    return hmacSha256Hex(this.keySecret, `${providerOrderId}|${paymentId}`);
  }

  isPaymentSignatureValid(providerOrderId: string, paymentId: string, signature: unknown): boolean {
    return signatureMatches(this.paymentSignature(providerOrderId, paymentId), signature);
  }

  /** Over the exact bytes received: re-serialised JSON would not match what the provider signed. */
  isWebhookSignatureValid(rawBody: Buffer, signature: unknown): boolean {
    if (!this.webhookSecret) return false;
    return signatureMatches(hmacSha256Hex(this.webhookSecret, rawBody), signature);
  }
}
