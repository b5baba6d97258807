import type { Order, PaymentOrder, PaymentsConfig, VerifyPaymentRequest, VerifyPaymentResponse } from '@thalir/contracts';
import { api, ApiRequestError } from './api-client';

/** What the provider's popup hands to `handler` after a successful payment. */
export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The subset of Razorpay Checkout options the shop uses (the sandbox script accepts the same). */
export interface RazorpayOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  theme: { color: string };
  prefill: { name?: string; email?: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: (response: unknown) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export const PAYMENT_SHOP_NAME = 'Thalir Blooms';
/** The brand's leaf green (--color-leaf-700), so the popup looks like part of the shop. */
export const PAYMENT_THEME_COLOR = '#1f5a41';
/** A stalled script must not leave the pay button disabled forever. */
export const CHECKOUT_SCRIPT_TIMEOUT_MS = 30_000;

const loadingScripts = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Loads the provider's checkout script once per page: reuses `window.Razorpay` when it is already
 * there and shares one pending load between callers. A failed load can be retried.
 */
export function loadCheckoutScript(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  const pending = loadingScripts.get(src);
  if (pending) return pending;

  const loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => fail('timed out'), CHECKOUT_SCRIPT_TIMEOUT_MS);
    function fail(reason: string) {
      window.clearTimeout(timer);
      script.remove();
      loadingScripts.delete(src);
      reject(new Error(`The payment script ${src} ${reason}`));
    }
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (!window.Razorpay) return fail('did not define Razorpay');
      window.clearTimeout(timer);
      resolve(window.Razorpay);
    };
    script.onerror = () => fail('could not be loaded');
    document.head.appendChild(script);
  });
  loadingScripts.set(src, loading);
  return loading;
}

/** "Red Rose", or "Red Rose + 2 more" for an order of three lines. */
export function describeOrderItems(items: Pick<Order['orderItems'][number], 'name'>[]): string {
  if (items.length === 0) return 'Order';
  return items.length === 1 ? items[0].name : `${items[0].name} + ${items.length - 1} more`;
}

export interface OnlinePaymentCallbacks {
  /** The server verified the signature: the order is paid. */
  onPaid: (order: Order | undefined) => void;
  /**
   * The payment was not accepted for the order. `reason` is the server's word when the payment was
   * genuine but cannot be kept (the order was cancelled meanwhile): it is refunded.
   */
  onVerificationFailed: (reason?: string) => void;
  onPaymentFailed: () => void;
  /** The customer closed the popup without paying. */
  onDismiss: () => void;
}

async function verifyPayment(response: RazorpaySuccess, orderId: string): Promise<VerifyPaymentResponse> {
  // Only the contract's fields: the provider may hand over more than the server accepts.
  const body: VerifyPaymentRequest = {
    razorpay_order_id: response.razorpay_order_id,
    razorpay_payment_id: response.razorpay_payment_id,
    razorpay_signature: response.razorpay_signature,
    orderId,
  };
  return api.post<VerifyPaymentResponse>('/api/payments/verify', body);
}

/**
 * Pays a shop order that already exists: asks the server for a provider order (the amount comes
 * from the shop order on the server), opens the provider's popup and verifies what it returns.
 * Rejects when the popup cannot be opened; everything after that arrives through `callbacks`.
 */
export async function openOnlinePayment(
  order: Pick<Order, '_id' | 'totalAmount' | 'orderItems'> & { user?: Partial<Order['user']> },
  callbacks: OnlinePaymentCallbacks,
): Promise<void> {
  const config = await api.get<PaymentsConfig>('/api/payments/config');
  const Razorpay = await loadCheckoutScript(config.checkoutScript);
  const payment = await api.post<PaymentOrder>('/api/payments/create-order', { amount: order.totalAmount, receipt: order._id });
  const checkout = new Razorpay({
    key: payment.key || config.key,
    amount: payment.amount,
    currency: payment.currency,
    order_id: payment.id,
    name: PAYMENT_SHOP_NAME,
    description: describeOrderItems(order.orderItems),
    theme: { color: PAYMENT_THEME_COLOR },
    prefill: { name: order.user?.name, email: order.user?.email },
    handler: (response) => {
      verifyPayment(response, order._id).then(
        (result) => (result.success ? callbacks.onPaid(result.order) : callbacks.onVerificationFailed()),
        (error: unknown) => callbacks.onVerificationFailed(error instanceof ApiRequestError && error.status === 409 ? error.message : undefined),
      );
    },
    modal: { ondismiss: callbacks.onDismiss },
  });
  checkout.on('payment.failed', () => callbacks.onPaymentFailed());
  checkout.open();
}
