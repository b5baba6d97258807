import { api, apiRequest } from '@thalir/api-client';
import type { Order, OrderStatus } from '@thalir/contracts';

export const ORDERS_PAGE_SIZE = 25;

export type OrderSort = '' | 'delivery';

export interface OrderQuery {
  status: OrderStatus | '';
  q: string;
  page: number;
  /** YYYY-MM-DD: only that day's deliveries. */
  deliveryDate?: string;
  /** Empty: newest first. */
  sort?: OrderSort;
}

export interface OrderPage {
  orders: Order[];
  total: number;
}

/**
 * The API pages and searches on the server when asked for page/limit and tells the match count in
 * X-Total-Count. A server that answers the contract's plain full list instead (no header) is paged here.
 */
export async function fetchOrderPage({ status, q: search, page, deliveryDate, sort }: OrderQuery, signal?: AbortSignal): Promise<OrderPage> {
  // The screen shows ids as #ABC123; an admin may well type them that way.
  const q = search.replace(/^#/, '');
  const params = new URLSearchParams({ page: String(page), limit: String(ORDERS_PAGE_SIZE) });
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  if (deliveryDate) params.set('deliveryDate', deliveryDate);
  if (sort) params.set('sort', sort);
  let totalHeader: string | null = null;
  const orders = await apiRequest<Order[]>(`/api/orders?${params}`, {
    signal,
    onHeaders: (headers) => (totalHeader = headers.get('x-total-count')),
  });
  if (totalHeader !== null) return { orders, total: Number(totalHeader) };
  const matching = q ? orders.filter((order) => matchesSearch(order, q)) : orders;
  const start = (page - 1) * ORDERS_PAGE_SIZE;
  return { orders: matching.slice(start, start + ORDERS_PAGE_SIZE), total: matching.length };
}

/** The server's search, for a server that lists everything: order id, customer name or email. */
function matchesSearch(order: Order, q: string): boolean {
  const needle = q.toLowerCase();
  return [order._id, order.user?.name, order.user?.email].some((field) => field?.toLowerCase().includes(needle));
}

export function changeOrderStatus(id: string, status: OrderStatus): Promise<Order> {
  return api.put<Order>(`/api/orders/${encodeURIComponent(id)}/status`, { status });
}

/** The staff handed a cash refund back. */
export function settleRefund(refundId: string): Promise<unknown> {
  return api.post(`/api/admin/refunds/${encodeURIComponent(refundId)}/settle`);
}

/** Asks the payment provider again for a refund it refused. */
export function retryRefund(refundId: string): Promise<unknown> {
  return api.post(`/api/admin/refunds/${encodeURIComponent(refundId)}/retry`);
}
