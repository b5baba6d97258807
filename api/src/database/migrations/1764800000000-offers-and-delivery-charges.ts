import { MigrationInterface, QueryRunner } from 'typeorm';
import { TAKE_STOCK_SQL } from './1764700000001-one-stock-rule';

/**
 * Offers and delivery charges:
 * - `offers`: what staff set up; `offer_codes` holds every code customers can type, upper-case: an
 *   offer's own (shared) code and its single-use batch codes;
 * - `order_discounts`: an order's discounts as placed (name and code frozen), one row per offer used;
 *   a row that is not `released` is a use of its offer (cancelling the order releases it);
 * - `order_items.discount_paise`: each line's frozen share of the order's discounts;
 * - `orders.delivery_fee_paise` / `delivery_discount_paise`: the delivery charge and what a
 *   free-delivery offer took off it;
 * - `delivery_charge_settings`: every version of the delivery charges (paise), with who saved it and
 *   when; the latest is in force. The first version charges nothing, as the shop did before;
 * - `shop_check_offers` checks, under locks, what concurrent orders can change about the offers an
 *   order claims (uses in all and per customer, a single-use code, a first order by account and by
 *   phone), and answers the first refusal as a fact ({kind, offerId}) or null. Only what has a limit
 *   is taken in turn: orders using an offer without one do not wait for each other;
 * - `shop_take_stock` gains `expected_prices`: the prices the order was priced at; a product whose
 *   price changed since is not taken (so a discount is never worked out on a stale price).
 */
export class OffersAndDeliveryCharges1764800000000 implements MigrationInterface {
  name = 'OffersAndDeliveryCharges1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('percent', 'amount', 'free-delivery')),
        percent_bp integer CHECK (percent_bp BETWEEN 1 AND 10000),
        max_discount_paise integer CHECK (max_discount_paise > 0),
        amount_paise integer CHECK (amount_paise > 0),
        min_items_paise integer CHECK (min_items_paise >= 0),
        product_ids uuid[] NOT NULL DEFAULT '{}',
        product_type varchar(16),
        first_order_only boolean NOT NULL DEFAULT false,
        valid_from date,
        valid_until date,
        max_uses integer CHECK (max_uses > 0),
        max_uses_per_customer integer CHECK (max_uses_per_customer > 0),
        active boolean NOT NULL DEFAULT true,
        combinable boolean NOT NULL DEFAULT false,
        uses_batch_codes boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (valid_until IS NULL OR valid_from IS NULL OR valid_until >= valid_from),
        CHECK ((kind = 'percent') = (percent_bp IS NOT NULL) AND (kind = 'amount') = (amount_paise IS NOT NULL))
      )`);
    await queryRunner.query(`
      CREATE TABLE offer_codes (
        code varchar(40) PRIMARY KEY CHECK (code = upper(code)),
        offer_id uuid NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
        single_use boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX offer_codes_offer_idx ON offer_codes (offer_id)`);
    await queryRunner.query(`CREATE UNIQUE INDEX offer_codes_shared_idx ON offer_codes (offer_id) WHERE NOT single_use`);

    await queryRunner.query(`
      CREATE TABLE order_discounts (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        offer_id uuid REFERENCES offers(id) ON DELETE SET NULL,
        user_id uuid NOT NULL,
        name varchar(120) NOT NULL,
        code varchar(40),
        single_use boolean NOT NULL DEFAULT false,
        items_paise integer NOT NULL CHECK (items_paise >= 0),
        delivery_paise integer NOT NULL CHECK (delivery_paise >= 0),
        first_order boolean NOT NULL DEFAULT false,
        phone varchar(16),
        released_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX order_discounts_order_idx ON order_discounts (order_id)`);
    await queryRunner.query(`CREATE INDEX order_discounts_offer_idx ON order_discounts (offer_id, user_id) WHERE released_at IS NULL`);
    // The pricing reads a customer's uses of every offer on each order.
    await queryRunner.query(`CREATE INDEX order_discounts_user_idx ON order_discounts (user_id) WHERE released_at IS NULL`);
    await queryRunner.query(`CREATE INDEX order_discounts_phone_idx ON order_discounts (phone) WHERE first_order AND released_at IS NULL`);
    // A single-use code holds at most one use, whatever the code does.
    await queryRunner.query(`CREATE UNIQUE INDEX order_discounts_single_use_idx ON order_discounts (code) WHERE single_use AND released_at IS NULL`);

    await queryRunner.query(`ALTER TABLE order_items ADD COLUMN discount_paise integer NOT NULL DEFAULT 0 CHECK (discount_paise >= 0)`);
    await queryRunner.query(`
      ALTER TABLE orders
        ADD COLUMN delivery_fee_paise integer NOT NULL DEFAULT 0 CHECK (delivery_fee_paise >= 0),
        ADD COLUMN delivery_discount_paise integer NOT NULL DEFAULT 0 CHECK (delivery_discount_paise BETWEEN 0 AND delivery_fee_paise)`);

    await queryRunner.query(`
      CREATE TABLE delivery_charge_settings (
        id bigserial PRIMARY KEY,
        charges jsonb NOT NULL,
        changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      INSERT INTO delivery_charge_settings (charges) VALUES
        ('{"defaultZone": {"name": "Everywhere else", "pincodePrefixes": [], "feePaise": 0, "freeAbovePaise": null}, "zones": [], "slotSurchargesPaise": {}}')`);

    await queryRunner.query(`
      CREATE FUNCTION shop_check_offers(claims jsonb, buyer uuid, buyer_phone text) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        claim jsonb;
        offer offers%ROWTYPE;
        today date := (now() AT TIME ZONE 'Asia/Kolkata')::date;
      BEGIN
        IF jsonb_array_length(claims) = 0 THEN RETURN NULL; END IF;
        -- Placings that claim an offer with a limit in all take turns on its row, and each counts the
        -- uses after the one before committed (every query below takes a new snapshot). Placings of an
        -- offer without one run side by side: it is read, not locked (a change staff make while an order
        -- is being placed applies from the next order). A single-use code is taken in turn on its own row.
        PERFORM 1 FROM offers WHERE id IN (SELECT (c->>'offerId')::uuid FROM jsonb_array_elements(claims) c WHERE (c->>'limited')::boolean)
          ORDER BY id FOR UPDATE;
        PERFORM 1 FROM offer_codes WHERE code IN (SELECT c->>'code' FROM jsonb_array_elements(claims) c WHERE (c->>'singleUse')::boolean)
          ORDER BY code FOR UPDATE;
        FOR claim IN SELECT * FROM jsonb_array_elements(claims) LOOP
          SELECT * INTO offer FROM offers WHERE id = (claim->>'offerId')::uuid;
          IF NOT FOUND OR offer.updated_at <> (claim->>'version')::timestamptz THEN
            RETURN jsonb_build_object('kind', 'changed', 'offerId', claim->>'offerId');
          END IF;
          IF NOT offer.active THEN RETURN jsonb_build_object('kind', 'paused', 'offerId', offer.id); END IF;
          IF offer.valid_from > today THEN RETURN jsonb_build_object('kind', 'not-started', 'offerId', offer.id); END IF;
          IF offer.valid_until < today THEN RETURN jsonb_build_object('kind', 'expired', 'offerId', offer.id); END IF;
          IF offer.max_uses IS NOT NULL
             AND (SELECT count(*) FROM order_discounts d WHERE d.offer_id = offer.id AND d.released_at IS NULL) >= offer.max_uses THEN
            RETURN jsonb_build_object('kind', 'used-up', 'offerId', offer.id);
          END IF;
          IF (claim->>'singleUse')::boolean
             AND EXISTS (SELECT 1 FROM order_discounts d WHERE d.code = claim->>'code' AND d.single_use AND d.released_at IS NULL) THEN
            RETURN jsonb_build_object('kind', 'used-up', 'offerId', offer.id);
          END IF;
          IF offer.max_uses_per_customer IS NOT NULL
             AND (SELECT count(*) FROM order_discounts d WHERE d.offer_id = offer.id AND d.user_id = buyer AND d.released_at IS NULL) >= offer.max_uses_per_customer THEN
            RETURN jsonb_build_object('kind', 'customer-limit', 'offerId', offer.id);
          END IF;
          IF offer.first_order_only THEN
            IF EXISTS (SELECT 1 FROM orders o WHERE o.user_id = buyer AND o.status <> 'cancelled') THEN
              RETURN jsonb_build_object('kind', 'first-order', 'offerId', offer.id);
            END IF;
            IF buyer_phone IS NOT NULL THEN
              -- New accounts sharing a phone number take turns here, so only one gets the discount.
              PERFORM pg_advisory_xact_lock(hashtext('shop-first-order-phone'), hashtext(buyer_phone));
              IF EXISTS (SELECT 1 FROM order_discounts d WHERE d.phone = buyer_phone AND d.first_order AND d.released_at IS NULL) THEN
                RETURN jsonb_build_object('kind', 'first-order', 'offerId', offer.id);
              END IF;
            END IF;
          END IF;
        END LOOP;
        RETURN NULL;
      END $$`);

    await queryRunner.query(`DROP FUNCTION shop_take_stock(uuid[], integer[], bigint)`);
    await queryRunner.query(`
      CREATE FUNCTION shop_take_stock(product_ids uuid[], line_quantities integer[], max_total bigint, expected_prices integer[] DEFAULT NULL)
      RETURNS TABLE (product_id uuid, name text, price_paise integer, hsn_code text, gst_rate_bp integer, quantity integer, "position" integer, stock integer, taken boolean)
      LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE enough boolean;
      BEGIN
        PERFORM 1 FROM products p WHERE p.id = ANY(product_ids) ORDER BY p.id FOR UPDATE;
        -- A new snapshot, taken after the locks: the latest stock and price of each product.
        SELECT count(*) = cardinality(product_ids) AND bool_and(p.stock >= line.quantity) AND sum(p.price_paise::bigint * line.quantity) <= max_total
            AND (expected_prices IS NULL OR bool_and(p.price_paise = line.expected))
          INTO enough
          FROM unnest(product_ids, line_quantities, coalesce(expected_prices, '{}')) AS line(id, quantity, expected) JOIN products p ON p.id = line.id;
        IF enough THEN
          UPDATE products p SET stock = p.stock - line.quantity, updated_at = now()
          FROM unnest(product_ids, line_quantities) AS line(id, quantity) WHERE p.id = line.id;
        END IF;
        RETURN QUERY
          SELECT line.id, p.name::text, p.price_paise, p.hsn_code::text, p.gst_rate_bp, line.quantity, (line.ordinality - 1)::integer, p.stock, coalesce(enough, false)
          FROM unnest(product_ids, line_quantities) WITH ORDINALITY AS line(id, quantity, ordinality) LEFT JOIN products p ON p.id = line.id
          ORDER BY line.ordinality;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION shop_take_stock(uuid[], integer[], bigint, integer[])`);
    await queryRunner.query(TAKE_STOCK_SQL);
    await queryRunner.query(`DROP FUNCTION shop_check_offers(jsonb, uuid, text)`);
    await queryRunner.query(`DROP TABLE delivery_charge_settings`);
    await queryRunner.query(`ALTER TABLE orders DROP COLUMN delivery_discount_paise, DROP COLUMN delivery_fee_paise`);
    await queryRunner.query(`ALTER TABLE order_items DROP COLUMN discount_paise`);
    await queryRunner.query(`DROP TABLE order_discounts`);
    await queryRunner.query(`DROP TABLE offer_codes`);
    await queryRunner.query(`DROP TABLE offers`);
  }
}
