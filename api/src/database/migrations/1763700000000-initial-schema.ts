import { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole contract's schema. Money is integer paise; emails are stored lower-cased. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash varchar(100) NOT NULL,
        address text NOT NULL DEFAULT '',
        role varchar(16) NOT NULL DEFAULT 'customer' CHECK (role IN ('admin', 'customer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        description text NOT NULL DEFAULT '',
        price_paise integer NOT NULL CHECK (price_paise >= 0),
        stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
        type varchar(16) NOT NULL CHECK (type IN ('flower', 'green_leaf')),
        image_key varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX products_created_idx ON products (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX products_type_created_idx ON products (type, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX products_price_idx ON products (price_paise, id)`);
    await queryRunner.query(`CREATE INDEX products_name_idx ON products (name, id)`);
    await queryRunner.query(`CREATE INDEX products_search_trgm_idx ON products USING gin ((name || ' ' || description) gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
        total_paise integer NOT NULL CHECK (total_paise >= 0),
        payment_method varchar(16) NOT NULL CHECK (payment_method IN ('cash', 'razorpay')),
        address text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
        is_paid boolean NOT NULL DEFAULT false,
        paid_at timestamptz,
        razorpay_order_id varchar(64) UNIQUE,
        razorpay_payment_id varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX orders_created_idx ON orders (created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        product_id uuid REFERENCES products(id) ON DELETE SET NULL,
        name varchar(120) NOT NULL,
        unit_price_paise integer NOT NULL CHECK (unit_price_paise >= 0),
        quantity integer NOT NULL CHECK (quantity > 0),
        position integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX order_items_order_idx ON order_items (order_id, position)`);
    await queryRunner.query(`CREATE INDEX order_items_product_idx ON order_items (product_id)`);
    await queryRunner.query(`
      CREATE TABLE order_status_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        status varchar(16) NOT NULL,
        changed_by uuid,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX order_status_changes_order_idx ON order_status_changes (order_id, changed_at)`);
    await queryRunner.query(`
      CREATE TABLE wishlist_items (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, product_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE newsletter_subscribers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash varchar(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);
    await queryRunner.query(`
      CREATE TABLE payment_events (
        event_id varchar(100) PRIMARY KEY,
        type varchar(64) NOT NULL,
        razorpay_order_id varchar(64),
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One row whose version moves on every catalogue change; caches key on it (see catalog module).
    await queryRunner.query(`CREATE TABLE catalog_state (id smallint PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO catalog_state (id, version) VALUES (1, 1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'catalog_state',
      'payment_events',
      'password_resets',
      'newsletter_subscribers',
      'contact_messages',
      'wishlist_items',
      'order_status_changes',
      'order_items',
      'orders',
      'products',
      'users',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
