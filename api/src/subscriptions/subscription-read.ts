import type { FrequencyKind, OrderStatus, Subscription, SubscriptionDeliveryStatus, SubscriptionStatus } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import type { DeliveryPolicy } from '../delivery/delivery-rules';
import { creditsOf, planSlots } from './subscription-rules';
import { coveredByCredits } from './subscription-schedule';

/**
 * A subscription's state (`s` is its row): cancelled, or waiting for its first pack's payment, or
 * active. The list filters by it and the JSON shows it, from this one expression.
 */
export const SUBSCRIPTION_STATE_SQL = `CASE WHEN s.cancelled_at IS NOT NULL THEN 'cancelled'
  WHEN EXISTS (SELECT 1 FROM subscription_packs k WHERE k.subscription_id = s.id AND k.paid_at IS NOT NULL) THEN 'active' ELSE 'awaiting-payment' END`;

/**
 * Subscriptions with their plan, customer, packs, pauses not yet over and coming deliveries, in one
 * statement: `$1` is India's date today, the rest the caller's WHERE clause (`s` is the subscription).
 * A scheduled day whose cut-off has passed stays listed until the job has made it.
 */
export const subscriptionSelect = (where: string) => `
  SELECT s.id, ${SUBSCRIPTION_STATE_SQL} AS state, s.frequency, s.weekdays, s.start_date::text AS "startDate", s.slot, s.address, s.pincode,
    s.recipient_name AS "recipientName", s.recipient_phone AS "recipientPhone", s.created_at AS "createdAt", s.cancelled_at AS "cancelledAt",
    json_build_object('id', p.id, 'slug', p.slug, 'name', p.name, 'pricePaise', p.price_paise, 'packs', p.packs, 'slots', p.slots) AS plan,
    json_build_object('id', u.id, 'name', u.name, 'email', u.email) AS "user",
    (SELECT coalesce(json_agg(json_build_object('orderId', k.order_id, 'orderStatus', o.status, 'deliveries', k.deliveries, 'pricePaise', k.price_paise,
        'paid', k.paid_at IS NOT NULL, 'used', k.used, 'refunded', k.refunded, 'createdAt', k.created_at) ORDER BY k.created_at, k.id), '[]')
      FROM subscription_packs k JOIN orders o ON o.id = k.order_id WHERE k.subscription_id = s.id) AS packs,
    (SELECT coalesce(json_agg(json_build_object('id', z.id, 'from', z.from_date, 'to', z.to_date) ORDER BY z.from_date, z.id), '[]')
      FROM subscription_pauses z WHERE z.subscription_id = s.id AND z.to_date >= $1::date) AS pauses,
    (SELECT coalesce(json_agg(json_build_object('date', d.delivery_date, 'slot', d.slot, 'status', d.status, 'cutoffAt', d.cutoff_at,
        'address', d.address, 'pincode', d.pincode, 'recipientName', d.recipient_name, 'recipientPhone', d.recipient_phone,
        'orderId', d.order_id, 'note', d.note) ORDER BY d.delivery_date), '[]')
      FROM subscription_deliveries d WHERE d.subscription_id = s.id AND (d.delivery_date >= $1::date OR d.status = 'scheduled')) AS deliveries
  FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id JOIN users u ON u.id = s.user_id
  WHERE ${where}`;

export interface SubscriptionRow {
  id: string;
  state: SubscriptionStatus;
  frequency: FrequencyKind;
  weekdays: number[];
  startDate: string;
  slot: string;
  address: string;
  pincode: string;
  recipientName: string;
  recipientPhone: string;
  createdAt: Date;
  cancelledAt: Date | null;
  plan: { id: string; slug: string; name: string; pricePaise: number; packs: number[]; slots: string[] };
  user: { id: string; name: string; email: string };
  packs: {
    orderId: string;
    orderStatus: OrderStatus;
    deliveries: number;
    pricePaise: number;
    paid: boolean;
    used: number;
    refunded: number;
    createdAt: string;
  }[];
  pauses: { id: string; from: string; to: string }[];
  deliveries: {
    date: string;
    slot: string;
    status: SubscriptionDeliveryStatus;
    cutoffAt: string;
    address: string;
    pincode: string;
    recipientName: string;
    recipientPhone: string;
    orderId: string | null;
    note: string | null;
  }[];
}

/**
 * The subscription's JSON at `now`: credits from its paid packs, which scheduled days they pay for
 * (the earliest first), and the slots its plan may be delivered in among `shopSlots`.
 */
export function toSubscription(row: SubscriptionRow, now: Date, shopSlots: Pick<DeliveryPolicy, 'slots'>, withUser: boolean): Subscription {
  const credits = creditsOf(row.packs);
  const scheduled = row.deliveries.filter((day) => day.status === 'scheduled').map((day) => ({ date: day.date, status: 'due' as const }));
  const covered = new Set(coveredByCredits(scheduled, credits.left).covered.map((day) => day.date));
  const deliveries = row.deliveries.map((day) => {
    const cutoff = new Date(day.cutoffAt);
    const changeable = (day.status === 'scheduled' || day.status === 'skipped') && row.state !== 'cancelled' && cutoff.getTime() > now.getTime();
    return {
      date: day.date,
      slot: day.slot,
      status: day.status,
      covered: day.status === 'scheduled' && covered.has(day.date),
      changeableUntil: changeable ? cutoff.toISOString() : null,
      address: day.address,
      pincode: day.pincode,
      recipientName: day.recipientName,
      recipientPhone: day.recipientPhone,
      orderId: day.orderId,
      note: day.note,
    };
  });
  return {
    _id: row.id,
    plan: {
      _id: row.plan.id,
      slug: row.plan.slug,
      name: row.plan.name,
      pricePerDelivery: paiseToRupees(row.plan.pricePaise),
      packs: row.plan.packs,
      slots: planSlots(row.plan, shopSlots),
    },
    ...(withUser ? { user: { _id: row.user.id, name: row.user.name, email: row.user.email } } : {}),
    status: row.state,
    frequency: row.frequency,
    weekdays: row.weekdays,
    startDate: row.startDate,
    slot: row.slot,
    address: row.address,
    pincode: row.pincode,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    credits,
    pauses: row.pauses.map((pause) => ({ _id: pause.id, from: pause.from, to: pause.to })),
    deliveries,
    packs: row.packs.map((pack) => ({
      orderId: pack.orderId,
      orderStatus: pack.orderStatus,
      deliveries: pack.deliveries,
      pricePerDelivery: paiseToRupees(pack.pricePaise),
      amount: paiseToRupees(pack.pricePaise * pack.deliveries),
      paid: pack.paid,
      used: pack.used,
      refunded: pack.refunded,
      createdAt: new Date(pack.createdAt).toISOString(),
    })),
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}
