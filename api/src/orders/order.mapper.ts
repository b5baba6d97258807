import type { Order, OrderRefund } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import type { OrderItemEntity } from './order-item.entity';
import type { OrderStatusChangeEntity } from './order-status-change.entity';
import type { OrderEntity } from './order.entity';

/** An order with its buyer (id, name, email are enough): a loaded entity, or what placing it answered. */
export type OrderWithUser = Omit<OrderEntity, 'user' | 'userId' | 'items' | 'statusHistory' | 'razorpayOrderId' | 'razorpayPaymentId' | 'updatedAt'> & {
  user: Pick<OrderEntity['user'], 'id' | 'name' | 'email'>;
};

export type OrderItemView = Pick<OrderItemEntity, 'name' | 'productId' | 'quantity' | 'unitPricePaise' | 'discountPaise'>;

/** A discount as the order recorded it when placed. */
export interface OrderDiscountView {
  orderId: string;
  name: string;
  code: string | null;
  itemsPaise: number;
  deliveryPaise: number;
}
export type OrderStatusChangeView = Pick<OrderStatusChangeEntity, 'status' | 'changedAt' | 'actor' | 'changedBy' | 'reason'>;

export function toOrder(
  order: OrderWithUser,
  items: readonly OrderItemView[],
  history: readonly OrderStatusChangeView[],
  refund: OrderRefund | null,
  discounts: readonly OrderDiscountView[],
): Order {
  const awaitingPayment = order.status === 'pending' && order.paymentMethod === 'razorpay' && !order.isPaid;
  return {
    _id: order.id,
    orderItems: items.map((item) => ({
      name: item.name,
      // A deleted product leaves its line behind without a product id; the contract's field is a string.
      product: item.productId ?? '',
      quantity: item.quantity,
      price: paiseToRupees(item.unitPricePaise),
      discount: paiseToRupees(item.discountPaise),
    })),
    totalAmount: paiseToRupees(order.totalPaise),
    paymentMethod: order.paymentMethod,
    address: order.address,
    status: order.status,
    isPaid: order.isPaid,
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    createdAt: order.createdAt.toISOString(),
    user: { _id: order.user.id, name: order.user.name, email: order.user.email },
    statusHistory: history.map((change) => ({
      status: change.status,
      at: change.changedAt.toISOString(),
      by: change.actor,
      ...(change.actor === 'admin' && change.changedBy ? { adminId: change.changedBy } : {}),
      reason: change.reason,
    })),
    paymentDueBy: awaitingPayment && order.paymentDueAt ? order.paymentDueAt.toISOString() : null,
    confirmationDueBy: order.status === 'pending' && order.confirmDueAt ? order.confirmDueAt.toISOString() : null,
    refund,
    delivery:
      order.deliveryDate && order.deliverySlot
        ? {
            date: order.deliveryDate,
            slot: order.deliverySlot,
            recipientName: order.recipientName ?? order.user.name,
            recipientPhone: order.recipientPhone,
            pincode: order.deliveryPincode,
            giftMessage: order.giftMessage,
          }
        : null,
    invoiceNumber: order.invoiceNumber,
    deliveryFee: paiseToRupees(order.deliveryFeePaise),
    discounts: discounts.map((discount) => ({
      name: discount.name,
      ...(discount.code ? { code: discount.code } : {}),
      amount: paiseToRupees(discount.itemsPaise + discount.deliveryPaise),
    })),
    ...(order.kind !== 'shop' && order.subscriptionId ? { subscriptionId: order.subscriptionId, kind: order.kind } : {}),
  };
}
