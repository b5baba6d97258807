import type { DataSource } from 'typeorm';
import type { QueuedJob } from '../jobs/job-queue';
import type { LowStockLine } from './mail-kinds';
import type { Outbox } from './outbox';

/**
 * Every morning at 08:00 India time (02:30 UTC) the staff get the products at or under
 * LOW_STOCK_THRESHOLD, when there are any.
 */
export function lowStockDigestJob(deps: { dataSource: DataSource; outbox: Outbox; threshold: number }): QueuedJob {
  const { dataSource, outbox, threshold } = deps;
  return {
    queue: 'low-stock-digest',
    cron: '30 2 * * *',
    options: { retryLimit: 3, retryDelay: 60 },
    async handle() {
      const staff = outbox.staff;
      if (!staff) return;
      await dataSource.transaction(async (manager) => {
        const products = (await manager.query(`SELECT name, stock FROM products WHERE stock <= $1 ORDER BY stock, name LIMIT 200`, [
          threshold,
        ])) as LowStockLine[];
        if (products.length > 0) await outbox.enqueue(manager, [{ kind: 'staff-low-stock', to: staff, threshold, products }]);
      });
    },
  };
}
