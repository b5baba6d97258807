import { createHmac } from 'node:crypto';
import { persistedSecret } from '../src/config/app-config';
import type { TestApp, TestResponse, TestUser } from './test-app';

export const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

let eventCounter = 0;
let paymentCounter = 0;

/** A payment id of Razorpay's shape, unique in the test run. */
export const newPaymentId = () => `pay_Test${String(++paymentCounter).padStart(10, '0')}`;

/** The sandbox's secrets, generated into the app's DATA_DIR on first use. */
export function sandboxSecrets(t: TestApp): { keySecret: string; webhookSecret: string } {
  return {
    keySecret: persistedSecret(t.config.dataDir, 'sandboxPaymentSecret'),
    webhookSecret: persistedSecret(t.config.dataDir, 'sandboxWebhookSecret'),
  };
}

/** What Razorpay Checkout hands the page after a payment: the body of POST /api/payments/verify. */
export function signedPayment(t: TestApp, orderId: string, providerOrderId: string, paymentId = newPaymentId()) {
  return {
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmac(sandboxSecrets(t).keySecret, `${providerOrderId}|${paymentId}`),
    orderId,
  };
}

/** A webhook as Razorpay sends it: the signature covers the exact bytes, here pretty-printed on purpose. */
export function sendWebhook(
  t: TestApp,
  event: string,
  entities: Record<string, unknown>,
  options: { eventId?: string; secret?: string; signature?: string } = {},
): Promise<TestResponse> {
  const raw = JSON.stringify({ entity: 'event', event, payload: entities, created_at: 1763700000 }, null, 2);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-razorpay-event-id': options.eventId ?? `evt_test_${++eventCounter}`,
    'x-razorpay-signature': options.signature ?? hmac(options.secret ?? sandboxSecrets(t).webhookSecret, raw),
  };
  return t.request('POST', '/api/payments/webhook', { payload: raw, headers });
}

export const captured = (providerOrderId: string, paymentId: string, amount: number) => ({
  payment: { entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: providerOrderId } },
});

export const orderPaid = (providerOrderId: string, paymentId: string, amount: number) => ({
  ...captured(providerOrderId, paymentId, amount),
  order: { entity: { id: providerOrderId, entity: 'order', amount, amount_paid: amount, status: 'paid' } },
});

export const refundEvent = (gatewayRefundId: string, paymentId: string, amount: number, shopRefundId: string | null, status: 'processed' | 'failed') => ({
  refund: {
    entity: { id: gatewayRefundId, entity: 'refund', amount, payment_id: paymentId, status, notes: shopRefundId ? { shop_refund_id: shopRefundId } : [] },
  },
});

/** Starts the online payment of the buyer's order: the provider order id and the amount in paise. */
export async function startPayment(t: TestApp, buyer: TestUser, orderId: string): Promise<{ providerOrderId: string; amount: number }> {
  const res = await t.request('POST', '/api/payments/create-order', { token: buyer.token, body: { amount: 1, receipt: orderId } });
  if (res.status !== 200) throw new Error(`create-order answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { providerOrderId: res.body.id, amount: res.body.amount };
}
