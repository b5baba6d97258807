import { Inject, Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { ORDER_STATUSES, type AdminStats, type OrderStatus, type SalesStats } from '@thalir/contracts';
import { ProductEntity } from '../catalog/product.entity';
import { imageBaseOf, toProduct } from '../catalog/product.mapper';
import { paiseToRupees } from '../common/money';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Days are the shop's days: India Standard Time. */
const SHOP_TIME_ZONE = 'Asia/Kolkata';
export const LOW_STOCK_THRESHOLD = 10;
const LOW_STOCK_LIMIT = 10;
const TOP_PRODUCTS = 5;

@Injectable()
export class AdminStatsService {
  private readonly imageBase: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.imageBase = imageBaseOf(config);
  }

  /** Revenue sums orders that are paid and not cancelled. */
  async summary(): Promise<AdminStats> {
    const [row] = await this.dataSource.query(`
      SELECT
        (SELECT count(*) FROM users)::int AS "totalUsers",
        (SELECT count(*) FROM products)::int AS "totalProducts",
        (SELECT count(*) FROM orders)::int AS "totalOrders",
        (SELECT coalesce(sum(total_paise), 0) FROM orders WHERE is_paid AND status <> 'cancelled')::bigint AS "revenuePaise"`);
    return {
      totalUsers: row.totalUsers,
      totalProducts: row.totalProducts,
      totalOrders: row.totalOrders,
      totalRevenue: paiseToRupees(Number(row.revenuePaise)),
    };
  }

  /**
   * What the /admin/stats screen draws for the last `days` shop days, today included. Everything
   * counts by the day an order was placed; revenue follows the summary's rule (paid, not
   * cancelled), top products count every order that is not cancelled, paid or not.
   */
  async sales(days: number): Promise<SalesStats> {
    const [{ since }] = (await this.dataSource.query(`SELECT (((now() AT TIME ZONE $2)::date - ($1::int - 1))::timestamp AT TIME ZONE $2) AS since`, [
      days,
      SHOP_TIME_ZONE,
    ])) as { since: Date }[];

    const [daily, statuses, top, lowStock] = await Promise.all([
      this.dataSource.query(
        `WITH placed AS (
           SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS orders,
                  coalesce(sum(total_paise) FILTER (WHERE is_paid AND status <> 'cancelled'), 0)::bigint AS revenue
           FROM orders WHERE created_at >= $1 GROUP BY 1
         )
         SELECT to_char(series.day, 'YYYY-MM-DD') AS date, coalesce(placed.orders, 0) AS orders, coalesce(placed.revenue, 0) AS "revenuePaise"
         FROM generate_series(($1::timestamptz AT TIME ZONE $2)::date, (now() AT TIME ZONE $2)::date, interval '1 day') AS series(day)
         LEFT JOIN placed ON placed.day = series.day::date
         ORDER BY series.day`,
        [since, SHOP_TIME_ZONE],
      ) as Promise<{ date: string; orders: number; revenuePaise: string }[]>,
      this.dataSource.query(`SELECT status, count(*)::int AS count FROM orders WHERE created_at >= $1 GROUP BY status`, [since]) as Promise<
        { status: OrderStatus; count: number }[]
      >,
      this.dataSource.query(
        `SELECT i.product_id AS product, coalesce(p.name, max(i.name)) AS name, sum(i.quantity)::int AS quantity,
                sum(i.quantity::bigint * i.unit_price_paise) AS "revenuePaise"
         FROM order_items i
         JOIN orders o ON o.id = i.order_id
         LEFT JOIN products p ON p.id = i.product_id
         WHERE o.created_at >= $1 AND o.status <> 'cancelled' AND i.product_id IS NOT NULL
         GROUP BY i.product_id, p.name
         ORDER BY "revenuePaise" DESC, quantity DESC, name
         LIMIT ${TOP_PRODUCTS}`,
        [since],
      ) as Promise<{ product: string; name: string; quantity: number; revenuePaise: string }[]>,
      this.dataSource.getRepository(ProductEntity).find({
        where: { stock: LessThanOrEqual(LOW_STOCK_THRESHOLD) },
        order: { stock: 'ASC', name: 'ASC', id: 'ASC' },
        take: LOW_STOCK_LIMIT,
      }),
    ]);

    const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
    for (const row of statuses) byStatus[row.status] = row.count;
    return {
      days: daily.map((row) => ({ date: row.date, orders: row.orders, revenue: paiseToRupees(Number(row.revenuePaise)) })),
      byStatus,
      topProducts: top.map((row) => ({ product: row.product, name: row.name, quantity: row.quantity, revenue: paiseToRupees(Number(row.revenuePaise)) })),
      lowStock: lowStock.map((product) => toProduct(product, this.imageBase)),
    };
  }
}
