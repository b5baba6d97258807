import type { EntityManager } from 'typeorm';
import { financialYearOf, invoiceSeries } from '../tax/financial-year';
import { MAX_ORDER_TOTAL_PAISE, type PlacementPlan, PlacementRefused, REASONS } from './order-lifecycle';

/**
 * The orders of a subscription (docs/subscriptions.md): a pack of prepaid deliveries, paid online
 * like any order, and each delivery, made from a credit at its cut-off. Both are placed by one
 * statement each, inside the caller's transaction.
 */

/**
 * A pack: one line without a product ("Daily pooja basket: 7 deliveries" at the price of one
 * delivery), no delivery date and no stock, held for payment like an online order (the plan's
 * unpaid-orders limit and payment window). It takes an invoice number, as a sale. The line carries
 * the HSN code and GST rate of the plan's product with the highest rate: a mixed supply is taxed at
 * its highest rate.
 */
const PLACE_PACK_SQL = `
WITH buyer AS MATERIALIZED (
  SELECT shop_open_orders_locked($2::uuid, 'razorpay') AS open_orders
), tax AS (
  SELECT coalesce((SELECT pr.hsn_code FROM subscription_plan_items i JOIN products pr ON pr.id = i.product_id
      WHERE i.plan_id = $4::uuid ORDER BY pr.gst_rate_bp DESC, i.position LIMIT 1), '0603') AS hsn_code,
    coalesce((SELECT max(pr.gst_rate_bp) FROM subscription_plan_items i JOIN products pr ON pr.id = i.product_id WHERE i.plan_id = $4::uuid), 0) AS gst_rate_bp
), counter AS (
  INSERT INTO invoice_counters (financial_year, last_number) SELECT $10::text, 1 FROM buyer WHERE buyer.open_orders < $13::int
  ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1
  RETURNING last_number
), placed AS (
  INSERT INTO orders (id, user_id, kind, subscription_id, total_paise, payment_method, address, status, payment_due_at,
    recipient_name, recipient_phone, delivery_pincode, invoice_number)
  SELECT $1::uuid, $2::uuid, 'subscription-pack', $3::uuid, $5::int * $6::int, 'razorpay', $7::text, 'pending', $12::timestamptz,
    $8::text, $9::text, $14::text, $11::text || lpad(counter.last_number::text, 6, '0')
  FROM counter
  RETURNING id
), line AS (
  INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position, hsn_code, gst_rate_bp, discount_paise)
  SELECT placed.id, NULL, $15::text, $5::int, $6::int, 0, tax.hsn_code, tax.gst_rate_bp, 0 FROM placed, tax
), history AS (
  INSERT INTO order_status_changes (order_id, status, actor, changed_by, reason) SELECT placed.id, 'pending', 'buyer', $2::uuid, NULL FROM placed
), pack AS (
  INSERT INTO subscription_packs (subscription_id, order_id, deliveries, price_paise) SELECT $3::uuid, placed.id, $6::int, $5::int FROM placed
)
SELECT buyer.open_orders AS "openOrders", (SELECT count(*) FROM placed)::int = 1 AS placed FROM buyer`;

export interface PackPlacement {
  orderId: string;
  buyerId: string;
  subscriptionId: string;
  planId: string;
  planName: string;
  pricePaise: number;
  deliveries: number;
  address: string;
  recipientName: string;
  recipientPhone: string;
  pincode: string;
  plan: PlacementPlan;
  now: Date;
}

/** The name of a pack's line on its order and invoice. */
export const packLineName = (planName: string, deliveries: number) => `${planName}: ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}`;

/** Places the pack's order, or throws PlacementRefused (too many orders waiting for payment, an erased buyer, a total too large). */
export async function placePackOrder(manager: EntityManager, pack: PackPlacement): Promise<void> {
  if (pack.pricePaise * pack.deliveries > Math.min(pack.plan.maxTotalPaise, MAX_ORDER_TOTAL_PAISE)) throw new PlacementRefused({ kind: 'too-large' });
  const financialYear = financialYearOf(pack.now);
  const [answer] = (await manager.query(PLACE_PACK_SQL, [
    pack.orderId,
    pack.buyerId,
    pack.subscriptionId,
    pack.planId,
    pack.pricePaise,
    pack.deliveries,
    pack.address,
    pack.recipientName,
    pack.recipientPhone,
    financialYear,
    invoiceSeries(financialYear),
    pack.plan.paymentDueAt,
    pack.plan.maxOpenOrders,
    pack.pincode,
    packLineName(pack.planName, pack.deliveries),
  ])) as { openOrders: number | null; placed: boolean }[];
  if (answer.placed) return;
  if (answer.openOrders === null) throw new PlacementRefused({ kind: 'signed-out' });
  throw new PlacementRefused({ kind: 'open-orders', paymentMethod: 'razorpay', open: answer.openOrders });
}

/**
 * Due deliveries into orders, for a set of claimed rows (at most one per subscription, locked by the
 * caller): each row with a credit left becomes an order of kind 'subscription-delivery' (its plan's
 * products at no price, paid from the credit of the oldest pack with one left, placed pending in the
 * day's run), all of their stock taken at once or none; a row without a credit is marked
 * 'no-credit'. When the stock of them all is not there, nothing of theirs is written and `stockShort`
 * says so: the caller then goes one row at a time. A pack whose last credit is used is named, for
 * the caller to move its order on. A row that already has its order (which the
 * database allows once per subscription and day) is only marked. Answers the rows made, with the
 * credits then left, for the mails.
 */
const MAKE_DELIVERIES_SQL = `
WITH batch AS MATERIALIZED (
  SELECT d.subscription_id, d.delivery_date, d.slot, d.address, d.pincode, d.recipient_name, d.recipient_phone, s.user_id, s.plan_id,
    (SELECT o.id FROM orders o WHERE o.subscription_id = d.subscription_id AND o.delivery_date = d.delivery_date AND o.kind = 'subscription-delivery') AS existing_order,
    (SELECT k.id FROM subscription_packs k WHERE k.subscription_id = d.subscription_id AND k.paid_at IS NOT NULL AND k.used + k.refunded < k.deliveries
      ORDER BY k.paid_at, k.id LIMIT 1) AS pack_id,
    (SELECT coalesce(sum(k.deliveries - k.used - k.refunded), 0)::int FROM subscription_packs k
      WHERE k.subscription_id = d.subscription_id AND k.paid_at IS NOT NULL) AS credits_left
  FROM unnest($1::uuid[], $2::date[]) AS claimed(subscription_id, delivery_date)
  JOIN subscription_deliveries d ON d.subscription_id = claimed.subscription_id AND d.delivery_date = claimed.delivery_date AND d.status = 'scheduled'
  JOIN subscriptions s ON s.id = d.subscription_id
), to_make AS MATERIALIZED (
  SELECT batch.*, gen_random_uuid() AS order_id FROM batch WHERE pack_id IS NOT NULL AND existing_order IS NULL
), demand AS MATERIALIZED (
  SELECT i.product_id, sum(i.quantity)::int AS quantity FROM to_make JOIN subscription_plan_items i ON i.plan_id = to_make.plan_id GROUP BY i.product_id
), taken AS MATERIALIZED (
  SELECT * FROM shop_take_stock(
    (SELECT coalesce(array_agg(product_id ORDER BY product_id), '{}') FROM demand),
    (SELECT coalesce(array_agg(quantity ORDER BY product_id), '{}') FROM demand),
    ${Number.MAX_SAFE_INTEGER}::bigint)
), go AS MATERIALIZED (
  SELECT NOT EXISTS (SELECT 1 FROM demand) OR coalesce(bool_and(taken.taken), false) AS go FROM taken
), placed AS (
  INSERT INTO orders (id, user_id, kind, subscription_id, total_paise, payment_method, is_paid, paid_at, address, status,
    delivery_date, delivery_slot, recipient_name, recipient_phone, delivery_pincode)
  SELECT to_make.order_id, to_make.user_id, 'subscription-delivery', to_make.subscription_id, 0, 'razorpay', true, now(), to_make.address, 'pending',
    to_make.delivery_date, to_make.slot, to_make.recipient_name, to_make.recipient_phone, to_make.pincode
  FROM to_make, go WHERE go.go
), lines AS (
  INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, position, hsn_code, gst_rate_bp, discount_paise)
  SELECT to_make.order_id, i.product_id, pr.name, 0, i.quantity, i.position, pr.hsn_code, pr.gst_rate_bp, 0
  FROM to_make JOIN go ON go.go JOIN subscription_plan_items i ON i.plan_id = to_make.plan_id JOIN products pr ON pr.id = i.product_id
), history AS (
  INSERT INTO order_status_changes (order_id, status, actor, changed_by, reason)
  SELECT to_make.order_id, 'pending', 'system', NULL, '${REASONS.subscriptionDelivery}' FROM to_make, go WHERE go.go
), used AS (
  UPDATE subscription_packs k SET used = k.used + 1 FROM to_make, go WHERE go.go AND k.id = to_make.pack_id
  RETURNING k.order_id, k.used + k.refunded = k.deliveries AS used_up
), marked AS (
  UPDATE subscription_deliveries d
  SET status = CASE WHEN batch.existing_order IS NOT NULL OR batch.pack_id IS NOT NULL THEN 'ordered' ELSE 'no-credit' END,
    order_id = coalesce(batch.existing_order, to_make.order_id),
    pack_id = to_make.pack_id,
    note = CASE WHEN batch.existing_order IS NULL AND batch.pack_id IS NULL THEN 'No deliveries were left on the subscription; buy more to go on' END,
    updated_at = now()
  FROM batch LEFT JOIN to_make ON to_make.subscription_id = batch.subscription_id, go
  WHERE d.subscription_id = batch.subscription_id AND d.delivery_date = batch.delivery_date AND (go.go OR batch.pack_id IS NULL OR batch.existing_order IS NOT NULL)
)
SELECT (SELECT go FROM go) AS go,
  (SELECT coalesce(json_agg(json_build_object('subscriptionId', to_make.subscription_id, 'date', to_make.delivery_date, 'userId', to_make.user_id,
      'creditsLeft', to_make.credits_left - 1)), '[]') FROM to_make, go WHERE go.go) AS made,
  (SELECT coalesce(array_agg(order_id), '{}') FROM used WHERE used_up) AS "usedUpPacks"`;

export interface MadeDelivery {
  subscriptionId: string;
  date: string;
  userId: string;
  /** After this delivery's credit. */
  creditsLeft: number;
}

/**
 * Makes the claimed rows' orders (see MAKE_DELIVERIES_SQL); `stockShort` when nothing of theirs could
 * be made for want of stock; `usedUpPacks`: the orders of the packs whose last credit was just used.
 */
export async function makeDeliveryOrders(
  manager: EntityManager,
  rows: readonly { subscriptionId: string; date: string }[],
): Promise<{ stockShort: boolean; made: MadeDelivery[]; usedUpPacks: string[] }> {
  const [answer] = (await manager.query(MAKE_DELIVERIES_SQL, [rows.map((row) => row.subscriptionId), rows.map((row) => row.date)])) as {
    go: boolean;
    made: MadeDelivery[];
    usedUpPacks: string[];
  }[];
  return { stockShort: !answer.go, made: answer.made, usedUpPacks: answer.usedUpPacks };
}
