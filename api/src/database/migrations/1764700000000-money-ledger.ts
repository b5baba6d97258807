import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money that always adds up:
 * - `payments`: every provider payment received for an order, once per provider payment id, with its
 *   amount and method; at most one of an order's payments is `credited` (the one that paid it);
 * - `refund_attempts`: each request to the provider for a refund, with its own idempotency reference
 *   (its id) and what the provider reported; a refund's status and `refunded_paise` follow them;
 * - `orders.confirm_due_at`: a large cash order from a new customer waits for staff until then;
 * - `shop_open_orders_locked` counts a buyer's open orders of one payment method under the buyer's
 *   row lock (it replaces shop_unpaid_orders_locked, which counted online orders only). The lock is
 *   FOR NO KEY UPDATE: it orders two placings by one buyer, yet lets the foreign-key checks of other
 *   writes to the buyer's orders (KEY SHARE on the user) through. FOR UPDATE blocked them, and a staff
 *   cancel holding the stock the placing waited for deadlocked with it;
 * - `sandbox_payments`: the local sandbox provider's own record of the payments it made, so it can
 *   answer "the payments of this provider order" as Razorpay does, from any API process.
 * Existing payments and refunds are carried over; a refund's first attempt keeps the refund's id,
 * which is the reference its provider refund and queued job already carry.
 */
/** This version of the function; the customer-data migration's `down` restores it. */
export const OPEN_ORDERS_LOCKED_SQL = `
      CREATE FUNCTION shop_open_orders_locked(buyer uuid, method text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE open_orders integer;
      BEGIN
        PERFORM 1 FROM users WHERE id = buyer FOR NO KEY UPDATE;
        IF method = 'razorpay' THEN
          SELECT count(*) INTO open_orders FROM orders
          WHERE user_id = buyer AND status = 'pending' AND NOT is_paid AND payment_method = 'razorpay' AND payment_due_at > now();
        ELSE
          SELECT count(*) INTO open_orders FROM orders
          WHERE user_id = buyer AND payment_method = 'cash' AND status IN ('pending', 'processing', 'shipped');
        END IF;
        RETURN open_orders;
      END $$`;

export class MoneyLedger1764700000000 implements MigrationInterface {
  name = 'MoneyLedger1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        provider_payment_id varchar(64) NOT NULL UNIQUE,
        amount_paise integer NOT NULL CHECK (amount_paise > 0),
        method varchar(32),
        credited boolean NOT NULL DEFAULT false,
        seen_via varchar(16) NOT NULL CHECK (seen_via IN ('verify', 'webhook', 'provider')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX payments_order_idx ON payments (order_id)`);
    // An order is paid by one payment: a second credit cannot be written, whatever the code does.
    await queryRunner.query(`CREATE UNIQUE INDEX payments_credited_order_idx ON payments (order_id) WHERE credited`);

    // Payments refunded before this ledger existed (second and late payments), then the ones that paid an order.
    await queryRunner.query(`
      INSERT INTO payments (order_id, provider_payment_id, amount_paise, credited, seen_via, created_at)
      SELECT order_id, payment_id, amount_paise, false, 'webhook', created_at FROM refunds WHERE payment_id IS NOT NULL
      ON CONFLICT (provider_payment_id) DO NOTHING`);
    await queryRunner.query(`
      INSERT INTO payments (order_id, provider_payment_id, amount_paise, credited, seen_via, created_at)
      SELECT o.id, o.razorpay_payment_id, o.total_paise, true, 'webhook', coalesce(o.paid_at, o.updated_at) FROM orders o
      WHERE o.razorpay_payment_id IS NOT NULL AND o.is_paid
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = o.razorpay_payment_id AND r.reason = 'refund after late payment')
      ON CONFLICT (provider_payment_id) DO UPDATE SET credited = true`);

    await queryRunner.query(`ALTER TABLE refunds DROP CONSTRAINT IF EXISTS refunds_status_check`);
    await queryRunner.query(`
      ALTER TABLE refunds
        ADD CONSTRAINT refunds_status_check CHECK (status IN ('pending', 'processed', 'failed', 'mismatch')),
        ADD COLUMN refunded_paise integer NOT NULL DEFAULT 0 CHECK (refunded_paise >= 0)`);
    await queryRunner.query(`UPDATE refunds SET refunded_paise = amount_paise WHERE status = 'processed'`);

    await queryRunner.query(`
      CREATE TABLE refund_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        refund_id uuid NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
        amount_paise integer NOT NULL CHECK (amount_paise > 0),
        gateway_refund_id varchar(64) UNIQUE,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed', 'mismatch')),
        reported_paise integer CHECK (reported_paise >= 0),
        failure_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX refund_attempts_refund_idx ON refund_attempts (refund_id, created_at)`);
    await queryRunner.query(`
      INSERT INTO refund_attempts (id, refund_id, amount_paise, gateway_refund_id, status, reported_paise, failure_reason, created_at, updated_at)
      SELECT id, id, amount_paise, gateway_refund_id, status, CASE WHEN status = 'processed' THEN amount_paise END, failure_reason, created_at, updated_at
      FROM refunds WHERE NOT manual`);
    await queryRunner.query(`ALTER TABLE refunds DROP COLUMN gateway_refund_id`);

    await queryRunner.query(`ALTER TABLE orders ADD COLUMN confirm_due_at timestamptz`);
    await queryRunner.query(`CREATE INDEX orders_confirm_due_idx ON orders (confirm_due_at) WHERE status = 'pending' AND confirm_due_at IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX orders_user_open_cash_idx ON orders (user_id) WHERE payment_method = 'cash' AND status IN ('pending', 'processing', 'shipped')`,
    );

    await queryRunner.query(OPEN_ORDERS_LOCKED_SQL);
    await queryRunner.query(`DROP FUNCTION shop_unpaid_orders_locked(uuid)`);

    await queryRunner.query(`
      CREATE TABLE sandbox_payments (
        payment_id varchar(64) PRIMARY KEY,
        provider_order_id varchar(64) NOT NULL,
        amount_paise integer NOT NULL,
        method varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sandbox_payments_order_idx ON sandbox_payments (provider_order_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS sandbox_payments`);
    await queryRunner.query(`
      CREATE FUNCTION shop_unpaid_orders_locked(buyer uuid) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE waiting integer;
      BEGIN
        PERFORM 1 FROM users WHERE id = buyer FOR UPDATE;
        SELECT count(*) INTO waiting FROM orders
        WHERE user_id = buyer AND status = 'pending' AND NOT is_paid AND payment_method = 'razorpay' AND payment_due_at > now();
        RETURN waiting;
      END $$`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS shop_open_orders_locked(uuid, text)`);
    await queryRunner.query(`DROP INDEX IF EXISTS orders_user_open_cash_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS orders_confirm_due_idx`);
    await queryRunner.query(`ALTER TABLE orders DROP COLUMN IF EXISTS confirm_due_at`);
    await queryRunner.query(`ALTER TABLE refunds ADD COLUMN gateway_refund_id varchar(64) UNIQUE`);
    await queryRunner.query(`
      UPDATE refunds r SET gateway_refund_id = a.gateway_refund_id
      FROM (SELECT DISTINCT ON (refund_id) refund_id, gateway_refund_id FROM refund_attempts ORDER BY refund_id, created_at DESC) a
      WHERE a.refund_id = r.id`);
    await queryRunner.query(`DROP TABLE IF EXISTS refund_attempts`);
    await queryRunner.query(`UPDATE refunds SET status = 'failed' WHERE status = 'mismatch'`);
    await queryRunner.query(`ALTER TABLE refunds DROP CONSTRAINT refunds_status_check, DROP COLUMN refunded_paise`);
    await queryRunner.query(`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('pending', 'processed', 'failed'))`);
    await queryRunner.query(`DROP TABLE IF EXISTS payments`);
  }
}
