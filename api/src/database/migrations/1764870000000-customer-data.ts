import { MigrationInterface, QueryRunner } from 'typeorm';
import { OPEN_ORDERS_LOCKED_SQL } from './1764700000000-money-ledger';

/**
 * Customers' data (docs/customer-data.md):
 * - `users.erased_at`: when the customer erased their account; the row stays, so their orders keep
 *   their foreign key, but with a placeholder name and email and no password;
 * - `orders.place_of_supply`: the GST state code of the place of supply, written when an erasure
 *   takes the PIN code and address away (the invoice must still name the state);
 * - `orders.invoice_buyer_name`: the buyer's name, kept on an erased customer's orders whose invoice
 *   must still name the recipient (taxable value ₹50,000 or more, CGST Rules 2017 rule 46(e));
 * - newsletter double opt-in: a subscription is `pending` until its confirmation link is used. Those
 *   who subscribed before stay `active`, confirmed when they subscribed;
 * - `shop_open_orders_locked` answers null for an erased account, read after its lock: an order
 *   whose placing waited for an erasure is refused (as signed out) instead of landing on it.
 */
export class CustomerData1764870000000 implements MigrationInterface {
  name = 'CustomerData1764870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN erased_at timestamptz`);
    await queryRunner.query(`ALTER TABLE orders ADD COLUMN place_of_supply char(2), ADD COLUMN invoice_buyer_name varchar(100)`);
    await queryRunner.query(`
      ALTER TABLE newsletter_subscribers
        ADD COLUMN status varchar(8) NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active')),
        ADD COLUMN confirmed_at timestamptz,
        ADD COLUMN confirmation_sent_at timestamptz`);
    await queryRunner.query(`UPDATE newsletter_subscribers SET confirmed_at = created_at`);
    await queryRunner.query(`ALTER TABLE newsletter_subscribers ALTER COLUMN status SET DEFAULT 'pending'`);
    // The same function, with one check after the buyer's lock.
    await queryRunner.query(
      OPEN_ORDERS_LOCKED_SQL.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION').replace(
        'FOR NO KEY UPDATE;',
        'FOR NO KEY UPDATE;\n        IF EXISTS (SELECT 1 FROM users WHERE id = buyer AND erased_at IS NOT NULL) THEN RETURN NULL; END IF;',
      ),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(OPEN_ORDERS_LOCKED_SQL.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
    await queryRunner.query(`DELETE FROM newsletter_subscribers WHERE status = 'pending'`);
    await queryRunner.query(`ALTER TABLE newsletter_subscribers DROP COLUMN confirmation_sent_at, DROP COLUMN confirmed_at, DROP COLUMN status`);
    await queryRunner.query(`ALTER TABLE orders DROP COLUMN invoice_buyer_name, DROP COLUMN place_of_supply`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN erased_at`);
  }
}
