import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type CourierDay, type CourierStop, type DeliveryStop, type FailedDeliveryReason, type OrderStatus } from '@thalir/contracts';
import { recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import { rolesWith } from '../auth/permissions';
import { formatPaise } from '../common/format';
import { isUuid } from '../common/ids';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { indiaClock } from '../delivery/delivery-rules';
import { SLOT_ORDER, STOP_COLUMNS, STOP_FROM, type StopRow, toCollect, toDeliveryStop } from './delivery-run';
import { failedDeliveryReason } from './order-lifecycle';
import { OrderMoves } from './order-moves';

const STOP_NOT_FOUND = 'Stop not found';

/** A maps search for the address, which phones open in their map app. */
export const mapUrlOf = (address: string, pincode: string | null) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(pincode ? `${address}, ${pincode}` : address)}`;

type StopRowWithDate = StopRow & { deliveryDate: string };

/** The back office's stop, less who takes it (the caller), plus its place in the round and a map link. */
function toCourierStop(row: StopRow, position: number): CourierStop {
  const { courier: _courier, ...stop } = toDeliveryStop(row);
  return { ...stop, position, slot: row.slot, mapUrl: mapUrlOf(row.address, row.pincode) };
}

/**
 * The delivery person's day: the stops staff assigned to them, and what they report from each door.
 * Each report is an order move through the lifecycle table (courier rows), audited in the same
 * transaction; a stop that is not theirs is 404, as if it did not exist.
 */
@Injectable()
export class CourierStops {
  constructor(
    private readonly dataSource: DataSource,
    private readonly moves: OrderMoves,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The courier's stops on `date` (today in India by default), in the order they are driven. */
  async day(courierId: string, date = indiaClock(new Date()).date): Promise<CourierDay> {
    const rows = (await this.dataSource.query(
      `SELECT ${STOP_COLUMNS} FROM ${STOP_FROM}
       WHERE o.courier_id = $1 AND o.delivery_date = $2 AND o.status <> 'cancelled'
       ORDER BY ${SLOT_ORDER('$3')}, o.courier_assigned_at, o.id`,
      [courierId, date, this.config.delivery.slots.map((slot) => slot.label)],
    )) as StopRow[];
    const stops = rows.map((row, index) => toCourierStop(row, index + 1));
    return {
      date,
      stops,
      collectTotal: paiseToRupees(rows.reduce((sum, row) => sum + toCollect(row), 0)),
      collectedTotal: paiseToRupees(rows.reduce((sum, row) => sum + (row.cashCollectedPaise ?? 0), 0)),
    };
  }

  /** Out for delivery: the order is shipped and its buyer mailed. */
  out(act: StaffAct, orderId: string): Promise<CourierStop> {
    return this.report(act, orderId, 'shipped', null, async () => ({}));
  }

  /**
   * Delivered: an unpaid cash order needs exactly its total collected (it becomes paid); anything
   * else needs nothing collected.
   */
  delivered(act: StaffAct, orderId: string, cashCollected: number | undefined): Promise<CourierStop> {
    return this.report(act, orderId, 'delivered', null, async (manager, row) => {
      const due = toCollect(row);
      const collected = cashCollected === undefined ? null : rupeesToPaise(cashCollected);
      if (due > 0 && collected !== due) {
        throw new BadRequestException(`Collect ${formatPaise(due)} in cash before marking this order delivered`);
      }
      if (due === 0 && collected) throw new BadRequestException('Nothing is due on this order; do not take cash for it');
      if (due > 0) await manager.query(`UPDATE orders SET cash_collected_paise = $1 WHERE id = $2`, [due, row.id]);
      return due > 0 ? { cashCollected: paiseToRupees(due) } : {};
    });
  }

  /** Could not deliver: the order goes back to processing with the reason, and its buyer is mailed. */
  failed(act: StaffAct, orderId: string, reason: FailedDeliveryReason): Promise<CourierStop> {
    return this.report(act, orderId, 'processing', failedDeliveryReason(reason), async (manager, row) => {
      await manager.query(`UPDATE orders SET failed_delivery_reason = $1, failed_delivery_at = now() WHERE id = $2`, [reason, row.id]);
      return { failedReason: reason };
    });
  }

  /** Staff give an order to a delivery person (or take it off their list). */
  async assign(act: StaffAct, orderId: string, courierId: string | null): Promise<DeliveryStop> {
    if (!isUuid(orderId)) throw new NotFoundException('Order not found');
    await this.dataSource.transaction(async (manager) => {
      const [order] = (await manager.query(
        `SELECT o.status, o.delivery_date::text AS "deliveryDate", o.courier_id AS "courierId" FROM orders o WHERE o.id = $1 FOR NO KEY UPDATE`,
        [orderId],
      )) as { status: OrderStatus; deliveryDate: string | null; courierId: string | null }[];
      if (!order) throw new NotFoundException('Order not found');
      if (!order.deliveryDate) throw new ConflictException('This order has no delivery date to assign');
      if (order.status === 'cancelled' || order.status === 'delivered')
        throw new ConflictException(`This order is ${order.status}; there is nothing to deliver`);
      if (courierId !== null) {
        const [courier] = isUuid(courierId)
          ? ((await manager.query(`SELECT 1 FROM users WHERE id = $1 AND role = ANY($2) AND deactivated_at IS NULL AND erased_at IS NULL FOR KEY SHARE`, [
              courierId,
              rolesWith('stops'),
            ])) as unknown[])
          : [];
        if (!courier) throw new BadRequestException('That person cannot take deliveries');
      }
      if (order.courierId !== courierId) {
        await manager.query(`UPDATE orders SET courier_id = $1, courier_assigned_at = CASE WHEN $1::uuid IS NULL THEN NULL ELSE now() END WHERE id = $2`, [
          courierId,
          orderId,
        ]);
        await recordAudit(manager, {
          actor: act,
          action: 'order.courier',
          entity: 'order',
          entityId: orderId,
          before: { courierId: order.courierId },
          after: { courierId },
        });
      }
    });
    const [row] = (await this.dataSource.query(`SELECT ${STOP_COLUMNS} FROM ${STOP_FROM} WHERE o.id = $1`, [orderId])) as StopRow[];
    return toDeliveryStop(row);
  }

  /**
   * One report from the door: under the order's lock, the stop must be the caller's; the lifecycle
   * decides the move (its refusal comes first); `alongside` checks and records what the report adds (cash, a reason) and answers it for
   * the audit row.
   */
  private async report(
    act: StaffAct,
    orderId: string,
    to: OrderStatus,
    reason: string | null,
    alongside: (manager: EntityManager, row: StopRowWithDate) => Promise<Record<string, unknown>>,
  ): Promise<CourierStop> {
    if (!isUuid(orderId)) throw new NotFoundException(STOP_NOT_FOUND);
    const date = await this.dataSource.transaction(async (manager) => {
      const order = await this.moves.lock(manager, orderId);
      const [row] = (await manager.query(
        `SELECT ${STOP_COLUMNS}, o.delivery_date::text AS "deliveryDate" FROM ${STOP_FROM} WHERE o.id = $1 AND o.courier_id = $2`,
        [orderId, act.id],
      )) as StopRowWithDate[];
      if (!order || !row) throw new NotFoundException(STOP_NOT_FOUND);
      await this.moves.move(manager, order, to, { kind: 'courier', id: act.id }, reason);
      const added = await alongside(manager, row);
      await recordAudit(manager, {
        actor: act,
        action: 'order.status',
        entity: 'order',
        entityId: orderId,
        before: { status: order.status },
        after: { status: to, ...added },
      });
      return row.deliveryDate;
    });
    const day = await this.day(act.id, date);
    return day.stops.find((stop) => stop._id === orderId)!;
  }
}
