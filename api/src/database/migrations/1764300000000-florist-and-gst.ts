import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A florist's orders and GST-ready invoices: a delivery date, slot, recipient and gift message per
 * order; an HSN code and GST rate per product, copied onto each order line as sold; and a gapless
 * invoice number per Indian financial year (April to March), given to every order once.
 */
export class FloristAndGst1764300000000 implements MigrationInterface {
  name = 'FloristAndGst1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE orders
        ADD COLUMN delivery_date date,
        ADD COLUMN delivery_slot varchar(40),
        ADD COLUMN recipient_name varchar(100),
        ADD COLUMN recipient_phone varchar(16),
        ADD COLUMN delivery_pincode char(6),
        ADD COLUMN gift_message varchar(250),
        ADD COLUMN invoice_number varchar(24) UNIQUE`);
    await queryRunner.query(`CREATE INDEX orders_delivery_idx ON orders (delivery_date, delivery_slot) WHERE delivery_date IS NOT NULL`);

    // Fresh flowers (0603) and foliage (0604) are exempt from GST today: 0%.
    await queryRunner.query(
      `ALTER TABLE products ADD COLUMN hsn_code varchar(8), ADD COLUMN gst_rate_bp integer NOT NULL DEFAULT 0 CHECK (gst_rate_bp BETWEEN 0 AND 10000)`,
    );
    await queryRunner.query(`UPDATE products SET hsn_code = CASE type WHEN 'green_leaf' THEN '0604' ELSE '0603' END`);
    await queryRunner.query(`
      CREATE FUNCTION product_default_hsn() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.hsn_code IS NULL THEN
          NEW.hsn_code := CASE NEW.type WHEN 'green_leaf' THEN '0604' ELSE '0603' END;
        END IF;
        RETURN NEW;
      END $$`);
    // Inserts only: the order path's stock updates must not pay for it.
    await queryRunner.query(`CREATE TRIGGER products_default_hsn BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION product_default_hsn()`);
    await queryRunner.query(
      `ALTER TABLE products ALTER COLUMN hsn_code SET NOT NULL, ADD CONSTRAINT products_hsn_check CHECK (hsn_code ~ '^[0-9]{4}([0-9]{2}){0,2}$')`,
    );

    await queryRunner.query(`ALTER TABLE order_items ADD COLUMN hsn_code varchar(8), ADD COLUMN gst_rate_bp integer`);
    await queryRunner.query(`
      UPDATE order_items i SET hsn_code = coalesce((SELECT p.hsn_code FROM products p WHERE p.id = i.product_id), '0603'),
        gst_rate_bp = coalesce((SELECT p.gst_rate_bp FROM products p WHERE p.id = i.product_id), 0)`);
    await queryRunner.query(`ALTER TABLE order_items ALTER COLUMN hsn_code SET NOT NULL, ALTER COLUMN gst_rate_bp SET NOT NULL`);

    await queryRunner.query(`CREATE TABLE invoice_counters (financial_year char(7) PRIMARY KEY, last_number integer NOT NULL)`);
    // Orders placed before numbering get theirs now, in the order they were placed, per financial year (India time).
    await queryRunner.query(`
      WITH placed AS (
        SELECT id, created_at, (created_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' AS india FROM orders
      ), years AS (
        SELECT id, created_at, CASE WHEN extract(month FROM india) >= 4 THEN extract(year FROM india)::int ELSE extract(year FROM india)::int - 1 END AS y
        FROM placed
      ), numbered AS (
        SELECT id, y || '-' || lpad(((y + 1) % 100)::text, 2, '0') AS fy, row_number() OVER (PARTITION BY y ORDER BY created_at, id) AS n FROM years
      ), counted AS (
        UPDATE orders SET invoice_number = 'TB/' || numbered.fy || '/' || lpad(numbered.n::text, 6, '0')
        FROM numbered WHERE orders.id = numbered.id
        RETURNING numbered.fy, numbered.n
      )
      INSERT INTO invoice_counters (financial_year, last_number) SELECT fy, max(n) FROM counted GROUP BY fy`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS invoice_counters`);
    await queryRunner.query(`ALTER TABLE order_items DROP COLUMN IF EXISTS gst_rate_bp, DROP COLUMN IF EXISTS hsn_code`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS products_default_hsn ON products`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS product_default_hsn()`);
    await queryRunner.query(
      `ALTER TABLE products DROP CONSTRAINT IF EXISTS products_hsn_check, DROP COLUMN IF EXISTS gst_rate_bp, DROP COLUMN IF EXISTS hsn_code`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS orders_delivery_idx`);
    await queryRunner.query(`
      ALTER TABLE orders DROP COLUMN IF EXISTS invoice_number, DROP COLUMN IF EXISTS gift_message, DROP COLUMN IF EXISTS delivery_pincode,
        DROP COLUMN IF EXISTS recipient_phone, DROP COLUMN IF EXISTS recipient_name, DROP COLUMN IF EXISTS delivery_slot, DROP COLUMN IF EXISTS delivery_date`);
  }
}
