import { ApiRequestError } from '@thalir/api-client';
import type { Order } from '@thalir/contracts';

/** The server's own words for a refusal the customer can act on (a 4xx); a server error's words are not shown. */
export function serverReason(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
}

/** Whether an online order (or a subscription's pack) still waits for its payment, within its window. */
export function awaitsOnlinePayment(order: Order): boolean {
  const windowOpen = !order.paymentDueBy || new Date(order.paymentDueBy).getTime() > Date.now();
  return order.status === 'pending' && !order.isPaid && order.paymentMethod === 'razorpay' && windowOpen;
}
