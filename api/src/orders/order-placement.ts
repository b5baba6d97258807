import type { Order, OrderDelivery } from '@thalir/contracts';
import { type OutboxInsert, outboxRowsSql } from '../mail/outbox';
import { financialYearOf, invoiceSeries } from '../tax/financial-year';
import type { LoadedOffer } from '../pricing/pricing-facts';
import type { Breakdown } from '../pricing/pricing';
import type { OfferCheckFact, PlacementPlan, PlacementRequest, StockFact } from './order-lifecycle';
import { type OrderWithUser, toOrder } from './order.mapper';

/**
 * Carries out a placing (planned by `planPlacement` in order-lifecycle.ts) in ONE statement:
 * checkout costs one round trip, and no row stays locked while the API process is busy with
 * something else. In the order PostgreSQL runs it:
 * 1. `buyer`: locks the buyer and counts their open orders of this payment method (online ones
 *    waiting for payment, cash ones not yet delivered: shop_open_orders_locked), and notes whether
 *    they ever had an order delivered;
 * 2. `offers_check`: within the plan's open-orders limit, locks the offers the pricing applied and
 *    checks what other orders can change about them (shop_check_offers: uses, a single-use code, a
 *    first order by account and by phone);
 * 3. `taken`: when they hold, the stock rule (shop_take_stock) takes every line or none, at the
 *    prices the order was priced at, and answers each line as it found it;
 * 4. `priced`: only when every line was taken, the order's total: items − discounts + delivery;
 * 5. `counter` → `placed`: the invoice number (the one lock every order shares, taken after the
 *    stock so it is held only for the inserts and the commit), then the order (with the plan's holds
 *    and its delivery charge), its lines with their discount shares, its discounts (the offers'
 *    uses), its first history entry and its mails (each in its recipient's language, outbox.ts).
 * Nothing is written unless every line was taken, so nothing needs undoing. The answer is one row:
 * the facts the statement saw (for `refusalFromFacts`) and, when placed, what the order's JSON
 * needs, so nothing is read back.
 */
const PLACE_ORDER_SQL = `
WITH buyer AS MATERIALIZED (
  SELECT id, name, email, shop_open_orders_locked(id, $5::text) AS open_orders,
    EXISTS (SELECT 1 FROM orders WHERE user_id = $2::uuid AND status = 'delivered') AS has_delivered
  FROM users WHERE id = $2::uuid
), offers_check AS MATERIALIZED (
  SELECT shop_check_offers($21::jsonb, buyer.id, $11::text) AS refusal FROM buyer WHERE buyer.open_orders < $17::int
), go AS MATERIALIZED (
  SELECT EXISTS (SELECT 1 FROM offers_check WHERE refusal IS NULL) AS go
), taken AS MATERIALIZED (
  SELECT line.* FROM go, LATERAL shop_take_stock(
    CASE WHEN go.go THEN $3::uuid[] ELSE '{}' END,
    CASE WHEN go.go THEN $4::int[] ELSE '{}' END,
    $18::bigint,
    CASE WHEN go.go THEN $22::int[] ELSE '{}' END) AS line
), priced AS MATERIALIZED (
  SELECT sum(price_paise::bigint * quantity) - $23::bigint + $24::bigint - $25::bigint AS total FROM taken HAVING bool_and(taken)
), counter AS (
  INSERT INTO invoice_counters (financial_year, last_number) SELECT $14::text, 1 FROM priced
  ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1
  RETURNING last_number
), placed AS (
  INSERT INTO orders (id, user_id, total_paise, payment_method, address, status, payment_due_at, confirm_due_at,
    delivery_date, delivery_slot, recipient_name, recipient_phone, delivery_pincode, gift_message, invoice_number, delivery_fee_paise, delivery_discount_paise)
  SELECT $1::uuid, $2::uuid, priced.total, $5::text, $6::text, 'pending', $7::timestamptz,
    CASE WHEN priced.total > $19::bigint AND NOT buyer.has_delivered THEN $20::timestamptz END,
    $8::date, $9::text, $10::text, $11::text, $12::text, $13::text, $15::text || lpad(counter.last_number::text, 6, '0'), $24::int, $25::int
  FROM priced, counter, buyer
  RETURNING id, created_at, invoice_number, confirm_due_at
), items AS (
  INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position, hsn_code, gst_rate_bp, discount_paise)
  SELECT placed.id, taken.product_id, taken.name, taken.price_paise, taken.quantity, taken.position, taken.hsn_code, taken.gst_rate_bp, ($26::int[])[taken.position + 1]
  FROM placed, taken
), discounts AS (
  INSERT INTO order_discounts (order_id, offer_id, user_id, name, code, single_use, items_paise, delivery_paise, first_order, phone)
  SELECT placed.id, claim."offerId", $2::uuid, claim.name, claim.code, claim."singleUse", claim."itemsPaise", claim."deliveryPaise", claim."firstOrder", $11::text
  FROM placed, jsonb_to_recordset($21::jsonb)
    AS claim("offerId" uuid, name text, code text, "singleUse" boolean, "itemsPaise" int, "deliveryPaise" int, "firstOrder" boolean)
), history AS (
  INSERT INTO order_status_changes (order_id, status, actor, changed_by, reason)
  SELECT placed.id, 'pending', 'buyer', $2::uuid, NULL FROM placed
  RETURNING changed_at
), mails AS (
  INSERT INTO outbox_mails (kind, recipient, subject, payload)
  ${outboxRowsSql('$16::jsonb', 'placed')}
)
SELECT buyer.open_orders AS "openOrders", buyer.name AS "buyerName", buyer.email AS "buyerEmail", offers_check.refusal AS "offerRefusal",
  (SELECT json_agg(json_build_object('productId', product_id, 'name', name, 'stock', stock, 'quantity', quantity, 'unitPricePaise', price_paise)
     ORDER BY position) FROM taken) AS lines,
  placed.created_at AS "createdAt", placed.invoice_number AS "invoiceNumber", placed.confirm_due_at AS "confirmDueAt", history.changed_at AS "changedAt"
FROM (SELECT 1) AS answer LEFT JOIN buyer ON true LEFT JOIN offers_check ON true LEFT JOIN placed ON true LEFT JOIN history ON true`;

export interface Placement {
  orderId: string;
  buyerId: string;
  request: PlacementRequest;
  plan: PlacementPlan;
  address: string;
  delivery: OrderDelivery;
  mails: OutboxInsert[];
  /** The price worked out for `request.lines`, in their order. */
  priced: Breakdown;
  now: Date;
}

/** A line as the statement answers it: what the stock rule found, and the price it was sold at. */
export interface PlacedLine extends StockFact {
  unitPricePaise: number | null;
}

/** The statement's one row. The order fields are null when nothing was placed. */
export interface PlacementAnswer {
  /** Null when the buyer's account no longer exists. */
  openOrders: number | null;
  buyerName: string | null;
  buyerEmail: string | null;
  /** Why an offer the order claimed could not be used; null when they all could (or none was checked). */
  offerRefusal: OfferCheckFact | null;
  /** Null when the open-orders limit stopped the placing before any stock was looked at. */
  lines: PlacedLine[] | null;
  createdAt: Date | null;
  invoiceNumber: string | null;
  confirmDueAt: Date | null;
  changedAt: Date | null;
}

/** Named, the statement is parsed and planned once per connection rather than once per order. */
export function placeOrderQuery(placement: Placement, prepared: boolean) {
  const financialYear = financialYearOf(placement.now);
  const { delivery, plan, request, priced } = placement;
  const claims = priced.applied.map((entry) => ({
    offerId: entry.offer.id,
    version: (entry.offer as LoadedOffer).version,
    // As priced; an offer changed since fails the version check whatever lock it was given.
    limited: entry.offer.maxUses !== null,
    name: entry.offer.name,
    code: entry.code,
    singleUse: entry.singleUse,
    itemsPaise: entry.itemsPaise,
    deliveryPaise: entry.deliveryPaise,
    firstOrder: entry.offer.firstOrderOnly,
  }));
  return {
    ...(prepared ? { name: 'shop-place-order' } : {}),
    text: PLACE_ORDER_SQL,
    values: [
      placement.orderId,
      placement.buyerId,
      request.lines.map((line) => line.productId),
      request.lines.map((line) => line.quantity),
      request.paymentMethod,
      placement.address,
      plan.paymentDueAt,
      delivery.date,
      delivery.slot,
      delivery.recipientName,
      delivery.recipientPhone,
      delivery.pincode,
      delivery.giftMessage,
      financialYear,
      invoiceSeries(financialYear),
      JSON.stringify(placement.mails),
      plan.maxOpenOrders,
      plan.maxTotalPaise,
      plan.confirmation?.abovePaise ?? null,
      plan.confirmation?.until ?? null,
      JSON.stringify(claims),
      priced.lines.map((line) => line.unitPricePaise),
      priced.lines.reduce((sum, line) => sum + line.discountPaise, 0),
      priced.deliveryFeePaise,
      priced.deliveryDiscountPaise,
      priced.lines.map((line) => line.discountPaise),
    ],
  };
}

/** The answer of a placing that placed the order: every line found and taken. */
export type PlacedAnswer = Omit<PlacementAnswer, 'createdAt' | 'changedAt' | 'lines'> & {
  createdAt: Date;
  changedAt: Date;
  lines: (PlacedLine & { name: string; unitPricePaise: number })[];
};

export function wasPlaced(answer: PlacementAnswer): answer is PlacedAnswer {
  return answer.createdAt !== null;
}

/** The placed order's JSON from what the statement answered and what was asked: no read-back. */
export function placedOrder(placement: Placement, answer: PlacedAnswer): Order {
  const { delivery, priced } = placement;
  const items = answer.lines.map((line, index) => ({
    name: line.name,
    productId: line.productId,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    discountPaise: priced.lines[index].discountPaise,
  }));
  const order: OrderWithUser = {
    id: placement.orderId,
    user: { id: placement.buyerId, name: answer.buyerName!, email: answer.buyerEmail! },
    totalPaise: priced.totalPaise,
    deliveryFeePaise: priced.deliveryFeePaise,
    deliveryDiscountPaise: priced.deliveryDiscountPaise,
    paymentMethod: placement.request.paymentMethod,
    address: placement.address,
    status: 'pending',
    isPaid: false,
    paidAt: null,
    deliveryDate: delivery.date,
    deliverySlot: delivery.slot,
    recipientName: delivery.recipientName,
    recipientPhone: delivery.recipientPhone,
    deliveryPincode: delivery.pincode,
    giftMessage: delivery.giftMessage,
    invoiceNumber: answer.invoiceNumber,
    paymentDueAt: placement.plan.paymentDueAt,
    confirmDueAt: answer.confirmDueAt,
    createdAt: answer.createdAt,
    kind: 'shop',
    subscriptionId: null,
  };
  const history = [{ status: 'pending' as const, actor: 'buyer' as const, changedBy: placement.buyerId, reason: null, changedAt: answer.changedAt }];
  const discounts = priced.applied.map((entry) => ({
    orderId: placement.orderId,
    name: entry.offer.name,
    code: entry.code,
    itemsPaise: entry.itemsPaise,
    deliveryPaise: entry.deliveryPaise,
  }));
  return toOrder(order, items, history, null, discounts);
}
