import { api } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { Order, Product, ProductResponse } from '@thalir/contracts';

export function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get<Order[]>('/api/orders/my-orders', signal);
}

export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(orderId)}`, signal);
}

/** The buyer calls off a pending order; the server gives the stock back and refunds any payment. */
export function cancelOrder(orderId: string): Promise<Order> {
  return api.post<Order>(`/api/orders/${encodeURIComponent(orderId)}/cancel`);
}

/** A product as the catalogue has it now (for ordering again), or null when it is gone. */
export async function fetchCurrentProduct(productId: string): Promise<Product | null> {
  try {
    return (await api.get<ProductResponse>(`/api/products/${encodeURIComponent(productId)}`)).data;
  } catch {
    return null;
  }
}

/**
 * The order's PDF invoice. The token goes in the authorization header (the contract's other
 * option, `?token=`, would leave it in server and proxy logs).
 */
export async function fetchInvoice(orderId: string): Promise<Blob> {
  const { token } = getAuth();
  const headers: Record<string, string> = { accept: 'application/pdf' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/invoice`, { headers });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('application/pdf')) throw new Error(`Invoice request failed (${response.status})`);
  return response.blob();
}
