import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order lifecycle: payment holds that expire, who moved an order and why, refunds as records of
 * their own, and sessions that can be ended (a per-user session version and revoked tokens).
 */
export class OrderLifecycle1764100000000 implements MigrationInterface {
  name = 'OrderLifecycle1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE orders ADD COLUMN payment_due_at timestamptz`);
    // Unpaid online orders placed before holds existed get the default window from their placing.
    await queryRunner.query(`
      UPDATE orders SET payment_due_at = created_at + interval '30 minutes'
      WHERE status = 'pending' AND payment_method = 'razorpay' AND NOT is_paid`);
    await queryRunner.query(`
      CREATE INDEX orders_payment_due_idx ON orders (payment_due_at)
      WHERE status = 'pending' AND NOT is_paid AND payment_due_at IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX orders_user_unpaid_idx ON orders (user_id) WHERE status = 'pending' AND NOT is_paid AND payment_method = 'razorpay'`);

    await queryRunner.query(`
      ALTER TABLE order_status_changes
        ADD COLUMN actor varchar(8) NOT NULL DEFAULT 'system' CHECK (actor IN ('admin', 'buyer', 'system')),
        ADD COLUMN reason varchar(200)`);
    await queryRunner.query(`UPDATE order_status_changes SET actor = 'admin' WHERE changed_by IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        amount_paise integer NOT NULL CHECK (amount_paise > 0),
        payment_id varchar(64),
        gateway_refund_id varchar(64) UNIQUE,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed')),
        manual boolean NOT NULL DEFAULT false,
        reason varchar(200) NOT NULL,
        failure_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        CHECK (manual OR payment_id IS NOT NULL)
      )`);
    // One refund per payment received, and one manual refund per cash order: retries cannot add more.
    await queryRunner.query(`CREATE UNIQUE INDEX refunds_payment_idx ON refunds (payment_id) WHERE payment_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX refunds_manual_order_idx ON refunds (order_id) WHERE payment_id IS NULL`);
    await queryRunner.query(`CREATE INDEX refunds_order_idx ON refunds (order_id)`);

    await queryRunner.query(`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE TABLE revoked_tokens (
        token_hash char(64) PRIMARY KEY,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS revoked_tokens`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN IF EXISTS session_version`);
    await queryRunner.query(`DROP TABLE IF EXISTS refunds`);
    await queryRunner.query(`ALTER TABLE order_status_changes DROP COLUMN IF EXISTS reason, DROP COLUMN IF EXISTS actor`);
    await queryRunner.query(`DROP INDEX IF EXISTS orders_user_unpaid_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS orders_payment_due_idx`);
    await queryRunner.query(`ALTER TABLE orders DROP COLUMN IF EXISTS payment_due_at`);
  }
}
