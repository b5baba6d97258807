import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DeliveryRun, DeliveryStop, OrderStatus, PaymentMethod } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

interface StopRow {
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
}

/** Paise the driver collects: a cash order not paid yet. */
const toCollect = (row: StopRow) => (row.paymentMethod === 'cash' && !row.isPaid ? row.totalPaise : 0);

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
      `SELECT o.id, o.delivery_slot AS slot, o.recipient_name AS "recipientName", u.name AS "buyerName", o.recipient_phone AS "recipientPhone",
         o.address, o.delivery_pincode AS pincode, o.gift_message AS "giftMessage", o.status, o.payment_method AS "paymentMethod",
         o.is_paid AS "isPaid", o.total_paise AS "totalPaise",
         (SELECT json_agg(json_build_object('name', i.name, 'quantity', i.quantity) ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id) AS items
       FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.delivery_date = $1 AND o.status <> 'cancelled'
       ORDER BY array_position(CAST($2 AS text[]), o.delivery_slot::text) NULLS LAST, o.delivery_slot, o.created_at, o.id`,
      [date, this.config.delivery.slots.map((slot) => slot.label)],
    )) as StopRow[];
    const slots: DeliveryRun['slots'] = [];
    for (const row of rows) {
      const stop: DeliveryStop = {
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
      };
      const last = slots.at(-1);
      if (last?.slot === row.slot) last.stops.push(stop);
      else slots.push({ slot: row.slot, stops: [stop] });
    }
    return { date, slots, collectTotal: paiseToRupees(rows.reduce((sum, row) => sum + toCollect(row), 0)) };
  }
}
