import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ProductType } from '@thalir/contracts';
import { indiaClock } from '../delivery/delivery-rules';
import type { CustomerFacts, DeliveryChargeRules, OfferRule, PricedLine, TypedCode } from './pricing';

/** An offer's columns as the pricing reads them (JSON keys), with its current uses when they are limited (counting them costs a row per use). */
export const OFFER_RULE_JSON = `json_build_object(
  'id', o.id, 'name', o.name, 'kind', o.kind, 'percentBp', o.percent_bp, 'maxDiscountPaise', o.max_discount_paise,
  'amountPaise', o.amount_paise, 'minItemsPaise', o.min_items_paise, 'productIds', o.product_ids, 'productType', o.product_type,
  'firstOrderOnly', o.first_order_only, 'validFrom', o.valid_from, 'validUntil', o.valid_until, 'maxUses', o.max_uses,
  'maxUsesPerCustomer', o.max_uses_per_customer, 'active', o.active, 'combinable', o.combinable, 'version', o.updated_at,
  'code', (SELECT c.code FROM offer_codes c WHERE c.offer_id = o.id AND NOT c.single_use),
  'uses', CASE WHEN o.max_uses IS NULL THEN 0 ELSE (SELECT count(*) FROM order_discounts d WHERE d.offer_id = o.id AND d.released_at IS NULL)::int END)`;

/**
 * Everything the pricing needs, in one round trip: the products' prices, the automatic offers that
 * may apply today and the typed code's offer, the customer's facts, and the delivery charges in force.
 * $1 product ids, $2 the typed code (upper-case), $3 India's date, $4 the buyer (null for a visitor),
 * $5 the delivery phone.
 */
const FACTS_SQL = `
WITH typed AS (
  SELECT c.code, c.offer_id, c.single_use,
    c.single_use AND EXISTS (SELECT 1 FROM order_discounts d WHERE d.code = c.code AND d.single_use AND d.released_at IS NULL) AS taken
  FROM offer_codes c WHERE c.code = $2::text
)
SELECT
  (SELECT charges FROM delivery_charge_settings ORDER BY id DESC LIMIT 1) AS charges,
  (SELECT coalesce(json_agg(json_build_object('productId', p.id, 'name', p.name, 'type', p.type, 'unitPricePaise', p.price_paise)), '[]')
     FROM products p WHERE p.id = ANY($1::uuid[])) AS products,
  (SELECT coalesce(json_agg(${OFFER_RULE_JSON}), '[]') FROM offers o
     WHERE o.active AND NOT o.uses_batch_codes AND (o.valid_until IS NULL OR o.valid_until >= $3::date)
       AND NOT EXISTS (SELECT 1 FROM offer_codes c WHERE c.offer_id = o.id)) AS automatic,
  (SELECT json_build_object('singleUse', typed.single_use, 'taken', typed.taken, 'offer', ${OFFER_RULE_JSON})
     FROM typed JOIN offers o ON o.id = typed.offer_id) AS typed,
  CASE WHEN $4::uuid IS NULL THEN true ELSE NOT EXISTS (SELECT 1 FROM orders WHERE user_id = $4::uuid AND status <> 'cancelled') END AS "firstOrder",
  (SELECT coalesce(json_object_agg(d.offer_id, d.uses), '{}') FROM (
     SELECT offer_id, count(*)::int AS uses FROM order_discounts WHERE user_id = $4::uuid AND released_at IS NULL AND offer_id IS NOT NULL GROUP BY offer_id
   ) d) AS "usesByOffer",
  $5::text IS NOT NULL AND EXISTS (SELECT 1 FROM order_discounts d WHERE d.phone = $5::text AND d.first_order AND d.released_at IS NULL) AS "phoneHadFirstOrderOffer"`;

/** An offer as loaded: the rule, and the moment it was last changed (placing checks it has not changed since). */
export type LoadedOffer = OfferRule & { version: string };

export interface PricingFacts {
  products: Map<string, Omit<PricedLine, 'quantity'>>;
  automaticOffers: LoadedOffer[];
  /** The typed code as found; null when none was typed. */
  code: (TypedCode & { offer: LoadedOffer | null }) | null;
  customer: CustomerFacts;
  charges: DeliveryChargeRules;
}

interface FactsRow {
  charges: DeliveryChargeRules;
  products: (Omit<PricedLine, 'quantity'> & { type: ProductType })[];
  automatic: LoadedOffer[];
  typed: { singleUse: boolean; taken: boolean; offer: LoadedOffer } | null;
  firstOrder: boolean;
  usesByOffer: Record<string, number>;
  phoneHadFirstOrderOffer: boolean;
}

@Injectable()
export class PricingFactsLoader {
  constructor(private readonly dataSource: DataSource) {}

  async load(request: { productIds: string[]; code: string | null; buyerId: string | null; phone: string | null; now: Date }): Promise<PricingFacts> {
    const [row] = (await this.dataSource.query(FACTS_SQL, [
      request.productIds,
      request.code,
      indiaClock(request.now).date,
      request.buyerId,
      request.phone,
    ])) as FactsRow[];
    return {
      products: new Map(row.products.map((product) => [product.productId, product])),
      automaticOffers: row.automatic,
      code:
        request.code === null
          ? null
          : { text: request.code, offer: row.typed?.offer ?? null, singleUse: row.typed?.singleUse ?? false, taken: row.typed?.taken ?? false },
      customer: {
        signedIn: request.buyerId !== null,
        firstOrder: row.firstOrder,
        usesByOffer: new Map(Object.entries(row.usesByOffer)),
        phoneHadFirstOrderOffer: row.phoneHadFirstOrderOffer,
      },
      charges: row.charges,
    };
  }
}
