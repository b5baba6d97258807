import type { Subscription, SubscriptionPlan, SubscriptionWithPack } from '@thalir/contracts';
import { addDays, indiaClock } from '../src/delivery/delivery-rules';
import { signedPayment, startPayment } from './payment-fixtures';
import type { TestApp, TestUser } from './test-app';

/** India's date `days` after today by the app's clock. */
export const indiaDay = (t: TestApp, days = 0) => addDays(indiaClock(t.clock.now()).date, days);

/** A plan through the back office's call: the pooja basket by default (₹60 a delivery, mornings only). */
export async function createPlan(t: TestApp, staff: TestUser, items: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/admin/subscription-plans', {
    token: staff.token,
    body: {
      name: 'Daily pooja basket',
      slug: `pooja-${Math.random().toString(36).slice(2, 8)}`,
      description: 'Jasmine and marigold every morning.',
      items,
      frequencies: ['daily', 'weekdays', 'weekly'],
      slots: ['Morning 8–12'],
      pricePerDelivery: 60,
      packs: [7, 15, 30],
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`creating the plan answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as SubscriptionPlan;
}

/** A subscription's request: daily from tomorrow, mornings, a served PIN code, a 7-delivery pack. */
export const subscribeBody = (t: TestApp, plan: SubscriptionPlan, extra: Record<string, unknown> = {}) => ({
  plan: plan.slug,
  startDate: indiaDay(t, 1),
  frequency: 'daily',
  slot: 'Morning 8–12',
  address: '4 Temple Street, Mylapore, Chennai',
  pincode: '600004',
  recipientName: 'Lakshmi',
  recipientPhone: '98400 12345',
  pack: 7,
  ...extra,
});

export async function subscribe(t: TestApp, buyer: TestUser, plan: SubscriptionPlan, extra: Record<string, unknown> = {}): Promise<SubscriptionWithPack> {
  const res = await t.request('POST', '/api/subscriptions', { token: buyer.token, body: subscribeBody(t, plan, extra) });
  if (res.status !== 201) throw new Error(`subscribing answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Pays a pack's order as the popup would: the provider order, then the signed verify call. */
export async function payPack(t: TestApp, buyer: TestUser, orderId: string): Promise<void> {
  const { providerOrderId } = await startPayment(t, buyer, orderId);
  const res = await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, orderId, providerOrderId) });
  if (res.status !== 200) throw new Error(`verifying the pack's payment answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** A paid subscription (daily from tomorrow unless `extra` says otherwise). */
export async function paidSubscription(t: TestApp, buyer: TestUser, plan: SubscriptionPlan, extra: Record<string, unknown> = {}): Promise<Subscription> {
  const { subscription, order } = await subscribe(t, buyer, plan, extra);
  await payPack(t, buyer, order._id);
  return (await t.request('GET', `/api/subscriptions/${subscription._id}`, { token: buyer.token })).body;
}

/** The credit invariant, read from the ledger: bought = used + left + refunded for every paid pack. */
export async function creditLedger(t: TestApp, subscriptionId: string) {
  const [row] = (await t.dataSource.query(
    `SELECT coalesce(sum(deliveries), 0)::int AS bought, coalesce(sum(used), 0)::int AS used, coalesce(sum(refunded), 0)::int AS refunded,
       coalesce(sum(deliveries - used - refunded), 0)::int AS "left",
       bool_and(used + refunded <= deliveries) AS consistent
     FROM subscription_packs WHERE subscription_id = $1 AND paid_at IS NOT NULL`,
    [subscriptionId],
  )) as { bought: number; used: number; refunded: number; left: number; consistent: boolean | null }[];
  const [{ orders }] = (await t.dataSource.query(
    `SELECT count(*)::int AS orders FROM orders WHERE subscription_id = $1 AND kind = 'subscription-delivery' AND status <> 'cancelled'`,
    [subscriptionId],
  )) as { orders: number }[];
  return { ...row, deliveryOrders: orders };
}
