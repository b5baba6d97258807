import { MigrationInterface, QueryRunner } from 'typeorm';

/** Wholesale and export enquiries: what a foreign buyer asks a quote for, and where staff are with it. */
export class Enquiries1764400000000 implements MigrationInterface {
  name = 'Enquiries1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE enquiries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company varchar(150) NOT NULL,
        contact_name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(25),
        country char(2) NOT NULL,
        products jsonb NOT NULL DEFAULT '[]',
        quantity integer CHECK (quantity > 0),
        frequency varchar(10) CHECK (frequency IN ('one-off', 'weekly', 'monthly', 'seasonal')),
        target_month char(7),
        message text NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'quoted', 'won', 'lost')),
        note text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX enquiries_status_created_idx ON enquiries (status, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS enquiries`);
  }
}
