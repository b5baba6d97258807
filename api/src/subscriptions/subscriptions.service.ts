import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Subscription, SubscriptionForecastDay, SubscriptionWithPack } from '@thalir/contracts';
import { recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import type { AuthUser } from '../auth/auth-user';
import { formatCalendarDay } from '../common/format';
import { ApiException } from '../common/http-errors';
import { isUuid } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { addDays, indiaClock, isCalendarDate, normaliseIndianMobile } from '../delivery/delivery-rules';
import { Clock, clockNow } from '../jobs/clock';
import { Outbox } from '../mail/outbox';
import { PlacementRefused, planPlacement } from '../orders/order-lifecycle';
import { OrderMoves } from '../orders/order-moves';
import { OrdersService } from '../orders/orders.service';
import { placePackOrder } from '../orders/subscription-orders';
import type { AdminSubscriptionsQuery, DeliveryChangeDto, PauseDto, SubscribeDto } from './dto/subscription.dto';
import { SUBSCRIPTION_STATE_SQL, type SubscriptionRow, subscriptionSelect, toSubscription } from './subscription-read';
import { cutoffAt } from './subscription-schedule';
import { writeComingRows } from './subscription-rows';
import { deliveryChangeRefusal, pauseRefusal, type PlanTerms, subscribeRefusal, tooLateMessage, tooLateToMoveMessage } from './subscription-rules';

const NOT_FOUND = 'Subscription not found';
const PLAN_NOT_FOUND = 'Subscription plan not found';
const CANCELLED = 'This subscription is cancelled';
const PHONE_REFUSED = "Enter the recipient's 10-digit Indian mobile number (optionally with +91)";

interface PlanForSale extends PlanTerms {
  id: string;
  name: string;
  pricePaise: number;
  active: boolean;
}

/** The subscription as a change reads it, under its row lock. */
interface LockedSubscription {
  id: string;
  userId: string;
  email: string;
  planId: string;
  cancelled: boolean;
  address: string;
  pincode: string;
  recipientName: string;
  recipientPhone: string;
}

/** The back office's page of subscriptions, unless it asks for another size. */
const ADMIN_PAGE_SIZE = 25;

const PLAN_FOR_SALE = `SELECT id, name, price_paise AS "pricePaise", frequencies, slots, packs, active FROM subscription_plans`;

/**
 * Customers' flower subscriptions (docs/subscriptions.md): subscribing and buying packs (orders of
 * their own kind, paid like any online order), the coming deliveries' changes before their cut-off,
 * pauses, and cancelling with the refund of what was not used. Every change locks the subscription
 * first; the cut-offs are checked by the database's clock under the delivery row's lock, so a change
 * and the job that makes the delivery never both win.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly orders: OrdersService,
    private readonly moves: OrderMoves,
    private readonly outbox: Outbox,
  ) {}

  /** Starts a subscription and places its first pack's order, to be paid online; nothing is kept if the pack cannot be placed. */
  async subscribe(buyer: AuthUser, dto: SubscribeDto): Promise<SubscriptionWithPack> {
    const plan = await this.planForSale(dto.plan);
    const now = this.clock.now();
    const policy = this.config.delivery;
    const weekdays = dto.weekdays ?? [];
    const refusal = subscribeRefusal(plan, { ...dto, weekdays }, now, policy);
    if (refusal) throw new BadRequestException(refusal);
    const recipientPhone = this.phoneOrRefuse(dto.recipientPhone);
    const recipientName = dto.recipientName || buyer.name;
    const subscriptionId = randomUUID();
    const orderId = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO subscriptions (id, user_id, plan_id, frequency, weekdays, start_date, slot, address, pincode, recipient_name, recipient_phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          subscriptionId,
          buyer.id,
          plan.id,
          dto.frequency,
          dto.frequency === 'weekdays' ? [...weekdays].sort((a, b) => a - b) : [],
          dto.startDate,
          dto.slot,
          dto.address,
          dto.pincode,
          recipientName,
          recipientPhone,
        ],
      );
      await writeComingRows(manager, [subscriptionId], now, policy);
      await this.placePack(
        manager,
        { id: subscriptionId, userId: buyer.id, address: dto.address, pincode: dto.pincode, recipientName, recipientPhone },
        plan,
        dto.pack,
        orderId,
        now,
      );
    });
    return { subscription: await this.mine(buyer, subscriptionId), order: await this.orders.findVisible(orderId, buyer) };
  }

  /** Another pack for a subscription that goes on, at the plan's price now. */
  async buyPack(buyer: AuthUser, id: string, deliveries: number): Promise<SubscriptionWithPack> {
    const orderId = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lockOwn(manager, id, buyer);
      const plan = await this.planForSale(subscription.planId, manager);
      if (!plan.packs.includes(deliveries)) throw new BadRequestException(`Choose a pack of ${plan.packs.join(', ')} deliveries`);
      await this.placePack(manager, subscription, plan, deliveries, orderId, this.clock.now());
    });
    return { subscription: await this.mine(buyer, id), order: await this.orders.findVisible(orderId, buyer) };
  }

  /**
   * Skips one coming delivery (or takes the skip back), moves it to another slot, or sends it to
   * another address, until its cut-off (and the new slot's). Refused with 409 once the cut-off has
   * passed: exactly one of the change and the job that makes the delivery wins.
   */
  async changeDelivery(buyer: AuthUser, id: string, date: string, dto: DeliveryChangeDto): Promise<Subscription> {
    if (!isCalendarDate(date)) throw new NotFoundException('This subscription has no delivery on that day');
    const recipientPhone = dto.recipientPhone === undefined ? undefined : this.phoneOrRefuse(dto.recipientPhone);
    const policy = this.config.delivery;
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lockOwn(manager, id, buyer);
      const [plan] = (await manager.query(`${PLAN_FOR_SALE} WHERE id = $1`, [subscription.planId])) as PlanForSale[];
      const refusal = deliveryChangeRefusal(dto, plan, policy);
      if (refusal) throw new BadRequestException(refusal);
      const newCutoff = dto.slot === undefined ? null : cutoffAt(date, dto.slot, policy);
      const [[changed]] = (await manager.query(
        `UPDATE subscription_deliveries SET
           status = CASE WHEN $3::boolean IS NULL THEN status WHEN $3 THEN 'skipped' ELSE 'scheduled' END,
           slot = coalesce($4, slot), cutoff_at = coalesce($5, cutoff_at), address = coalesce($6, address), pincode = coalesce($7, pincode),
           recipient_name = coalesce($8, recipient_name), recipient_phone = coalesce($9, recipient_phone), updated_at = now()
         WHERE subscription_id = $1 AND delivery_date = $2 AND status IN ('scheduled', 'skipped')
           AND cutoff_at > ${clockNow('$10')} AND coalesce($5, cutoff_at) > ${clockNow('$10')}
         RETURNING 1`,
        [
          id,
          date,
          dto.skip ?? null,
          dto.slot ?? null,
          newCutoff,
          dto.address ?? null,
          dto.pincode ?? null,
          dto.recipientName ?? null,
          recipientPhone ?? null,
          this.clock.aheadMs,
        ],
      )) as [unknown[], number];
      if (!changed) await this.explainUnchanged(manager, id, date, dto.slot);
    });
    return this.mine(buyer, id);
  }

  /** A holiday: no delivery and no credit used from `from` to `to`, both included; the deliveries go on after it by themselves. */
  async pause(buyer: AuthUser, id: string, dto: PauseDto): Promise<Subscription> {
    const refusal = pauseRefusal(dto.from, dto.to, this.clock.now());
    if (refusal) throw new BadRequestException(refusal);
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lockOwn(manager, id, buyer);
      await manager.query(`INSERT INTO subscription_pauses (subscription_id, from_date, to_date) VALUES ($1, $2, $3)`, [id, dto.from, dto.to]);
      // Days whose cut-off has passed are the job's: they go ahead.
      await manager.query(
        `UPDATE subscription_deliveries SET status = 'paused', updated_at = now()
         WHERE subscription_id = $1 AND delivery_date BETWEEN $2 AND $3 AND status = 'scheduled' AND cutoff_at > ${clockNow('$4')}`,
        [id, dto.from, dto.to, this.clock.aheadMs],
      );
      await this.outbox.enqueue(manager, [{ kind: 'subscription-paused', to: subscription.email, subscriptionId: id, from: dto.from, until: dto.to }]);
    });
    return this.mine(buyer, id);
  }

  /** Ends a pause (resume): its days still open to change are scheduled again, unless another pause holds them. */
  async resume(buyer: AuthUser, id: string, pauseId: string): Promise<Subscription> {
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lockOwn(manager, id, buyer);
      const [[pause]] = (
        isUuid(pauseId)
          ? await manager.query(
              `DELETE FROM subscription_pauses WHERE id = $1 AND subscription_id = $2 RETURNING from_date::text AS "from", to_date::text AS "to"`,
              [pauseId, id],
            )
          : [[]]
      ) as [{ from: string; to: string }[], number];
      if (!pause) throw new NotFoundException('This subscription has no such pause');
      await manager.query(
        `UPDATE subscription_deliveries d SET status = 'scheduled', updated_at = now()
         WHERE d.subscription_id = $1 AND d.delivery_date BETWEEN $2 AND $3 AND d.status = 'paused' AND d.cutoff_at > ${clockNow('$4')}
           AND NOT EXISTS (SELECT 1 FROM subscription_pauses z WHERE z.subscription_id = d.subscription_id AND d.delivery_date BETWEEN z.from_date AND z.to_date)`,
        [id, pause.from, pause.to, this.clock.aheadMs],
      );
      await this.outbox.enqueue(manager, [{ kind: 'subscription-resumed', to: subscription.email, subscriptionId: id }]);
    });
    return this.mine(buyer, id);
  }

  /**
   * Cancels the subscription: no more deliveries (those already made into orders go ahead), unpaid
   * packs are cancelled, and each paid pack with deliveries left is cancelled through the order
   * lifecycle, which refunds them at that pack's price against its payment, once.
   */
  async cancel(id: string, by: { buyer: AuthUser } | { staff: StaffAct }): Promise<Subscription> {
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lockOpen(manager, id, 'buyer' in by ? by.buyer.id : null);
      await manager.query(`UPDATE subscriptions SET cancelled_at = now(), updated_at = now() WHERE id = $1`, [id]);
      await manager.query(
        `UPDATE subscription_deliveries SET status = 'cancelled', note = NULL, updated_at = now() WHERE subscription_id = $1 AND status IN ('scheduled', 'skipped', 'paused', 'closed')`,
        [id],
      );
      const packs = (await manager.query(
        `SELECT o.id FROM orders o JOIN subscription_packs k ON k.order_id = o.id
         WHERE o.subscription_id = $1 AND o.kind = 'subscription-pack' AND o.status <> 'cancelled' AND (k.paid_at IS NULL OR k.used + k.refunded < k.deliveries)
         ORDER BY o.id`,
        [id],
      )) as { id: string }[];
      for (const pack of packs) await this.moves.move(manager, (await this.moves.lock(manager, pack.id))!, 'cancelled', { kind: 'system' });
      // Only cancelling refunds deliveries, once: what the packs now count as refunded is this cancelling's refund.
      const [{ refundPaise }] = (await manager.query(
        `SELECT coalesce(sum(refunded * price_paise), 0)::int AS "refundPaise" FROM subscription_packs WHERE subscription_id = $1`,
        [id],
      )) as { refundPaise: number }[];
      await this.outbox.enqueue(manager, [{ kind: 'subscription-cancelled', to: subscription.email, subscriptionId: id, refundPaise }]);
      if ('staff' in by) {
        await recordAudit(manager, {
          actor: by.staff,
          action: 'subscription.cancel',
          entity: 'subscription',
          entityId: id,
          before: { cancelled: false },
          after: { cancelled: true, refundPaise },
        });
      }
    });
    return 'buyer' in by ? this.mine(by.buyer, id) : this.adminOne(id);
  }

  /** A customer's subscriptions, newest first. */
  async listForUser(userId: string): Promise<Subscription[]> {
    return (await this.read(`s.user_id = $2 ORDER BY s.created_at DESC, s.id`, [userId])).map((row) =>
      toSubscription(row, this.clock.now(), this.config.delivery, false),
    );
  }

  /** One of the caller's subscriptions; 404 for anyone else's, as for unknown ids. */
  async mine(buyer: AuthUser, id: string): Promise<Subscription> {
    const [row] = isUuid(id) ? await this.read(`s.id = $2 AND s.user_id = $3`, [id, buyer.id]) : [];
    if (!row) throw new NotFoundException(NOT_FOUND);
    return toSubscription(row, this.clock.now(), this.config.delivery, false);
  }

  /** The back office's list: by plan and state, newest first, a page at a time, with each one's customer and coming deliveries. */
  async adminList(query: AdminSubscriptionsQuery): Promise<{ subscriptions: Subscription[]; total: number }> {
    if (query.plan !== undefined && !isUuid(query.plan)) throw new BadRequestException('plan must be a plan id');
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    // The plan and the state, given as the parameters named.
    const matching = (plan: string, state: string) =>
      `(${plan}::uuid IS NULL OR s.plan_id = ${plan}) AND (${state}::text IS NULL OR ${SUBSCRIPTION_STATE_SQL} = ${state})`;
    const values = [query.plan ?? null, query.status ?? null];
    const [rows, [{ total }]] = await Promise.all([
      this.read(`${matching('$2', '$3')} ORDER BY s.created_at DESC, s.id LIMIT $4 OFFSET $5`, [...values, limit, ((query.page ?? 1) - 1) * limit]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM subscriptions s WHERE ${matching('$1', '$2')}`, values) as Promise<{ total: number }[]>,
    ]);
    return { subscriptions: rows.map((row) => toSubscription(row, this.clock.now(), this.config.delivery, true)), total };
  }

  async adminOne(id: string): Promise<Subscription> {
    const [row] = isUuid(id) ? await this.read(`s.id = $2`, [id]) : [];
    if (!row) throw new NotFoundException(NOT_FOUND);
    return toSubscription(row, this.clock.now(), this.config.delivery, true);
  }

  /**
   * What the coming days need, so the shop knows what to buy from the growers: for each day, the
   * scheduled deliveries of each plan that the subscriptions' credits pay for (a subscription's
   * earliest days first), and the stems of each product they hold.
   */
  async forecast(days: number): Promise<SubscriptionForecastDay[]> {
    const today = indiaClock(this.clock.now()).date;
    const rows = (await this.dataSource.query(
      `WITH coming AS (
         SELECT d.delivery_date, s.plan_id,
           row_number() OVER (PARTITION BY d.subscription_id ORDER BY d.delivery_date) AS nth,
           (SELECT coalesce(sum(k.deliveries - k.used - k.refunded), 0) FROM subscription_packs k WHERE k.subscription_id = d.subscription_id AND k.paid_at IS NOT NULL) AS credits
         FROM subscription_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
         WHERE d.status = 'scheduled' AND s.cancelled_at IS NULL
       ), covered AS (
         SELECT delivery_date, plan_id, count(*)::int AS deliveries FROM coming
         WHERE nth <= credits AND delivery_date BETWEEN $1::date AND $2::date GROUP BY delivery_date, plan_id
       )
       SELECT c.delivery_date::text AS date, p.id AS "planId", p.name, c.deliveries,
         (SELECT json_agg(json_build_object('productId', i.product_id, 'name', pr.name, 'quantity', i.quantity * c.deliveries) ORDER BY i.position)
          FROM subscription_plan_items i JOIN products pr ON pr.id = i.product_id WHERE i.plan_id = p.id) AS items
       FROM covered c JOIN subscription_plans p ON p.id = c.plan_id ORDER BY c.delivery_date, p.name`,
      [today, addDays(today, days - 1)],
    )) as { date: string; planId: string; name: string; deliveries: number; items: { productId: string; name: string; quantity: number }[] | null }[];
    return Array.from({ length: days }, (_, offset) => {
      const date = addDays(today, offset);
      const ofDay = rows.filter((row) => row.date === date);
      const products = new Map<string, { productId: string; name: string; quantity: number }>();
      for (const item of ofDay.flatMap((row) => row.items ?? [])) {
        const known = products.get(item.productId);
        if (known) known.quantity += item.quantity;
        else products.set(item.productId, { ...item });
      }
      return {
        date,
        plans: ofDay.map((row) => ({ planId: row.planId, name: row.name, deliveries: row.deliveries })),
        products: [...products.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name)),
      };
    });
  }

  private async read(where: string, values: unknown[]): Promise<SubscriptionRow[]> {
    return (await this.dataSource.query(subscriptionSelect(where), [indiaClock(this.clock.now()).date, ...values])) as SubscriptionRow[];
  }

  /** A plan on sale, by its address (slug) or id; 404 otherwise. */
  private async planForSale(slugOrId: string, manager: EntityManager = this.dataSource.manager): Promise<PlanForSale> {
    const [plan] = (await manager.query(`${PLAN_FOR_SALE} WHERE ${isUuid(slugOrId) ? 'id = $1' : 'slug = $1'}`, [slugOrId])) as PlanForSale[];
    if (!plan) throw new NotFoundException(PLAN_NOT_FOUND);
    if (!plan.active) throw new ConflictException(`${plan.name} is no longer on sale`);
    return plan;
  }

  private async placePack(
    manager: EntityManager,
    subscription: Pick<LockedSubscription, 'id' | 'userId' | 'address' | 'pincode' | 'recipientName' | 'recipientPhone'>,
    plan: PlanForSale,
    deliveries: number,
    orderId: string,
    now: Date,
  ): Promise<void> {
    const placement = planPlacement(
      { paymentMethod: 'razorpay', lines: [] },
      { paymentHoldMs: this.config.paymentHoldMs, maxUnpaidOrders: this.config.maxUnpaidOrders, ...this.config.orderLimits },
      now,
    );
    try {
      await placePackOrder(manager, {
        orderId,
        buyerId: subscription.userId,
        subscriptionId: subscription.id,
        planId: plan.id,
        planName: plan.name,
        pricePaise: plan.pricePaise,
        deliveries,
        address: subscription.address,
        recipientName: subscription.recipientName,
        recipientPhone: subscription.recipientPhone,
        pincode: subscription.pincode,
        plan: placement,
        now,
      });
    } catch (error) {
      if (error instanceof PlacementRefused) throw new ApiException(error.status as HttpStatus, error.message, error.details);
      throw error;
    }
  }

  private phoneOrRefuse(phone: string): string {
    const normalised = normaliseIndianMobile(phone);
    if (!normalised) throw new BadRequestException(PHONE_REFUSED);
    return normalised;
  }

  /** The caller's own subscription under its row lock; 404 for anyone else's, 409 once cancelled. */
  private lockOwn(manager: EntityManager, id: string, buyer: AuthUser): Promise<LockedSubscription> {
    return this.lockOpen(manager, id, buyer.id);
  }

  /**
   * The subscription (of `ownerId`, when named) under its row lock; 404 when there is none, 409 once
   * cancelled. NO KEY UPDATE: a payment being recorded for one of its packs checks the order's key to
   * it (KEY SHARE) while holding the order, which a plain FOR UPDATE would make a deadlock.
   */
  private async lockOpen(manager: EntityManager, id: string, ownerId: string | null): Promise<LockedSubscription> {
    const [subscription] = isUuid(id)
      ? ((await manager.query(
          `SELECT s.id, s.user_id AS "userId", u.email, s.plan_id AS "planId", s.cancelled_at IS NOT NULL AS cancelled, s.address, s.pincode,
             s.recipient_name AS "recipientName", s.recipient_phone AS "recipientPhone"
           FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 FOR NO KEY UPDATE OF s`,
          [id],
        )) as LockedSubscription[])
      : [];
    if (!subscription || (ownerId !== null && subscription.userId !== ownerId)) throw new NotFoundException(NOT_FOUND);
    if (subscription.cancelled) throw new ConflictException(CANCELLED);
    return subscription;
  }

  /** Why a change to a delivery was not made, from its row as it is now. */
  private async explainUnchanged(manager: EntityManager, id: string, date: string, newSlot: string | undefined): Promise<never> {
    const [day] = (await manager.query(
      `SELECT slot, status, cutoff_at > ${clockNow('$3')} AS open FROM subscription_deliveries WHERE subscription_id = $1 AND delivery_date = $2`,
      [id, date, this.clock.aheadMs],
    )) as { slot: string; status: string; open: boolean }[];
    if (!day) throw new NotFoundException(`This subscription has no delivery on ${formatCalendarDay(date)}`);
    const policy = this.config.delivery;
    if (day.status === 'paused') throw new ConflictException(`${formatCalendarDay(date)} is in a pause; end the pause to change it`);
    if (day.status === 'closed') throw new ConflictException(`We do not deliver on ${formatCalendarDay(date)}`);
    if ((day.status === 'scheduled' || day.status === 'skipped') && day.open && newSlot !== undefined) {
      throw new ConflictException(tooLateToMoveMessage(date, newSlot, policy));
    }
    throw new ConflictException(tooLateMessage(date, day.slot, policy));
  }
}
