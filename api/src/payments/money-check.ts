import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MoneyCheck, MoneyProblem } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import { MetricsService } from '../metrics/metrics.service';
import { MONEY_CHECK_PROBLEMS } from '../metrics/shop-metrics';

/** Orders listed on the dashboard when the money does not add up; the count covers all of them. */
const LISTED_PROBLEMS = 100;

export const MONEY_PROBLEM_KINDS: readonly MoneyProblem[] = ['unbalanced', 'cancelled-paid-without-refund', 'paid-twice', 'mispriced'];

interface OrderMoney {
  orderId: string;
  invoiceNumber: string | null;
  status: string;
  receivedPaise: number;
  keptPaise: number;
  refundedPaise: number;
  owedPaise: number;
  problems: MoneyProblem[];
}

/**
 * The money invariant, per order, read straight from the ledger:
 * - money received (provider payments, and cash once collected) = money kept (a paid order that is
 *   not cancelled keeps its total; a subscription's cancelled pack keeps what its used deliveries
 *   cost) + money refunded + money still owed back;
 * - no cancelled order is paid without a refund record;
 * - no order is paid twice: at most one of its payments is neither kept nor being refunded;
 * - an order's total is what its lines and delivery add up to (items − discounts + delivery fee −
 *   delivery discount), so what was taken and given back is what the order was priced at.
 */
const ORDER_MONEY_SQL = `
WITH received AS (
  SELECT p.order_id, sum(p.amount_paise)::bigint AS paise,
    count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.provider_payment_id))::int AS unrefunded
  FROM payments p WHERE $1::uuid[] IS NULL OR p.order_id = ANY($1::uuid[]) GROUP BY p.order_id
), given_back AS (
  SELECT order_id, sum(refunded_paise)::bigint AS refunded, sum(greatest(amount_paise - refunded_paise, 0))::bigint AS owed, count(*)::int AS refunds
  FROM refunds WHERE $1::uuid[] IS NULL OR order_id = ANY($1::uuid[]) GROUP BY order_id
), money AS (
  SELECT o.id, o.invoice_number, o.status,
    coalesce(rc.paise, 0) + CASE WHEN o.payment_method = 'cash' AND o.is_paid THEN o.total_paise ELSE 0 END AS received,
    CASE WHEN o.is_paid AND o.status <> 'cancelled' THEN o.total_paise
      WHEN o.is_paid AND o.kind = 'subscription-pack' THEN coalesce((SELECT sp.used::bigint * sp.price_paise FROM subscription_packs sp WHERE sp.order_id = o.id), 0)
      ELSE 0 END AS kept,
    coalesce(gb.refunded, 0) AS refunded, coalesce(gb.owed, 0) AS owed,
    -- A subscription's delivery is paid from a credit, not money: cancelling it gives the credit back.
    o.status = 'cancelled' AND o.is_paid AND coalesce(gb.refunds, 0) = 0 AND o.kind <> 'subscription-delivery' AS unrefunded_cancel,
    coalesce(rc.unrefunded, 0) > 1 AS paid_twice,
    o.total_paise <> o.delivery_fee_paise - o.delivery_discount_paise
      + (SELECT coalesce(sum(i.unit_price_paise::bigint * i.quantity - i.discount_paise), 0) FROM order_items i WHERE i.order_id = o.id) AS mispriced
  FROM orders o LEFT JOIN received rc ON rc.order_id = o.id LEFT JOIN given_back gb ON gb.order_id = o.id
  WHERE (o.is_paid OR rc.order_id IS NOT NULL OR gb.order_id IS NOT NULL) AND ($1::uuid[] IS NULL OR o.id = ANY($1::uuid[]))
)
SELECT id AS "orderId", invoice_number AS "invoiceNumber", status, received::float8 AS "receivedPaise", kept::float8 AS "keptPaise",
  refunded::float8 AS "refundedPaise", owed::float8 AS "owedPaise",
  array_remove(ARRAY[
    CASE WHEN received <> kept + refunded + owed THEN 'unbalanced' END,
    CASE WHEN unrefunded_cancel THEN 'cancelled-paid-without-refund' END,
    CASE WHEN paid_twice THEN 'paid-twice' END,
    CASE WHEN mispriced THEN 'mispriced' END
  ], NULL) AS problems
FROM money
WHERE received <> kept + refunded + owed OR unrefunded_cancel OR paid_twice OR mispriced
ORDER BY id`;

/**
 * Checks that the shop's money adds up, for the back office's dashboard and a metric (so an alert
 * can fire the moment it does not). The tests run the same check after every test that moves money.
 */
@Injectable()
export class MoneyChecker implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.readAtScrape(MONEY_CHECK_PROBLEMS, async () => {
      const problems = await this.check();
      return MONEY_PROBLEM_KINDS.map((kind) => ({ labels: { problem: kind }, value: problems.filter((order) => order.problems.includes(kind)).length }));
    });
  }

  /** The orders whose money does not add up, with what is wrong with each: all orders, or the ones named. */
  async check(orderIds: string[] | null = null): Promise<OrderMoney[]> {
    return (await this.dataSource.query(ORDER_MONEY_SQL, [orderIds])) as OrderMoney[];
  }

  /** The dashboard's view: whether everything adds up, and the first orders that do not, in rupees. */
  async report(): Promise<MoneyCheck> {
    const problems = await this.check();
    return {
      balanced: problems.length === 0,
      problemOrders: problems.length,
      orders: problems.slice(0, LISTED_PROBLEMS).map((order) => ({
        _id: order.orderId,
        invoiceNumber: order.invoiceNumber,
        status: order.status,
        received: paiseToRupees(order.receivedPaise),
        kept: paiseToRupees(order.keptPaise),
        refunded: paiseToRupees(order.refundedPaise),
        owed: paiseToRupees(order.owedPaise),
        problems: order.problems,
      })),
    };
  }
}
