import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The plans of flower subscriptions that staff sell (issue: daily flowers): what a delivery holds,
 * the frequencies and slots a customer may choose, the price of one delivery and the packs of
 * prepaid deliveries. A product in a plan cannot be deleted while the plan holds it.
 */
export class SubscriptionPlans1765100000000 implements MigrationInterface {
  name = 'SubscriptionPlans1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscription_plans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
        frequencies text[] NOT NULL CHECK (
          cardinality(frequencies) > 0 AND frequencies <@ ARRAY['daily', 'weekdays', 'weekly', 'fortnightly']::text[]),
        slots text[] NOT NULL DEFAULT '{}',
        price_paise integer NOT NULL CHECK (price_paise > 0),
        packs integer[] NOT NULL CHECK (cardinality(packs) BETWEEN 1 AND 6 AND 0 < ALL (packs) AND 366 >= ALL (packs)),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE subscription_plan_items (
        plan_id uuid NOT NULL REFERENCES subscription_plans (id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
        position smallint NOT NULL,
        PRIMARY KEY (plan_id, product_id)
      )`);
    await queryRunner.query(`CREATE INDEX subscription_plan_items_product ON subscription_plan_items (product_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE subscription_plan_items`);
    await queryRunner.query(`DROP TABLE subscription_plans`);
  }
}
