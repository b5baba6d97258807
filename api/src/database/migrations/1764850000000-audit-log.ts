import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log: every staff write and staff sign-in, written in the same transaction as the change.
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE on it, whoever asks, so a row once
 * written stays (kept at least a year, as India's DPDP Rules 2025 ask of logs; nothing prunes it).
 */
export class AuditLog1764850000000 implements MigrationInterface {
  name = 'AuditLog1764850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid,
        actor_email varchar(254),
        actor_role varchar(16),
        action varchar(40) NOT NULL,
        entity varchar(24) NOT NULL,
        entity_id varchar(64),
        before jsonb,
        after jsonb,
        client_address varchar(64)
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id)`);
    await queryRunner.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only: % is not allowed', TG_OP USING ERRCODE = '42501';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_log_append_only()`);
  }
}
