import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Courier, DeliveryRun, DeliveryStop, FailedAttempt, FailedDeliveryReason, OrderStatus, PaymentMethod } from '@thalir/contracts';
import { rolesWith } from '../auth/permissions';
import { paiseToRupees } from '../common/money';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface StopRow {
  id: string;
  slot: string;
  recipientName: string | null;
  buyerName: string;
  recipientPhone: string | null;
  address: string;
  pincode: string | null;
  giftMessage: string | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  totalPaise: number;
  items: { name: string; quantity: number }[];
  courierId: string | null;
  courierName: string | null;
  cashCollectedPaise: number | null;
  failedReason: FailedDeliveryReason | null;
  failedAt: Date | null;
  fromSubscription: boolean;
}

/** Paise the driver collects: a cash order not paid yet. */
export const toCollect = (row: Pick<StopRow, 'paymentMethod' | 'isPaid' | 'totalPaise'>) => (row.paymentMethod === 'cash' && !row.isPaid ? row.totalPaise : 0);

export const failedAttemptOf = (row: Pick<StopRow, 'failedReason' | 'failedAt'>): FailedAttempt | null =>
  row.failedReason && row.failedAt ? { reason: row.failedReason, at: new Date(row.failedAt).toISOString() } : null;

/** A stop's columns, shared with the delivery person's list (courier-stops.ts). */
export const STOP_COLUMNS = `o.id, o.delivery_slot AS slot, o.recipient_name AS "recipientName", u.name AS "buyerName", o.recipient_phone AS "recipientPhone",
  o.address, o.delivery_pincode AS pincode, o.gift_message AS "giftMessage", o.status, o.payment_method AS "paymentMethod",
  o.is_paid AS "isPaid", o.total_paise AS "totalPaise", o.courier_id AS "courierId", c.name AS "courierName",
  o.cash_collected_paise AS "cashCollectedPaise", o.failed_delivery_reason AS "failedReason", o.failed_delivery_at AS "failedAt",
  o.kind = 'subscription-delivery' AS "fromSubscription",
  (SELECT json_agg(json_build_object('name', i.name, 'quantity', i.quantity) ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id) AS items`;
export const STOP_FROM = `orders o JOIN users u ON u.id = o.user_id LEFT JOIN users c ON c.id = o.courier_id`;

/** Slots in the day's order (as configured, given as the text[] parameter `$n`), not alphabetically. */
export const SLOT_ORDER = (slotsParameter: string) => `array_position(CAST(${slotsParameter} AS text[]), o.delivery_slot::text) NULLS LAST, o.delivery_slot`;

/** A stop as the back office and the delivery person both see it. */
export function toDeliveryStop(row: StopRow): DeliveryStop {
  return {
    _id: row.id,
    recipientName: row.recipientName ?? row.buyerName,
    recipientPhone: row.recipientPhone,
    address: row.address,
    pincode: row.pincode,
    items: row.items ?? [],
    giftMessage: row.giftMessage,
    status: row.status,
    paymentMethod: row.paymentMethod,
    isPaid: row.isPaid,
    collect: paiseToRupees(toCollect(row)),
    courier: row.courierId ? { _id: row.courierId, name: row.courierName ?? '' } : null,
    cashCollected: row.cashCollectedPaise === null ? null : paiseToRupees(row.cashCollectedPaise),
    lastFailedAttempt: failedAttemptOf(row),
    ...(row.fromSubscription ? { subscription: true as const } : {}),
  };
}

/**
 * The day's delivery run: every order going out on a date (cancelled ones stay home), grouped by slot
 * in the day's order, with what the driver needs at each door and the cash to collect.
 */
@Injectable()
export class DeliveryRuns {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forDate(date: string): Promise<DeliveryRun> {
    const rows = (await this.dataSource.query(
      `SELECT ${STOP_COLUMNS} FROM ${STOP_FROM}
       WHERE o.delivery_date = $1 AND o.status <> 'cancelled'
       ORDER BY ${SLOT_ORDER('$2')}, o.created_at, o.id`,
      [date, this.config.delivery.slots.map((slot) => slot.label)],
    )) as StopRow[];
    const slots: DeliveryRun['slots'] = [];
    for (const row of rows) {
      const stop = toDeliveryStop(row);
      const last = slots.at(-1);
      if (last?.slot === row.slot) last.stops.push(stop);
      else slots.push({ slot: row.slot, stops: [stop] });
    }
    return { date, slots, collectTotal: paiseToRupees(rows.reduce((sum, row) => sum + toCollect(row), 0)), couriers: await this.couriers() };
  }

  /** Who can be given stops: active staff whose role holds `stops`. */
  async couriers(): Promise<Courier[]> {
    return (await this.dataSource.query(
      `SELECT id AS "_id", name FROM users WHERE role = ANY($1) AND deactivated_at IS NULL AND erased_at IS NULL ORDER BY role = 'admin', lower(name), id`,
      [rolesWith('stops')],
    )) as Courier[];
  }
}
