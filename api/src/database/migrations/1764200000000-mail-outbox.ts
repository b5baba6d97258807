import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox: a mail to send is a row written in the transaction of the change that causes it,
 * so a change that commits always gets its mail and one that rolls back never does. A worker claims
 * due rows (FOR UPDATE SKIP LOCKED), sends them and records the outcome.
 */
export class MailOutbox1764200000000 implements MigrationInterface {
  name = 'MailOutbox1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_mails (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(40) NOT NULL,
        recipient varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error varchar(1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX outbox_mails_due_idx ON outbox_mails (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    await queryRunner.query(`CREATE INDEX outbox_mails_created_idx ON outbox_mails (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX outbox_mails_status_created_idx ON outbox_mails (status, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS outbox_mails`);
  }
}
