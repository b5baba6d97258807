import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products' names and descriptions in other languages than English (Tamil first), one row per
 * product and language, so a language is added without a column. A change announces the product as
 * changed in its name and description (catalog/cache/catalog-changes.ts), which drops its answers and
 * the searches, in the same transaction-wide catalogue version as a change to the product itself.
 */
export class ProductTranslations1765200000000 implements MigrationInterface {
  name = 'ProductTranslations1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE product_translations (
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        lang text NOT NULL CHECK (lang IN ('ta')),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, lang)
      )`);
    // The search reads this expression; it must stay the one of the index (as products_search_trgm_idx).
    await queryRunner.query(`CREATE INDEX product_translations_search_trgm_idx ON product_translations USING gin ((name || ' ' || description) gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE FUNCTION catalog_translation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        version_now text := current_setting('thalir.catalog_version', true);
      BEGIN
        IF version_now IS NULL OR version_now = '' THEN
          UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version::text INTO version_now;
          PERFORM set_config('thalir.catalog_version', version_now, true);
        END IF;
        -- Searches match translated names too: their totals may move.
        PERFORM pg_notify('catalog_changed', version_now || ' counts');
        PERFORM pg_notify('catalog_changed', version_now || ' product ' || coalesce(NEW.product_id, OLD.product_id) || ' changed:name,description');
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER product_translations_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON product_translations
      FOR EACH ROW EXECUTE FUNCTION catalog_translation_changed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE product_translations`);
    await queryRunner.query(`DROP FUNCTION catalog_translation_changed()`);
  }
}
