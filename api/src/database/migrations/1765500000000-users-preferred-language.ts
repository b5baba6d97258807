import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language an account reads the shop's mails and invoices in: the one it registered in, changed
 * on the profile. Every account so far registered in English.
 */
export class UsersPreferredLanguage1765500000000 implements MigrationInterface {
  name = 'UsersPreferredLanguage1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE users ADD COLUMN preferred_language text NOT NULL DEFAULT 'en' CONSTRAINT users_preferred_language_check CHECK (preferred_language IN ('en', 'ta'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN preferred_language`);
  }
}
