import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock, clockNow } from '../jobs/clock';
import type { RecurringWork } from '../jobs/job-queue';
import type { MailRequest } from '../mail/mail-kinds';
import { Outbox } from '../mail/outbox';
import { OrderMoves } from '../orders/order-moves';
import { makeDeliveryOrders } from '../orders/subscription-orders';
import { writeComingRows } from './subscription-rows';
import { LOW_CREDITS } from './subscription-rules';

/** Rows claimed per transaction: one statement makes them all. */
const DELIVERIES_PER_BATCH = 500;

const NOT_MADE_NOTE = 'We did not have enough fresh flowers that day; the delivery was not used and stays on your subscription';
const CLOSED_NOTE = 'The shop was closed that day; the delivery was not used';

/** A due row, claimed (locked with its subscription) by one process. */
interface ClaimedDay {
  subscriptionId: string;
  date: string;
  email: string;
}

/**
 * Rows scheduled whose cut-off has passed, with their subscription, locked and skipped by any other
 * process (or a customer's change) holding them: several processes share the work, and a change
 * that holds a row wins over the job, which takes the row on its next run if the change let it be.
 * NO KEY UPDATE, so that orders checking their key to the subscription (a pack's payment) never wait.
 */
const CLAIM_DUE_SQL = `
  SELECT d.subscription_id AS "subscriptionId", d.delivery_date::text AS date, u.email
  FROM subscription_deliveries d JOIN subscriptions s ON s.id = d.subscription_id JOIN users u ON u.id = s.user_id
  WHERE d.status = 'scheduled' AND d.cutoff_at <= ${clockNow('$1')}
  ORDER BY d.cutoff_at, d.subscription_id, d.delivery_date
  LIMIT $2
  FOR NO KEY UPDATE OF d, s SKIP LOCKED`;

/**
 * The two jobs of subscriptions: writing the rows of the coming days, and turning each due delivery
 * into an order at its cut-off. Both can run in any number of API processes at once and again after
 * a crash: the rows are written once by their key, a claimed batch commits whole or not at all, and
 * the database allows one delivery order per subscription and day.
 */
@Injectable()
export class SubscriptionDeliveries {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly moves: OrderMoves,
  ) {}

  /** The rows of the coming days for every subscription that goes on. */
  writeComingRows(): Promise<number> {
    return this.dataSource.transaction((manager) => writeComingRows(manager, null, this.clock.now(), this.config.delivery));
  }

  /**
   * Settles every delivery whose cut-off has passed, a batch per transaction: made into an order
   * from a credit, or marked (no credit left, the shop closed that day, stock short). Answers how
   * many rows it settled. `batches` stops it after that many (the tests' crash between batches).
   */
  async makeDue(batches = Number.POSITIVE_INFINITY, batchSize = DELIVERIES_PER_BATCH): Promise<number> {
    let settled = 0;
    for (let batch = 0; batch < batches; batch++) {
      const count = await this.dataSource.transaction((manager) => this.settleBatch(manager, batchSize));
      if (count === 0) break;
      settled += count;
    }
    return settled;
  }

  private async settleBatch(manager: EntityManager, batchSize: number): Promise<number> {
    const claimed = (await manager.query(CLAIM_DUE_SQL, [this.clock.aheadMs, batchSize])) as ClaimedDay[];
    if (claimed.length === 0) return 0;
    const closed = claimed.filter((day) => this.config.delivery.closedDates.has(day.date));
    if (closed.length > 0) await this.mark(manager, closed, 'closed', CLOSED_NOTE);
    // One day per subscription per batch, its earliest: its credits are spent in date order. The rest wait for the next batch.
    const firstOfEach = new Map<string, ClaimedDay>();
    for (const day of claimed) if (!closed.includes(day) && !firstOfEach.has(day.subscriptionId)) firstOfEach.set(day.subscriptionId, day);
    const open = [...firstOfEach.values()];
    const emails = new Map(claimed.map((day) => [day.subscriptionId, day.email]));

    const mails: MailRequest[] = [];
    const together = await makeDeliveryOrders(manager, open);
    let { made, usedUpPacks } = together;
    if (together.stockShort) {
      // Not enough for all of them: each on its own, in cut-off order, while the stock lasts.
      [made, usedUpPacks] = [[], []];
      const short: ClaimedDay[] = [];
      for (const day of open) {
        const single = await makeDeliveryOrders(manager, [day]);
        if (single.stockShort) short.push(day);
        made.push(...single.made);
        usedUpPacks.push(...single.usedUpPacks);
      }
      await this.mark(manager, short, 'not-made', NOT_MADE_NOTE);
      mails.push(
        ...short.map((day) => ({ kind: 'subscription-delivery-not-made' as const, to: day.email, subscriptionId: day.subscriptionId, date: day.date })),
      );
    }
    for (const delivery of made) {
      if (delivery.creditsLeft === LOW_CREDITS) {
        mails.push({
          kind: 'subscription-low-credits',
          to: emails.get(delivery.subscriptionId)!,
          subscriptionId: delivery.subscriptionId,
          creditsLeft: LOW_CREDITS,
        });
      }
    }
    await this.outbox.enqueue(manager, mails);
    for (const packOrderId of usedUpPacks) {
      const pack = await this.moves.lock(manager, packOrderId);
      if (pack?.status === 'processing') await this.moves.move(manager, pack, 'delivered', { kind: 'system' });
    }
    return claimed.length;
  }

  private async mark(manager: EntityManager, days: readonly ClaimedDay[], status: 'closed' | 'not-made', note: string): Promise<void> {
    if (days.length === 0) return;
    await manager.query(
      `UPDATE subscription_deliveries d SET status = $3, note = $4, updated_at = now()
       FROM unnest($1::uuid[], $2::date[]) AS day(subscription_id, delivery_date)
       WHERE d.subscription_id = day.subscription_id AND d.delivery_date = day.delivery_date AND d.status = 'scheduled'`,
      [days.map((day) => day.subscriptionId), days.map((day) => day.date), status, note],
    );
  }
}

/** Due deliveries are made within half a minute of their cut-off, with any number of processes. */
export function makeDueDeliveriesJob(deliveries: SubscriptionDeliveries): RecurringWork {
  return {
    queue: 'subscription-deliveries',
    options: { retryLimit: 5, retryDelay: 5, expireInSeconds: 600 },
    everySeconds: 30,
    runDue: () => deliveries.makeDue(),
  };
}

/** The rows of the coming days, extended as days pass (hourly: a row is written days before its cut-off). */
export function writeComingRowsJob(deliveries: SubscriptionDeliveries): RecurringWork {
  return {
    queue: 'subscription-rows',
    options: { retryLimit: 5, retryDelay: 30, expireInSeconds: 600 },
    everySeconds: 3600,
    runDue: () => deliveries.writeComingRows(),
  };
}
