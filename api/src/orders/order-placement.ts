import type { Order, OrderDelivery, PaymentMethod } from '@thalir/contracts';
import type { OutboxInsert } from '../mail/outbox';
import { financialYearOf, invoiceSeries } from '../tax/financial-year';
import type { OrderItemEntity } from './order-item.entity';
import type { OrderStatusChangeEntity } from './order-status-change.entity';
import { OrderWithUser, toOrder } from './order.mapper';
import type { StockLine } from './stock';

/** orders.total_paise is a PostgreSQL integer. */
const MAX_TOTAL_PAISE = 2_147_483_647;

/**
 * Places an order in ONE statement: checkout costs one round trip, and no row stays locked while
 * the API process is busy with something else. In the order PostgreSQL runs it:
 * 1. `buyer`: locks the buyer and counts their open orders of this payment method (online ones
 *    waiting for payment, cash ones not yet delivered: shop_open_orders_locked, migration
 *    1764700000000), refusing past the limit, and notes whether they ever had an order delivered;
 * 2. `locked`: locks the products in id order (the sort sits below the row locks), so two orders
 *    sharing products never wait on each other in a cycle;
 * 3. `taken`: takes the stock where there is enough; PostgreSQL re-checks `stock >= quantity` on the
 *    latest row version, so two buyers cannot both take the last item;
 * 4. `checked`: refuses (raises, so the whole statement rolls back) when a line was short or gone,
 *    or the total does not fit;
 * 5. `counter` → `placed`: the invoice number (the one lock every order shares, taken after the
 *    stock so it is held only for the inserts and the commit), then the order, its lines, its first
 *    history entry and its mails. A large cash order from a buyer with nothing delivered yet gets a
 *    confirmation hold (`confirm_due_at`) for the staff.
 * Each step reads the one before it, which fixes that order; the answer carries what the order's
 * JSON needs, so nothing is read back.
 */
const PLACE_ORDER_SQL = `
WITH lines AS (
  SELECT product_id, quantity, (position - 1)::int AS position
  FROM unnest($3::uuid[], $4::int[]) WITH ORDINALITY AS line(product_id, quantity, position)
), buyer AS MATERIALIZED (
  SELECT id, name, email, shop_open_orders_locked(id, $5::text) AS open_orders,
    EXISTS (SELECT 1 FROM orders WHERE user_id = $2::uuid AND status = 'delivered') AS has_delivered
  FROM users WHERE id = $2::uuid
), admitted AS MATERIALIZED (
  SELECT id, name, email, has_delivered,
    CASE WHEN open_orders >= $17::int THEN shop_refuse(CASE WHEN $5::text = 'cash' THEN 'cash ' ELSE 'unpaid ' END || open_orders) END AS refused
  FROM buyer
), locked AS MATERIALIZED (
  SELECT p.id FROM products p, admitted WHERE p.id = ANY($3::uuid[]) ORDER BY p.id FOR UPDATE OF p
), taken AS (
  UPDATE products p SET stock = p.stock - lines.quantity, updated_at = now()
  FROM locked, lines
  WHERE p.id = locked.id AND lines.product_id = p.id AND p.stock >= lines.quantity
  RETURNING p.id, p.name, p.price_paise, p.hsn_code, p.gst_rate_bp, lines.quantity, lines.position
), checked AS MATERIALIZED (
  SELECT sum(price_paise::bigint * quantity) AS total,
    CASE
      WHEN NOT EXISTS (SELECT 1 FROM admitted) THEN shop_refuse('buyer')
      WHEN count(*) < cardinality($3::uuid[]) THEN shop_refuse('stock')
      WHEN sum(price_paise::bigint * quantity) > ${MAX_TOTAL_PAISE} THEN shop_refuse('total')
      ELSE true
    END AS passed
  FROM taken
), counter AS (
  INSERT INTO invoice_counters (financial_year, last_number) SELECT $14::text, 1 FROM checked WHERE passed
  ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1
  RETURNING last_number
), placed AS (
  INSERT INTO orders (id, user_id, total_paise, payment_method, address, status, payment_due_at, confirm_due_at,
    delivery_date, delivery_slot, recipient_name, recipient_phone, delivery_pincode, gift_message, invoice_number)
  SELECT $1::uuid, $2::uuid, checked.total, $5::text, $6::text, 'pending', $7::timestamptz,
    CASE WHEN checked.total > $18::bigint AND NOT admitted.has_delivered THEN now() + $19::int * interval '1 millisecond' END,
    $8::date, $9::text, $10::text, $11::text, $12::text, $13::text, $15::text || lpad(counter.last_number::text, 6, '0')
  FROM checked, counter, admitted
  RETURNING id, created_at, updated_at, invoice_number, confirm_due_at
), items AS (
  INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position, hsn_code, gst_rate_bp)
  SELECT placed.id, taken.id, taken.name, taken.price_paise, taken.quantity, taken.position, taken.hsn_code, taken.gst_rate_bp
  FROM placed, taken
), history AS (
  INSERT INTO order_status_changes (order_id, status, actor, changed_by, reason)
  SELECT placed.id, 'pending', 'buyer', $2::uuid, NULL FROM placed
  RETURNING id, changed_at
), mails AS (
  INSERT INTO outbox_mails (kind, recipient, subject, payload)
  SELECT mail.kind, mail.recipient, mail.subject, mail.payload
  FROM placed, jsonb_to_recordset($16::jsonb) AS mail(kind text, recipient text, subject text, payload jsonb)
)
SELECT placed.created_at AS "createdAt", placed.updated_at AS "updatedAt", placed.invoice_number AS "invoiceNumber", placed.confirm_due_at AS "confirmDueAt",
  admitted.name AS "buyerName", admitted.email AS "buyerEmail", history.id AS "historyId", history.changed_at AS "changedAt",
  (SELECT json_agg(json_build_object('productId', id, 'name', name, 'unitPricePaise', price_paise, 'quantity', quantity,
     'position', position, 'hsnCode', hsn_code, 'gstRateBp', gst_rate_bp) ORDER BY position) FROM taken) AS items
FROM placed, admitted, history`;

export interface Placement {
  orderId: string;
  buyerId: string;
  /** Merged lines, in the customer's order. */
  lines: StockLine[];
  paymentMethod: PaymentMethod;
  address: string;
  paymentDueAt: Date | null;
  delivery: OrderDelivery;
  /** Open orders of this payment method the buyer may already have (waiting for payment, or cash not yet delivered). */
  maxOpenOrders: number;
  /** Above this total, an order from a buyer with nothing delivered yet waits for staff; null: never (online orders). */
  confirmAbovePaise: number | null;
  confirmHoldMs: number;
  mails: OutboxInsert[];
  now: Date;
}

export interface PlacedItem {
  productId: string;
  name: string;
  unitPricePaise: number;
  quantity: number;
  position: number;
  hsnCode: string;
  gstRateBp: number;
}

export interface PlacedRow {
  createdAt: Date;
  updatedAt: Date;
  invoiceNumber: string;
  confirmDueAt: Date | null;
  buyerName: string;
  buyerEmail: string;
  historyId: string;
  changedAt: Date;
  items: PlacedItem[];
}

/** Named, the statement is parsed and planned once per connection rather than once per order. */
export function placeOrderQuery(placement: Placement, prepared: boolean) {
  const financialYear = financialYearOf(placement.now);
  const { delivery } = placement;
  return {
    ...(prepared ? { name: 'shop-place-order' } : {}),
    text: PLACE_ORDER_SQL,
    values: [
      placement.orderId,
      placement.buyerId,
      placement.lines.map((line) => line.productId),
      placement.lines.map((line) => line.quantity),
      placement.paymentMethod,
      placement.address,
      placement.paymentDueAt,
      delivery.date,
      delivery.slot,
      delivery.recipientName,
      delivery.recipientPhone,
      delivery.pincode,
      delivery.giftMessage,
      financialYear,
      invoiceSeries(financialYear),
      JSON.stringify(placement.mails),
      placement.maxOpenOrders,
      placement.confirmAbovePaise,
      placement.confirmHoldMs,
    ],
  };
}

/** Why the statement refused to place the order (shop_refuse's "shop:<reason>"), or null for other errors. */
export type Refusal = { kind: 'buyer' } | { kind: 'stock' } | { kind: 'total' } | { kind: 'unpaid' | 'cash'; open: number };

export function refusalOf(error: unknown): Refusal | null {
  const { code, message } = error as { code?: string; message?: string };
  if (code !== 'P0001' || typeof message !== 'string' || !message.startsWith('shop:')) return null;
  const [kind, detail] = message.slice('shop:'.length).split(' ');
  if (kind === 'buyer' || kind === 'stock' || kind === 'total') return { kind };
  if (kind === 'unpaid' || kind === 'cash') return { kind, open: Number(detail) };
  return null;
}

/** The placed order's JSON from what the statement answered and what was asked: no read-back. */
export function placedOrder(placement: Placement, row: PlacedRow): Order {
  const { delivery } = placement;
  const order = {
    id: placement.orderId,
    userId: placement.buyerId,
    user: { id: placement.buyerId, name: row.buyerName, email: row.buyerEmail },
    totalPaise: row.items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0),
    paymentMethod: placement.paymentMethod,
    address: placement.address,
    status: 'pending',
    isPaid: false,
    paidAt: null,
    razorpayOrderId: null,
    razorpayPaymentId: null,
    deliveryDate: delivery.date,
    deliverySlot: delivery.slot,
    recipientName: delivery.recipientName,
    recipientPhone: delivery.recipientPhone,
    deliveryPincode: delivery.pincode,
    giftMessage: delivery.giftMessage,
    invoiceNumber: row.invoiceNumber,
    paymentDueAt: placement.paymentDueAt,
    confirmDueAt: row.confirmDueAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  } as OrderWithUser;
  const items = row.items.map((item) => ({ ...item, orderId: placement.orderId }) as unknown as OrderItemEntity);
  const history = [
    { id: row.historyId, orderId: placement.orderId, status: 'pending', actor: 'buyer', changedBy: placement.buyerId, reason: null, changedAt: row.changedAt },
  ] as OrderStatusChangeEntity[];
  return toOrder(order, items, history, null);
}
