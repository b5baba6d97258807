import type { RecurringWork } from '../jobs/job-queue';
import type { OrdersService } from './orders.service';

/** A sweep every few seconds keeps an expired hold within 15 s of its end, with any number of processes. */
const SWEEP_EVERY_SECONDS = 5;

/**
 * Cancels pending orders whose hold ran out (an online order's payment window, a cash order's wait
 * for staff confirmation) and returns their stock. The queue keeps its first name, so the schedules
 * stored under it go on working.
 */
export function expireOrderHoldsJob(orders: OrdersService): RecurringWork {
  return {
    queue: 'expire-unpaid-orders',
    options: { retryLimit: 2, retryDelay: 1, expireInSeconds: 120 },
    everySeconds: SWEEP_EVERY_SECONDS,
    runDue: () => orders.expireHolds(),
  };
}
