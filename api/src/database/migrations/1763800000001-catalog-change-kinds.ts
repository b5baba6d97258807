import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Says which changes can move the catalogue's counts. Orders change stock all day; that must
 * refresh cached pages but need not recount 100,000 rows for every paged list's `total`. Only
 * rows appearing, disappearing or changing what filters and searches look at (type, name,
 * description) change a count; those transactions send a second notice, "<version> counts".
 * The version still moves once per transaction, at commit (see 1763800000000).
 */
export class CatalogChangeKinds1763800000001 implements MigrationInterface {
  name = 'CatalogChangeKinds1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        version_now text := current_setting('thalir.catalog_version', true);
        counts_changed boolean := TG_OP <> 'UPDATE';
      BEGIN
        IF version_now IS NULL OR version_now = '' THEN
          UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version::text INTO version_now;
          -- Transaction-local: gone at commit or rollback, so the next transaction bumps again.
          PERFORM set_config('thalir.catalog_version', version_now, true);
          PERFORM pg_notify('catalog_changed', version_now);
        END IF;
        IF TG_OP = 'UPDATE' THEN
          counts_changed := (OLD.type, OLD.name, OLD.description) IS DISTINCT FROM (NEW.type, NEW.name, NEW.description);
        END IF;
        IF counts_changed THEN
          -- Repeats of one payload within a transaction are delivered once.
          PERFORM pg_notify('catalog_changed', version_now || ' counts');
        END IF;
        RETURN NULL;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        new_version bigint;
      BEGIN
        IF current_setting('thalir.catalog_version_bumped', true) = 'on' THEN
          RETURN NULL;
        END IF;
        PERFORM set_config('thalir.catalog_version_bumped', 'on', true);
        UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version INTO new_version;
        PERFORM pg_notify('catalog_changed', new_version::text);
        RETURN NULL;
      END
      $$`);
  }
}
