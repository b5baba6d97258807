import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stock rule, once: `shop_take_stock(products, quantities, max_total)` locks the products in id
 * order (so two orders sharing products never wait on each other in a cycle), reads their latest
 * stock after the locks, and takes every line or none: all products exist, each has enough, and the
 * lines' total fits. It answers each line with what it found (name, price, stock now) and whether it
 * was taken, so a refusal is explained from those facts instead of an error to parse. Placing an
 * order and reopening a cancelled one both take stock through it.
 * shop_refuse (an error raised to undo a half-done placing) has no caller left.
 */
/** This version of the function; the next migration's `down` restores it. */
export const TAKE_STOCK_SQL = `
      CREATE FUNCTION shop_take_stock(product_ids uuid[], line_quantities integer[], max_total bigint)
      RETURNS TABLE (product_id uuid, name text, price_paise integer, hsn_code text, gst_rate_bp integer, quantity integer, "position" integer, stock integer, taken boolean)
      LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE enough boolean;
      BEGIN
        PERFORM 1 FROM products p WHERE p.id = ANY(product_ids) ORDER BY p.id FOR UPDATE;
        -- A new snapshot, taken after the locks: the latest stock of each product.
        SELECT count(*) = cardinality(product_ids) AND bool_and(p.stock >= line.quantity) AND sum(p.price_paise::bigint * line.quantity) <= max_total
          INTO enough
          FROM unnest(product_ids, line_quantities) AS line(id, quantity) JOIN products p ON p.id = line.id;
        IF enough THEN
          UPDATE products p SET stock = p.stock - line.quantity, updated_at = now()
          FROM unnest(product_ids, line_quantities) AS line(id, quantity) WHERE p.id = line.id;
        END IF;
        RETURN QUERY
          SELECT line.id, p.name::text, p.price_paise, p.hsn_code::text, p.gst_rate_bp, line.quantity, (line.ordinality - 1)::integer, p.stock, coalesce(enough, false)
          FROM unnest(product_ids, line_quantities) WITH ORDINALITY AS line(id, quantity, ordinality) LEFT JOIN products p ON p.id = line.id
          ORDER BY line.ordinality;
      END $$`;

export class OneStockRule1764700000001 implements MigrationInterface {
  name = 'OneStockRule1764700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(TAKE_STOCK_SQL);
    await queryRunner.query(`DROP FUNCTION shop_refuse(text)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION shop_refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'shop:' || reason;
      END $$`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS shop_take_stock(uuid[], integer[], bigint)`);
  }
}
