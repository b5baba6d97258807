import { MigrationInterface, QueryRunner } from 'typeorm';

const PLAN_TABLES = ['subscription_plans', 'subscription_plan_items', 'subscription_plan_translations'];

/**
 * A change to the subscription plans (a plan, what its deliveries hold, its texts in another language)
 * is announced as a change to the catalogue, to everything in it ("<version> all"). The pages drawn
 * from the plans (/subscribe, each plan's page, the home page's and the shop's plan links) and the
 * sitemap listing them are kept in the catalogue's cache, which only its change notices empty. Plans
 * change a few times a year, so dropping every cached answer then costs little.
 */
export class SubscriptionPlanCatalogChanges1765450000000 implements MigrationInterface {
  name = 'SubscriptionPlanCatalogChanges1765450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION subscription_plans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        version_now text := current_setting('thalir.catalog_version', true);
      BEGIN
        IF version_now IS NULL OR version_now = '' THEN
          UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version::text INTO version_now;
          PERFORM set_config('thalir.catalog_version', version_now, true);
        END IF;
        -- Repeats of one payload within a transaction are delivered once.
        PERFORM pg_notify('catalog_changed', version_now || ' all');
        RETURN NULL;
      END
      $$`);
    for (const table of PLAN_TABLES) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION subscription_plans_changed()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of PLAN_TABLES) await queryRunner.query(`DROP TRIGGER ${table}_catalog_changed ON ${table}`);
    await queryRunner.query(`DROP FUNCTION subscription_plans_changed()`);
  }
}
