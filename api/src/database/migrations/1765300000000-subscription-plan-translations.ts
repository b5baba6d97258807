import { MigrationInterface, QueryRunner } from 'typeorm';

/** Subscription plans' names and descriptions in other languages than English, as products' (1765200000000). */
export class SubscriptionPlanTranslations1765300000000 implements MigrationInterface {
  name = 'SubscriptionPlanTranslations1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscription_plan_translations (
        plan_id uuid NOT NULL REFERENCES subscription_plans (id) ON DELETE CASCADE,
        lang text NOT NULL CHECK (lang IN ('ta')),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (plan_id, lang)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE subscription_plan_translations`);
  }
}
