import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminStats } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';

@Injectable()
export class AdminStatsService {
  constructor(private readonly dataSource: DataSource) {}

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
}
