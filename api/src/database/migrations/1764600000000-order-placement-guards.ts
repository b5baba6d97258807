import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two helpers that let an order be placed in a single statement (OrdersService.place):
 * - shop_refuse(reason) raises, so a guard inside the statement rolls all of it back (stock included);
 * - shop_unpaid_orders_locked(buyer) locks the buyer, then counts their online orders waiting for
 *   payment. Being VOLATILE it counts with a snapshot taken after the lock, so two placings by one
 *   buyer at once count one after the other (a plain subquery would use the statement's older snapshot).
 */
export class OrderPlacementGuards1764600000000 implements MigrationInterface {
  name = 'OrderPlacementGuards1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION shop_refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'shop:' || reason;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION shop_unpaid_orders_locked(buyer uuid) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE waiting integer;
      BEGIN
        PERFORM 1 FROM users WHERE id = buyer FOR UPDATE;
        SELECT count(*) INTO waiting FROM orders
        WHERE user_id = buyer AND status = 'pending' AND NOT is_paid AND payment_method = 'razorpay' AND payment_due_at > now();
        RETURN waiting;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION IF EXISTS shop_unpaid_orders_locked(uuid)`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS shop_refuse(text)`);
  }
}
