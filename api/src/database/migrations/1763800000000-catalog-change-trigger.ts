import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed change to `products` moves `catalog_state.version` and announces the new version
 * on the `catalog_changed` channel; the API's in-process catalogue cache listens and drops what it
 * holds (see catalog/catalog-change-listener.ts).
 *
 * The trigger is a DEFERRED constraint trigger that bumps the version once per transaction, at
 * commit. An immediate trigger would take the single catalog_state row lock in the middle of a
 * transaction: two orders taking stock of products A and B would each hold one product row and
 * wait for the other behind that row (a deadlock). At commit every writer takes that row last and
 * only for an instant. TRUNCATE cannot fire row triggers, so it has its own statement trigger.
 */
export class CatalogChangeTrigger1763800000000 implements MigrationInterface {
  name = 'CatalogChangeTrigger1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        new_version bigint;
      BEGIN
        IF current_setting('thalir.catalog_version_bumped', true) = 'on' THEN
          RETURN NULL;
        END IF;
        -- Transaction-local: reset at commit or rollback, so the next transaction bumps again.
        PERFORM set_config('thalir.catalog_version_bumped', 'on', true);
        UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version INTO new_version;
        PERFORM pg_notify('catalog_changed', new_version::text);
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER products_catalog_changed
        AFTER INSERT OR UPDATE OR DELETE ON products
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION catalog_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER products_catalog_truncated
        AFTER TRUNCATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS products_catalog_truncated ON products`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS products_catalog_changed ON products`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS catalog_changed()`);
  }
}
