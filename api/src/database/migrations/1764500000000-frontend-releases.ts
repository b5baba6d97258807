import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live frontend release per app, its audit trail, and what browsers report about the frontends.
 * A change to the live pointer is announced on `frontend_release_changed` (payload: the app) by a
 * trigger, so every API process switches whichever process or command line made the change.
 */
export class FrontendReleases1764500000000 implements MigrationInterface {
  name = 'FrontendReleases1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE frontend_live_releases (
        app varchar(32) PRIMARY KEY,
        release varchar(128),
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE frontend_release_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app varchar(32) NOT NULL,
        action varchar(16) NOT NULL CHECK (action IN ('promote', 'rollback')),
        from_release varchar(128),
        to_release varchar(128),
        forced boolean NOT NULL DEFAULT false,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        actor varchar(254) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX frontend_release_changes_app_created ON frontend_release_changes (app, created_at DESC)`);
    await queryRunner.query(`
      CREATE FUNCTION frontend_release_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('frontend_release_changed', COALESCE(NEW.app, OLD.app));
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER frontend_live_releases_changed
        AFTER INSERT OR UPDATE OR DELETE ON frontend_live_releases
        FOR EACH ROW EXECUTE FUNCTION frontend_release_changed()`);
    await queryRunner.query(`
      CREATE TABLE client_errors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(64) NOT NULL,
        app varchar(64),
        message varchar(1000) NOT NULL,
        page varchar(500),
        details jsonb,
        user_agent varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX client_errors_created_at ON client_errors (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS client_errors`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS frontend_live_releases_changed ON frontend_live_releases`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS frontend_release_changed()`);
    await queryRunner.query(`DROP TABLE IF EXISTS frontend_release_changes`);
    await queryRunner.query(`DROP TABLE IF EXISTS frontend_live_releases`);
  }
}
