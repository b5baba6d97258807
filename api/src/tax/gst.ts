/**
 * GST on the shop's tax-inclusive prices, worked out per line: the taxable value is the line total
 * (after its discount) without its tax, rounded to the paisa, and the tax is the rest, so every
 * line's taxable value and taxes add up exactly to what the customer paid. Within the seller's state
 * the tax is half CGST and half SGST; across states it is IGST.
 */

export interface TaxableLine {
  /**
   * What the line cost, tax included, in paise, after its discount: a discount shown on the invoice
   * is not part of the value of supply (CGST Act 2017, s.15(3)(a)), so it lowers the taxable value.
   */
  totalPaise: number;
  /** GST rate in basis points: 500 is 5%. */
  rateBp: number;
}

export interface LineTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface RateSummary extends LineTax {
  rateBp: number;
}

export interface InvoiceTax {
  lines: LineTax[];
  /** One row per rate, lowest first. */
  byRate: RateSummary[];
  totals: LineTax & { totalPaise: number };
  interState: boolean;
  /** Every line is exempt (0%): the document is a Bill of Supply, not a Tax Invoice. */
  billOfSupply: boolean;
}

export function lineTax(line: TaxableLine, interState: boolean): LineTax {
  const taxablePaise = Math.round((line.totalPaise * 10_000) / (10_000 + line.rateBp));
  const tax = line.totalPaise - taxablePaise;
  if (interState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.ceil(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

const add = (a: LineTax, b: LineTax): LineTax => ({
  taxablePaise: a.taxablePaise + b.taxablePaise,
  cgstPaise: a.cgstPaise + b.cgstPaise,
  sgstPaise: a.sgstPaise + b.sgstPaise,
  igstPaise: a.igstPaise + b.igstPaise,
});
const NONE: LineTax = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

/** The tax of a whole invoice; `buyerStateCode` null (unknown) is taken as the seller's own state. */
export function invoiceTax(lines: TaxableLine[], sellerStateCode: string, buyerStateCode: string | null): InvoiceTax {
  const interState = buyerStateCode !== null && buyerStateCode !== sellerStateCode;
  const taxed = lines.map((line) => lineTax(line, interState));
  const byRate = new Map<number, LineTax>();
  lines.forEach((line, index) => byRate.set(line.rateBp, add(byRate.get(line.rateBp) ?? NONE, taxed[index])));
  return {
    lines: taxed,
    byRate: [...byRate].sort(([a], [b]) => a - b).map(([rateBp, tax]) => ({ rateBp, ...tax })),
    totals: { ...taxed.reduce(add, NONE), totalPaise: lines.reduce((sum, line) => sum + line.totalPaise, 0) },
    interState,
    billOfSupply: lines.every((line) => line.rateBp === 0),
  };
}

/**
 * The index of the principal supply: the line with the largest taxable value, the first of equals
 * (−1 for no lines). A delivery charge goes with the goods it delivers as one composite supply (CGST
 * Act 2017, s.2(30)), taxed as its principal supply (s.8(a)): at that line's rate, under its HSN code.
 */
export function principalSupplyIndex(lines: TaxableLine[]): number {
  const taxable = lines.map((line) => lineTax(line, false).taxablePaise);
  return taxable.indexOf(Math.max(...taxable));
}

/** "5%", "0.25%", "0%". */
export const formatRate = (rateBp: number) => `${rateBp / 100}%`;
