import { MigrationInterface, QueryRunner } from 'typeorm';
import { CatalogChangesPerProduct1764950000000 } from './1764950000000-catalog-changes-per-product';

/**
 * A change of nothing but a product's stock (an order taking it, a cancellation giving it back, staff
 * counting it) announces the new stock and `updatedAt`: "<version> product <id> stock <stock>
 * <updatedAt>", `updatedAt` written as the product's JSON writes it. Each API process then shows the
 * new stock in the answers it keeps instead of dropping them (catalog/cache/catalog-answer.ts), so a
 * busy checkout no longer empties the catalogue cache. Every other change is announced as in
 * 1764950000000; a process that does not know this notice reads it as a change to everything.
 */
export class CatalogStockNotices1765000000000 implements MigrationInterface {
  name = 'CatalogStockNotices1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        version_now text := current_setting('thalir.catalog_version', true);
        announced integer := coalesce(nullif(current_setting('thalir.catalog_rows_announced', true), ''), '0')::integer;
        counts_changed boolean := TG_OP <> 'UPDATE';
        how text;
      BEGIN
        IF version_now IS NULL OR version_now = '' THEN
          UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version::text INTO version_now;
          -- Transaction-local: gone at commit or rollback, so the next transaction bumps again.
          PERFORM set_config('thalir.catalog_version', version_now, true);
        END IF;
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('catalog_changed', version_now || ' all');
          PERFORM pg_notify('catalog_changed', version_now || ' counts');
          RETURN NULL;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          counts_changed := (OLD.type, OLD.name, OLD.description) IS DISTINCT FROM (NEW.type, NEW.name, NEW.description);
        END IF;
        IF counts_changed THEN
          -- Repeats of one payload within a transaction are delivered once.
          PERFORM pg_notify('catalog_changed', version_now || ' counts');
        END IF;
        IF announced >= 100 THEN
          PERFORM pg_notify('catalog_changed', version_now || ' all');
          RETURN NULL;
        END IF;
        PERFORM set_config('thalir.catalog_rows_announced', (announced + 1)::text, true);
        IF TG_OP = 'INSERT' THEN
          PERFORM pg_notify('catalog_changed', version_now || ' product ' || NEW.id || ' added');
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('catalog_changed', version_now || ' product ' || OLD.id || ' removed');
        ELSIF (to_jsonb(OLD) - 'stock' - 'updated_at') = (to_jsonb(NEW) - 'stock' - 'updated_at') THEN
          PERFORM pg_notify('catalog_changed', version_now || ' product ' || NEW.id || ' stock ' || NEW.stock || ' '
            || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
        ELSE
          how := concat_ws(',',
            CASE WHEN OLD.type IS DISTINCT FROM NEW.type THEN 'type' END,
            CASE WHEN OLD.name IS DISTINCT FROM NEW.name THEN 'name' END,
            CASE WHEN OLD.description IS DISTINCT FROM NEW.description THEN 'description' END,
            CASE WHEN OLD.price_paise IS DISTINCT FROM NEW.price_paise THEN 'price' END,
            CASE WHEN OLD.created_at IS DISTINCT FROM NEW.created_at THEN 'created' END);
          PERFORM pg_notify('catalog_changed', version_now || ' product ' || NEW.id || ' changed:' || how);
        END IF;
        RETURN NULL;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await new CatalogChangesPerProduct1764950000000().up(queryRunner);
  }
}
