import type { Order } from '@thalir/contracts';
import type { TestApp, TestUser } from './test-app';

/** Polls until `check` holds (or throws its last failure after `timeoutMs`): background work takes a moment. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Still not as expected after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function getOrder(t: TestApp, who: TestUser, orderId: string): Promise<Order> {
  const res = await t.request('GET', `/api/orders/${orderId}`, { token: who.token });
  if (res.status !== 200) throw new Error(`GET order answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface LedgerExpectations {
  /** Each product's stock before the test touched it. */
  startStock: Map<string, number>;
  /** Paise the customers paid the provider during the test (every payment made, once). */
  receivedPaise: number;
  /** The orders the test placed (the ledger is checked over these). */
  orderIds: string[];
}

/**
 * The lifecycle's invariants, read straight from the database:
 * - stock plus the units held by live (not cancelled) orders is the starting stock of each product;
 * - money received = money kept (paid, not cancelled orders) + money refunded (any refund state);
 * - no order is paid and cancelled without a refund record.
 */
export async function ledger(t: TestApp, expected: LedgerExpectations) {
  const stock = (await t.dataSource.query(
    `SELECT p.id, p.stock + coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE i.product_id = p.id AND o.status <> 'cancelled'), 0)::int AS accounted
     FROM products p WHERE p.id = ANY($1)`,
    [[...expected.startStock.keys()]],
  )) as { id: string; accounted: number }[];
  const [money] = (await t.dataSource.query(
    `SELECT coalesce(sum(total_paise) FILTER (WHERE is_paid AND status <> 'cancelled'), 0)::int AS kept,
       (SELECT coalesce(sum(amount_paise), 0)::int FROM refunds WHERE order_id = ANY($1)) AS refunded,
       count(*) FILTER (WHERE is_paid AND status = 'cancelled' AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id))::int AS "paidCancelledUnrefunded"
     FROM orders WHERE id = ANY($1)`,
    [expected.orderIds],
  )) as { kept: number; refunded: number; paidCancelledUnrefunded: number }[];
  return {
    stockMismatches: stock.filter((row) => row.accounted !== expected.startStock.get(row.id)),
    receivedPaise: expected.receivedPaise,
    keptPlusRefundedPaise: money.kept + money.refunded,
    paidCancelledUnrefunded: money.paidCancelledUnrefunded,
  };
}

/** What `ledger` answers when every invariant holds. */
export const balanced = (receivedPaise: number) => ({ stockMismatches: [], receivedPaise, keptPlusRefundedPaise: receivedPaise, paidCancelledUnrefunded: 0 });
