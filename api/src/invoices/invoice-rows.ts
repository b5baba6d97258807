import type { Order } from '@thalir/contracts';
import { rupeesToPaise } from '../common/money';
import { principalSupplyIndex, type TaxableLine } from '../tax/gst';
import type { InvoiceLineTax } from './invoice-renderer';

/** One row of the invoice's item table: an order line, or the delivery charge after them. */
export interface InvoiceRow {
  description: string;
  hsnCode: string;
  gstRateBp: number;
  /** Null on the delivery charge's row, which is charged as a whole. */
  quantity: number | null;
  unitPaise: number | null;
  /** Before the discount: price × quantity, or the delivery fee. */
  grossPaise: number;
  /** The line's share of the order's discounts, or what a free-delivery offer took off the fee. */
  discountPaise: number;
}

/** What the row costs the customer, tax included: the value its tax is worked out from. */
export const taxableLineOf = (row: InvoiceRow): TaxableLine => ({ totalPaise: row.grossPaise - row.discountPaise, rateBp: row.gstRateBp });

/**
 * The order's lines as sold, then its delivery charge when it had one. The delivery charge is taxed
 * as part of a composite supply: at the rate and under the HSN code of the principal supply, the
 * line with the largest taxable value (gst.ts). Its discount is what the order's discounts took off
 * beyond the lines' shares: the free delivery.
 */
export function invoiceRows(order: Order, lines: InvoiceLineTax[]): InvoiceRow[] {
  const goods: InvoiceRow[] = order.orderItems.map((item, index) => {
    const unitPaise = rupeesToPaise(item.price);
    return {
      description: item.name,
      hsnCode: lines[index]?.hsnCode ?? '',
      gstRateBp: lines[index]?.gstRateBp ?? 0,
      quantity: item.quantity,
      unitPaise,
      grossPaise: unitPaise * item.quantity,
      discountPaise: rupeesToPaise(item.discount ?? 0),
    };
  });
  const deliveryFeePaise = rupeesToPaise(order.deliveryFee ?? 0);
  if (deliveryFeePaise === 0 || goods.length === 0) return goods;

  const principal = goods[principalSupplyIndex(goods.map(taxableLineOf))];
  const discountsPaise = (order.discounts ?? []).reduce((sum, discount) => sum + rupeesToPaise(discount.amount), 0);
  const itemDiscountsPaise = goods.reduce((sum, row) => sum + row.discountPaise, 0);
  const delivery: InvoiceRow = {
    description: 'Delivery charge',
    hsnCode: principal.hsnCode,
    gstRateBp: principal.gstRateBp,
    quantity: null,
    unitPaise: null,
    grossPaise: deliveryFeePaise,
    discountPaise: discountsPaise - itemDiscountsPaise,
  };
  return [...goods, delivery];
}
