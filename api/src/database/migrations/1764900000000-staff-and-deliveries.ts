import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles and the delivery person's day (docs/staff-and-deliveries.md):
 * - `users.role` takes the staff roles; `users.deactivated_at` ends a staff member's access;
 * - `staff_invites`: an invitation to the back office, its link's token kept only as a hash;
 * - `orders.courier_id`: who takes the order out; `cash_collected_paise` what they took at the door;
 *   `failed_delivery_*` the last time they could not hand it over (the history keeps every attempt);
 * - the history's actor may be the delivery person (`courier`).
 */
export class StaffAndDeliveries1764900000000 implements MigrationInterface {
  name = 'StaffAndDeliveries1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        DROP CONSTRAINT users_role_check,
        ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'catalog', 'orders', 'delivery', 'accounts', 'customer')),
        ADD COLUMN deactivated_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE staff_invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        name varchar(100) NOT NULL,
        role varchar(16) NOT NULL CHECK (role IN ('admin', 'catalog', 'orders', 'delivery', 'accounts')),
        token_hash varchar(64) NOT NULL UNIQUE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        revoked_at timestamptz
      )`);
    // One open invitation per address at a time.
    await queryRunner.query(`CREATE UNIQUE INDEX staff_invites_open_email ON staff_invites (email) WHERE accepted_at IS NULL AND revoked_at IS NULL`);
    await queryRunner.query(`
      ALTER TABLE orders
        ADD COLUMN courier_id uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN courier_assigned_at timestamptz,
        ADD COLUMN cash_collected_paise integer CHECK (cash_collected_paise >= 0),
        ADD COLUMN failed_delivery_reason varchar(16) CHECK (failed_delivery_reason IN ('nobody-home', 'wrong-address', 'refused')),
        ADD COLUMN failed_delivery_at timestamptz`);
    await queryRunner.query(`CREATE INDEX orders_courier_idx ON orders (courier_id, delivery_date) WHERE courier_id IS NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE order_status_changes
        DROP CONSTRAINT order_status_changes_actor_check,
        ADD CONSTRAINT order_status_changes_actor_check CHECK (actor IN ('admin', 'buyer', 'system', 'courier'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM order_status_changes WHERE actor = 'courier'`);
    await queryRunner.query(`
      ALTER TABLE order_status_changes
        DROP CONSTRAINT order_status_changes_actor_check,
        ADD CONSTRAINT order_status_changes_actor_check CHECK (actor IN ('admin', 'buyer', 'system'))`);
    await queryRunner.query(`DROP INDEX orders_courier_idx`);
    await queryRunner.query(`
      ALTER TABLE orders DROP COLUMN failed_delivery_at, DROP COLUMN failed_delivery_reason, DROP COLUMN cash_collected_paise,
        DROP COLUMN courier_assigned_at, DROP COLUMN courier_id`);
    await queryRunner.query(`DROP TABLE staff_invites`);
    await queryRunner.query(`UPDATE users SET role = 'customer' WHERE role NOT IN ('admin', 'customer')`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN deactivated_at,
        DROP CONSTRAINT users_role_check,
        ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'customer'))`);
  }
}
