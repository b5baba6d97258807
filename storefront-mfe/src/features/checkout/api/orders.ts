import { api } from '@thalir/api-client';
import type { CreateOrderRequest, DeliveryOptions, Order, UserPublic } from '@thalir/contracts';

export function placeOrder(request: CreateOrderRequest): Promise<Order> {
  return api.post<Order>('/api/orders', request);
}

export function fetchProfile(signal?: AbortSignal): Promise<UserPublic> {
  return api.get<UserPublic>('/api/users/profile', signal);
}

export function fetchOrder(orderId: string): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(orderId)}`);
}

export function fetchDeliveryOptions(pincode: string | null, signal?: AbortSignal): Promise<DeliveryOptions> {
  return api.get<DeliveryOptions>(`/api/delivery/options${pincode ? `?pincode=${encodeURIComponent(pincode)}` : ''}`, signal);
}
