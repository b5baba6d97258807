import type { Order } from '@thalir/contracts';
import { rupeesToPaise } from '../common/money';
import type { Seller } from '../config/app-config';
import { invoiceTax, type InvoiceTax, principalSupplyIndex, type TaxableLine } from '../tax/gst';
import { type IndianState, stateOfCode, stateOfPincode } from '../tax/indian-states';
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
export function invoiceRows(order: Pick<Order, 'orderItems' | 'deliveryFee' | 'discounts'>, lines: InvoiceLineTax[]): InvoiceRow[] {
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

export interface PlaceOfSupply {
  /** GST state code, or null when it cannot be told (taken as the seller's state). */
  code: string | null;
  /** The state the invoice names: the PIN code's (or the one kept after an erasure), else the seller's. */
  state: IndianState;
  label: string;
}

/**
 * The state the goods go to, from the delivery's PIN code, else the last PIN code written in the
 * address (orders from before delivery details), else the state kept when the buyer's account was
 * erased and took both away (orders.place_of_supply). Unknown, the supply is taken as within the
 * seller's state, where the shop delivers.
 */
function placeOfSupplyOf(order: Pick<Order, 'delivery' | 'address'>, seller: Pick<Seller, 'state' | 'stateCode'>, keptStateCode: string | null): PlaceOfSupply {
  const pincode = order.delivery?.pincode ?? [...order.address.matchAll(/\b[1-8]\d{5}\b/g)].at(-1)?.[0] ?? null;
  const state = pincode ? stateOfPincode(pincode) : keptStateCode ? stateOfCode(keptStateCode) : null;
  const named = state ?? { name: seller.state, code: seller.stateCode };
  return { code: state?.code ?? null, state: named, label: `${named.name} (${named.code})` };
}

/** An invoice's figures as printed: its rows, their tax and the place of supply. */
export interface InvoiceFigures {
  rows: InvoiceRow[];
  tax: InvoiceTax;
  placeOfSupply: PlaceOfSupply;
}

/** The one place an invoice's tax is worked out: the invoice PDF and the GST report both read it from here. */
export function invoiceFigures(
  order: Pick<Order, 'orderItems' | 'deliveryFee' | 'discounts' | 'delivery' | 'address'>,
  lines: InvoiceLineTax[],
  seller: Pick<Seller, 'state' | 'stateCode'>,
  keptPlaceOfSupply: string | null = null,
): InvoiceFigures {
  const placeOfSupply = placeOfSupplyOf(order, seller, keptPlaceOfSupply);
  const rows = invoiceRows(order, lines);
  return { rows, tax: invoiceTax(rows.map(taxableLineOf), seller.stateCode, placeOfSupply.code), placeOfSupply };
}
