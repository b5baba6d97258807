import { HttpStatus, Logger } from '@nestjs/common';
import Razorpay from 'razorpay';
import { ApiException } from '../common/http-errors';
import {
  type PaymentGateway,
  type ProviderOrder,
  type ProviderOrderRequest,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderRefundRequest,
  RefundRefusedError,
} from './payment-gateway';
import { RazorpaySignatures } from './signatures';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
/** The SDK waits forever by default; a customer at checkout should hear back within seconds. */
export const RAZORPAY_TIMEOUT_MS = 10_000;

const logger = new Logger('Razorpay');

/** What the SDK throws when Razorpay answered with an error: a plain object, not an Error. */
interface RazorpayApiError {
  statusCode: number | string;
  error?: { code?: string; description?: string };
}

function isRazorpayApiError(error: unknown): error is RazorpayApiError {
  return typeof error === 'object' && error !== null && 'statusCode' in error && !(error instanceof Error);
}

/**
 * Turns what the SDK throws into a clear 502/503. Offline or on a timeout the SDK fails while
 * reading `err.response.status` of a response that never came, so the error is a TypeError with
 * no trace of the network cause.
 */
export function describeProviderError(error: unknown): ApiException {
  if (isRazorpayApiError(error)) {
    logger.error(`Razorpay refused a request (${error.statusCode}): ${error.error?.code ?? ''} ${error.error?.description ?? ''}`);
    if (Number(error.statusCode) === 401) {
      return new ApiException(HttpStatus.BAD_GATEWAY, 'Online payment is not available right now (the payment provider refused our credentials)');
    }
    const reason = error.error?.description ? `: ${error.error.description}` : '';
    return new ApiException(HttpStatus.BAD_GATEWAY, `The payment provider refused the payment${reason}`);
  }
  logger.error(`Razorpay could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'The payment provider could not be reached. Please try again in a moment');
}

export interface RazorpayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
}

export interface RazorpayGatewayOptions {
  timeoutMs?: number;
  /** Another address for Razorpay's API (a proxy, or a local stand-in in tests). */
  apiBaseUrl?: string;
}

/** The real provider, through the official SDK. */
export class RazorpayGateway implements PaymentGateway {
  readonly provider = 'razorpay' as const;
  readonly checkoutScript = RAZORPAY_CHECKOUT_SCRIPT;
  readonly keyId: string;
  private readonly client: Razorpay;
  private readonly signatures: RazorpaySignatures;

  constructor(credentials: RazorpayCredentials, options: RazorpayGatewayOptions = {}) {
    this.keyId = credentials.keyId;
    this.client = new Razorpay({ key_id: credentials.keyId, key_secret: credentials.keySecret });
    // The SDK exposes no timeout option; its axios instance is the only place to set one.
    const requests = (this.client.api as unknown as { rq?: { defaults?: { timeout?: number; baseURL?: string } } }).rq;
    if (!requests?.defaults) throw new Error('The razorpay SDK changed shape: cannot set a request timeout');
    requests.defaults.timeout = options.timeoutMs ?? RAZORPAY_TIMEOUT_MS;
    if (options.apiBaseUrl) requests.defaults.baseURL = options.apiBaseUrl;
    this.signatures = new RazorpaySignatures(credentials.keySecret, credentials.webhookSecret);
    if (!credentials.webhookSecret) logger.warn('RAZORPAY_WEBHOOK_SECRET is not set: webhooks will be refused');
  }

  async createOrder(request: ProviderOrderRequest): Promise<ProviderOrder> {
    try {
      const order = await this.client.orders.create({
        amount: request.amountPaise,
        currency: 'INR',
        receipt: request.receipt,
        notes: { shopOrderId: request.receipt },
      });
      return { id: order.id, amountPaise: Number(order.amount) };
    } catch (error) {
      throw describeProviderError(error);
    }
  }

  /** Captured payments (a refunded one stays captured): money that reached the shop's account. */
  async receivedPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    try {
      const { items } = await this.client.orders.fetchPayments(providerOrderId);
      return items
        .filter((payment) => payment.captured)
        .map((payment) => ({ id: payment.id, amountPaise: Number(payment.amount), method: payment.method ?? null }));
    } catch (error) {
      throw describeProviderError(error);
    }
  }

  /**
   * Razorpay has no idempotency key for refunds, so the shop's refund id travels in the refund's
   * notes and a retry first looks for a refund carrying it (a retry after a lost answer then finds
   * the refund that was made instead of making a second one).
   */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
    try {
      const existing = await this.client.payments.fetchMultipleRefund(request.paymentId, { count: 100 });
      const made = existing.items.find((refund) => refund.notes && (refund.notes as Record<string, unknown>).shop_refund_id === request.reference);
      const refund =
        made ??
        (await this.client.payments.refund(request.paymentId, {
          amount: request.amountPaise,
          receipt: request.reference.slice(0, 40),
          notes: { shop_refund_id: request.reference },
        }));
      return { id: refund.id, status: refund.status, amountPaise: refund.amount === undefined ? null : Number(refund.amount) };
    } catch (error) {
      if (isRazorpayApiError(error) && Number(error.statusCode) >= 400 && Number(error.statusCode) < 500 && Number(error.statusCode) !== 429) {
        throw new RefundRefusedError(`Razorpay refused the refund: ${error.error?.description ?? error.error?.code ?? error.statusCode}`);
      }
      throw describeProviderError(error);
    }
  }

  isPaymentSignatureValid(providerOrderId: string, paymentId: string, signature: unknown): boolean {
    return this.signatures.isPaymentSignatureValid(providerOrderId, paymentId, signature);
  }

  isWebhookSignatureValid(rawBody: Buffer, signature: unknown): boolean {
    return this.signatures.isWebhookSignatureValid(rawBody, signature);
  }
}
