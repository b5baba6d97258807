import type { JobDefinition } from '../jobs/job-queue';
import type { OrdersService } from './orders.service';

/** A sweep every few seconds keeps an expired hold within 15 s of its end, with any number of processes. */
const SWEEP_EVERY_SECONDS = 5;

/** Cancels online orders whose payment window ran out and returns their stock. */
export function expireUnpaidOrdersJob(orders: OrdersService): JobDefinition {
  return {
    queue: 'expire-unpaid-orders',
    options: { retryLimit: 2, retryDelay: 1, expireInSeconds: 120 },
    everySeconds: SWEEP_EVERY_SECONDS,
    handle: () => orders.expireUnpaidOrders().then(() => undefined),
  };
}
