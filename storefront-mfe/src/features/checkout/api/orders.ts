import { api } from '@thalir/api-client';
import type { CreateOrderRequest, Order, UserPublic } from '@thalir/contracts';

export function placeOrder(request: CreateOrderRequest): Promise<Order> {
  return api.post<Order>('/api/orders', request);
}

export function fetchProfile(signal?: AbortSignal): Promise<UserPublic> {
  return api.get<UserPublic>('/api/users/profile', signal);
}

export function fetchOrder(orderId: string): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(orderId)}`);
}
