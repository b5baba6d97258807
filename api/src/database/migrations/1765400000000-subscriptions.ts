import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' flower subscriptions (docs/subscriptions.md): what they chose, the packs of prepaid
 * deliveries they bought (each paid by an order of kind 'subscription-pack', its credits a ledger:
 * bought = used + left + refunded), their pauses, and the rows of the coming deliveries. A delivery
 * becomes an order of kind 'subscription-delivery' at its cut-off; the database allows one such
 * order per subscription and day, so the job that makes them can run anywhere, any number of times.
 */
export class Subscriptions1765400000000 implements MigrationInterface {
  name = 'Subscriptions1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        plan_id uuid NOT NULL REFERENCES subscription_plans (id) ON DELETE RESTRICT,
        frequency text NOT NULL CHECK (frequency IN ('daily', 'weekdays', 'weekly', 'fortnightly')),
        weekdays smallint[] NOT NULL DEFAULT '{}' CHECK (0 <= ALL (weekdays) AND 6 >= ALL (weekdays)),
        start_date date NOT NULL,
        slot text NOT NULL,
        address text NOT NULL,
        pincode char(6) NOT NULL,
        recipient_name text NOT NULL,
        recipient_phone text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Set once cancelled; whether it waits for its first pack's payment is read from the packs.
        cancelled_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX subscriptions_user ON subscriptions (user_id, created_at)`);
    await queryRunner.query(`CREATE INDEX subscriptions_plan ON subscriptions (plan_id)`);

    await queryRunner.query(`
      ALTER TABLE orders
        ADD COLUMN kind text NOT NULL DEFAULT 'shop' CHECK (kind IN ('shop', 'subscription-pack', 'subscription-delivery')),
        ADD COLUMN subscription_id uuid REFERENCES subscriptions (id) ON DELETE RESTRICT,
        ADD CONSTRAINT orders_subscription_kind CHECK ((kind = 'shop') = (subscription_id IS NULL))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX orders_one_delivery_per_subscription_day ON orders (subscription_id, delivery_date) WHERE kind = 'subscription-delivery'`,
    );
    await queryRunner.query(`CREATE INDEX orders_subscription ON orders (subscription_id) WHERE subscription_id IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE subscription_packs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE RESTRICT,
        order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE RESTRICT,
        deliveries integer NOT NULL CHECK (deliveries > 0),
        price_paise integer NOT NULL CHECK (price_paise > 0),
        used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
        refunded integer NOT NULL DEFAULT 0 CHECK (refunded >= 0),
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (used + refunded <= deliveries),
        CHECK (paid_at IS NOT NULL OR (used = 0 AND refunded = 0))
      )`);
    await queryRunner.query(`CREATE INDEX subscription_packs_subscription ON subscription_packs (subscription_id, paid_at)`);

    await queryRunner.query(`
      CREATE TABLE subscription_pauses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        from_date date NOT NULL,
        to_date date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (from_date <= to_date)
      )`);
    await queryRunner.query(`CREATE INDEX subscription_pauses_subscription ON subscription_pauses (subscription_id, to_date)`);

    await queryRunner.query(`
      CREATE TABLE subscription_deliveries (
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        delivery_date date NOT NULL,
        slot text NOT NULL,
        address text NOT NULL,
        pincode char(6) NOT NULL,
        recipient_name text NOT NULL,
        recipient_phone text NOT NULL,
        cutoff_at timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('scheduled', 'skipped', 'paused', 'closed', 'ordered', 'not-made', 'no-credit', 'cancelled')),
        order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
        pack_id uuid REFERENCES subscription_packs (id) ON DELETE RESTRICT,
        note text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription_id, delivery_date)
      )`);
    await queryRunner.query(`CREATE INDEX subscription_deliveries_due ON subscription_deliveries (cutoff_at) WHERE status = 'scheduled'`);
    await queryRunner.query(`CREATE INDEX subscription_deliveries_date ON subscription_deliveries (delivery_date, status)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE subscription_deliveries`);
    await queryRunner.query(`DROP TABLE subscription_pauses`);
    await queryRunner.query(`DROP TABLE subscription_packs`);
    await queryRunner.query(`DROP INDEX orders_subscription`);
    await queryRunner.query(`DROP INDEX orders_one_delivery_per_subscription_day`);
    await queryRunner.query(`ALTER TABLE orders DROP CONSTRAINT orders_subscription_kind, DROP COLUMN subscription_id, DROP COLUMN kind`);
    await queryRunner.query(`DROP TABLE subscriptions`);
  }
}
