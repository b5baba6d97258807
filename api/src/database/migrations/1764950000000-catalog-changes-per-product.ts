import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Says which product changed and how, so each API process drops only the cached answers the change
 * touches (catalog/cache/catalog-changes.ts reads these notices) instead of the whole catalogue on
 * every order. Each changed row sends "<version> product <id> <how>": `added`, `removed`, or
 * `changed:` followed by the columns lists filter or sort by that moved (`type`, `name`,
 * `description`, `price`, `created`; none when only what the product shows moved, such as its
 * stock). Past 100 rows in one transaction (an import, a bulk price change) the rest are announced
 * as one "<version> all". "<version> counts" stays as it was (1763800000001): totals may have
 * moved, which a process before this one also understands. The version still moves once per
 * transaction, at commit.
 */
export class CatalogChangesPerProduct1764950000000 implements MigrationInterface {
  name = 'CatalogChangesPerProduct1764950000000';

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
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        version_now text := current_setting('thalir.catalog_version', true);
        counts_changed boolean := TG_OP <> 'UPDATE';
      BEGIN
        IF version_now IS NULL OR version_now = '' THEN
          UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version::text INTO version_now;
          PERFORM set_config('thalir.catalog_version', version_now, true);
          PERFORM pg_notify('catalog_changed', version_now);
        END IF;
        IF TG_OP = 'UPDATE' THEN
          counts_changed := (OLD.type, OLD.name, OLD.description) IS DISTINCT FROM (NEW.type, NEW.name, NEW.description);
        END IF;
        IF counts_changed THEN
          PERFORM pg_notify('catalog_changed', version_now || ' counts');
        END IF;
        RETURN NULL;
      END
      $$`);
  }
}
