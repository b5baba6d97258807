import type { CatalogueLanguage, OrderKind, OrderStatus, PaymentMethod } from '@thalir/contracts';
import type { OrderDiscountView, OrderItemView, OrderStatusChangeView, OrderWithUser } from './order.mapper';

/** An order's line with what its invoice needs besides (HSN code and GST rate as sold). */
export type OrderLineView = OrderItemView & { hsnCode: string; gstRateBp: number };

/**
 * One order with its buyer, lines, history and discounts in one statement (one round trip): what
 * GET /api/orders/:id and the invoice read on every request. Refunds, which few orders have, are
 * read only when `hasRefund` says there are some. $1 is the order id. Without runtime imports, so the
 * benchmark's bare server (tools/bench/signed-in-bare.mjs) runs the same statement.
 */
export const ORDER_READ_SQL = `
  SELECT o.id, o.user_id AS "userId", u.name AS "userName", u.email AS "userEmail", u.preferred_language AS "userLanguage",
    o.total_paise AS "totalPaise", o.delivery_fee_paise AS "deliveryFeePaise", o.delivery_discount_paise AS "deliveryDiscountPaise",
    o.payment_method AS "paymentMethod", o.address, o.status, o.is_paid AS "isPaid", o.paid_at AS "paidAt",
    o.delivery_date::text AS "deliveryDate", o.delivery_slot AS "deliverySlot", o.recipient_name AS "recipientName",
    o.recipient_phone AS "recipientPhone", o.delivery_pincode AS "deliveryPincode", o.gift_message AS "giftMessage",
    o.invoice_number AS "invoiceNumber", o.payment_due_at AS "paymentDueAt", o.confirm_due_at AS "confirmDueAt", o.created_at AS "createdAt",
    o.kind, o.subscription_id AS "subscriptionId",
    (SELECT coalesce(json_agg(json_build_object('name', i.name, 'productId', i.product_id, 'quantity', i.quantity, 'unitPricePaise', i.unit_price_paise,
        'discountPaise', i.discount_paise, 'hsnCode', i.hsn_code, 'gstRateBp', i.gst_rate_bp) ORDER BY i.position, i.id), '[]')
      FROM order_items i WHERE i.order_id = o.id) AS items,
    (SELECT coalesce(json_agg(json_build_object('status', c.status, 'changedAt', c.changed_at, 'actor', c.actor, 'changedBy', c.changed_by, 'reason', c.reason)
        ORDER BY c.changed_at, c.id), '[]')
      FROM order_status_changes c WHERE c.order_id = o.id) AS history,
    (SELECT coalesce(json_agg(json_build_object('orderId', d.order_id, 'name', d.name, 'code', d.code, 'itemsPaise', d.items_paise,
        'deliveryPaise', d.delivery_paise) ORDER BY d.id), '[]')
      FROM order_discounts d WHERE d.order_id = o.id) AS discounts,
    EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id) AS "hasRefund"
  FROM orders o JOIN users u ON u.id = o.user_id
  WHERE o.id = $1`;

/** A row of ORDER_READ_SQL as the driver answers it (timestamps inside the JSON columns are text). */
export interface OrderReadRow {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  /** The buyer's language, for the invoice's headings. */
  userLanguage: CatalogueLanguage;
  totalPaise: number;
  deliveryFeePaise: number;
  deliveryDiscountPaise: number;
  paymentMethod: PaymentMethod;
  address: string;
  status: OrderStatus;
  isPaid: boolean;
  paidAt: Date | null;
  deliveryDate: string | null;
  deliverySlot: string | null;
  recipientName: string | null;
  recipientPhone: string | null;
  deliveryPincode: string | null;
  giftMessage: string | null;
  invoiceNumber: string | null;
  paymentDueAt: Date | null;
  confirmDueAt: Date | null;
  createdAt: Date;
  kind: OrderKind;
  subscriptionId: string | null;
  items: OrderLineView[];
  history: (Omit<OrderStatusChangeView, 'changedAt'> & { changedAt: string })[];
  discounts: OrderDiscountView[];
  hasRefund: boolean;
}

/** The row in the shapes the order mapper takes. */
export function fromOrderRead(row: OrderReadRow): {
  order: OrderWithUser;
  buyerLanguage: CatalogueLanguage;
  hasRefund: boolean;
  items: OrderLineView[];
  history: OrderStatusChangeView[];
  discounts: OrderDiscountView[];
} {
  const { userId, userName, userEmail, userLanguage, items, history, discounts, hasRefund, ...order } = row;
  return {
    order: { ...order, user: { id: userId, name: userName, email: userEmail } },
    buyerLanguage: userLanguage,
    hasRefund,
    items,
    history: history.map((change) => ({ ...change, changedAt: new Date(change.changedAt) })),
    discounts,
  };
}
