import type { JobDefinition } from '../jobs/job-queue';
import type { OrdersService } from './orders.service';

export const EXPIRE_UNPAID_ORDERS_QUEUE = 'expire-unpaid-orders';

/** A sweep every few seconds keeps an expired hold within 15 s of its end, with any number of processes. */
const SWEEP_EVERY_SECONDS = 5;

/**
 * Cancels online orders whose payment window ran out and returns their stock. The queue is
 * `stately` (one job waiting, one running, across every process); each run queues the next one, and
 * a cron job and every process's start put the chain back should it ever break.
 */
export function expireUnpaidOrdersJob(jobs: { send(queue: string, data: null, options: { startAfter: number }): Promise<void> }, orders: OrdersService): JobDefinition {
  return {
    queue: EXPIRE_UNPAID_ORDERS_QUEUE,
    options: { policy: 'stately', retryLimit: 2, retryDelay: 1, expireInSeconds: 120 },
    cron: '* * * * *',
    sendAtStart: true,
    pollingIntervalSeconds: 1,
    async handle() {
      try {
        await orders.expireUnpaidOrders();
      } finally {
        await jobs.send(EXPIRE_UNPAID_ORDERS_QUEUE, null, { startAfter: SWEEP_EVERY_SECONDS });
      }
    },
  };
}
