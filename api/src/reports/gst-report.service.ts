import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GstReport } from '@thalir/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REASONS } from '../orders/order-lifecycle';
import { OrdersService } from '../orders/orders.service';
import { financialYearOf } from '../tax/financial-year';
import { creditNoteNumber, financialYearStart, gstReport, type InvoiceSource, monthBounds, takenBackByCreditNote } from './gst-report';

/** An order's invoice and what became of it: when it was issued, and when the order was cancelled (if it is). */
interface InvoiceFacts {
  id: string;
  issuedAt: Date;
  cancelledAt: Date | null;
  /** A refund was started because the order was cancelled after it had been paid. */
  afterPayment: boolean;
}

/**
 * The latest cancellation of a cancelled order (its last change when its history has none, as for
 * orders cancelled before the history was kept), and whether it gave back a payment: all of it, or a
 * subscription's pack's unused deliveries. Refunds for other reasons (a second or late payment, a
 * wrong amount) give back money that paid for no supply: they take no invoice back.
 */
const INVOICE_FACTS = `
  SELECT o.id, o.created_at AS "issuedAt", cancelled.at AS "cancelledAt",
    EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.reason = ANY($3::text[])) AS "afterPayment"
  FROM orders o
  LEFT JOIN LATERAL (
    SELECT coalesce(max(c.changed_at), o.updated_at) AS at FROM order_status_changes c WHERE c.order_id = o.id AND c.status = 'cancelled'
  ) cancelled ON o.status = 'cancelled'
  WHERE o.invoice_number IS NOT NULL`;

/** Reads the month's invoices and credit notes; gst-report.ts sorts them into GSTR-1's tables. */
@Injectable()
export class GstReportService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orders: OrdersService,
  ) {}

  /** `month` is YYYY-MM, a calendar month in India. */
  async report(month: string): Promise<GstReport> {
    const { from, to } = monthBounds(month);
    const [issued, cancelledThisYear] = await Promise.all([
      this.invoiceFacts(`o.created_at >= $1 AND o.created_at < $2`, [from, to]),
      this.invoiceFacts(`o.status = 'cancelled' AND cancelled.at >= $1 AND cancelled.at < $2`, [financialYearStart(month), to]),
    ]);
    const cancelledInvoice = (facts: InvoiceFacts) =>
      facts.cancelledAt !== null && !takenBackByCreditNote(facts.issuedAt, { at: facts.cancelledAt, afterPayment: facts.afterPayment });
    // Credit notes are numbered through the financial year in the order they were issued: the month's carry on from the year's.
    const financialYear = financialYearOf(from);
    const creditNotes = cancelledThisYear
      .sort((a, b) => a.cancelledAt!.getTime() - b.cancelledAt!.getTime() || a.id.localeCompare(b.id))
      .filter((facts) => takenBackByCreditNote(facts.issuedAt, { at: facts.cancelledAt!, afterPayment: facts.afterPayment }))
      .map((facts, index) => ({ facts, number: creditNoteNumber(financialYear, index + 1) }))
      .filter(({ facts }) => facts.cancelledAt! >= from);

    const [sources, refundedDeliveries] = await Promise.all([
      this.invoiceSources([...issued.map((facts) => facts.id), ...creditNotes.map(({ facts }) => facts.id)]),
      this.refundedDeliveries(creditNotes.map(({ facts }) => facts.id)),
    ]);
    return gstReport({
      month,
      seller: this.config.seller,
      invoices: issued.map((facts) => ({ ...sources.get(facts.id)!, cancelled: cancelledInvoice(facts) })),
      creditNotes: creditNotes.map(({ facts, number }) => ({
        ...takenBack(facts.id, sources.get(facts.id)!, refundedDeliveries),
        number,
        issuedAt: facts.cancelledAt!,
      })),
    });
  }

  private invoiceFacts(condition: string, [from, to]: Date[]): Promise<InvoiceFacts[]> {
    return this.dataSource.query(`${INVOICE_FACTS} AND ${condition}`, [from, to, [REASONS.refundOfCancelledOrder, REASONS.refundOfUnusedDeliveries]]);
  }

  /** For the subscriptions' packs among these orders: how many of their deliveries were refunded. */
  private async refundedDeliveries(orderIds: string[]): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query(`SELECT order_id AS "orderId", refunded FROM subscription_packs WHERE order_id = ANY($1::uuid[])`, [
      orderIds,
    ])) as { orderId: string; refunded: number }[];
    return new Map(rows.map((row) => [row.orderId, row.refunded]));
  }

  /** Each order's JSON and its lines' HSN codes and rates as sold, as the invoice PDF reads them. */
  private async invoiceSources(orderIds: string[]): Promise<Map<string, InvoiceSource>> {
    const ids = [...new Set(orderIds)];
    const [orders, kept] = await Promise.all([
      this.orders.findForInvoices(ids),
      this.dataSource.query(`SELECT id, place_of_supply AS "placeOfSupply" FROM orders WHERE id = ANY($1::uuid[]) AND place_of_supply IS NOT NULL`, [
        ids,
      ]) as Promise<{ id: string; placeOfSupply: string }[]>,
    ]);
    const keptByOrder = new Map(kept.map((row) => [row.id, row.placeOfSupply]));
    return new Map([...orders].map(([id, source]) => [id, { ...source, keptPlaceOfSupply: keptByOrder.get(id) ?? null }]));
  }
}

/**
 * What a credit note takes back of an invoice: all of it, except for a subscription's pack, whose
 * deliveries made were supplied: only the deliveries refunded (its one line, at its price).
 */
function takenBack(orderId: string, source: InvoiceSource, refundedDeliveries: ReadonlyMap<string, number>): InvoiceSource {
  const refunded = refundedDeliveries.get(orderId);
  if (refunded === undefined) return source;
  return { ...source, order: { ...source.order, orderItems: source.order.orderItems.map((item) => ({ ...item, quantity: refunded })) } };
}
