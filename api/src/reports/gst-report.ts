import type { GstB2clRow, GstB2csRow, GstCdnurRow, GstDocumentsRow, GstExemptRow, GstHsnRow, GstReport, GstTotals, Order } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import type { Seller } from '../config/app-config';
import { indiaClock, IST_OFFSET_MS } from '../delivery/delivery-rules';
import type { InvoiceLineTax } from '../invoices/invoice-renderer';
import { invoiceFigures } from '../invoices/invoice-rows';
import type { LineTax } from '../tax/gst';
import type { IndianState } from '../tax/indian-states';

/**
 * The month's GSTR-1 tables from the invoices and credit notes of the month. Every figure comes from
 * the invoice's own rows and tax (invoiceFigures, as the PDF prints them); this file only sorts them
 * into the tables and adds them up, in paise.
 */

/** YYYY-MM with a real month. */
export const REPORT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first moment in India of a month (1 to 12; 13 is January of the next year). */
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS);

/** A calendar month in India as the moments it spans: from its first moment, to the next month's (excluded). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number);
  return { from: monthStart(year, number), to: monthStart(year, number + 1) };
}

/** The first moment of the Indian financial year (April to March) the month belongs to. */
export function financialYearStart(month: string): Date {
  const [year, number] = month.split('-').map(Number);
  return monthStart(number >= 4 ? year : year - 1, 4);
}

/** India's calendar month of a moment: "2026-05". */
export const indianMonthOf = (moment: Date) => indiaClock(moment).date.slice(0, 7);

export interface Cancellation {
  at: Date;
  /** The order had been paid, so cancelling it gave the money back. */
  afterPayment: boolean;
}

/**
 * Whether a cancelled order's invoice is taken back by a credit note (CGST Act 2017, s.34) rather
 * than cancelled: when the order had been paid (the buyer gets the money back), or when it was
 * cancelled after the month of its invoice, whose return may already be filed. An unpaid order
 * cancelled within its invoice's month cancels the invoice (Table 13 counts it as cancelled).
 */
export function takenBackByCreditNote(issuedAt: Date, cancellation: Cancellation): boolean {
  return cancellation.afterPayment || indianMonthOf(cancellation.at) !== indianMonthOf(issuedAt);
}

/** "CN/2026-27/00001": the financial year's credit notes in the order they were issued, 16 characters (CGST Rules, rule 53(1A)). */
export const creditNoteNumber = (financialYear: string, number: number) => `CN/${financialYear}/${String(number).padStart(5, '0')}`;

/** An order's invoice: its JSON and each line's HSN code and GST rate as sold, what the invoice PDF is drawn from. */
export interface InvoiceSource {
  order: Pick<Order, 'orderItems' | 'deliveryFee' | 'discounts' | 'delivery' | 'address' | 'invoiceNumber' | 'createdAt'>;
  lines: InvoiceLineTax[];
  /** The place of supply's state code kept when the buyer's account was erased (with the PIN code gone). */
  keptPlaceOfSupply: string | null;
}

export interface GstReportInput {
  month: string;
  seller: Seller;
  /** Every invoice issued in the month; `cancelled` when it was cancelled rather than taken back by a credit note. */
  invoices: (InvoiceSource & { cancelled: boolean })[];
  /** The credit notes issued in the month, whichever month their invoices are of. */
  creditNotes: (InvoiceSource & { number: string; issuedAt: Date })[];
}

/** Rule 59(4)(a)(ii) of the CGST Rules: inter-state invoices above ₹1,00,000 to unregistered buyers are listed one by one (₹2,50,000 before 1 August 2024). */
const B2CL_ABOVE_PAISE = 1_00_000_00;

/**
 * Place of supply as the offline tool lists it: "33-Tamil Nadu". Its list spells a few states its own
 * way (ampersands, "Lakshdweep"), and an import must match it exactly.
 */
const OFFLINE_TOOL_NAMES: Record<string, string> = {
  '01': 'Jammu & Kashmir',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '31': 'Lakshdweep',
  '35': 'Andaman & Nicobar Islands',
};
export const placeOfSupplyLabel = (state: IndianState) => `${state.code}-${OFFLINE_TOOL_NAMES[state.code] ?? state.name}`;

const EXEMPT_ROWS = {
  interRegistered: 'Inter-State supplies to registered persons',
  intraRegistered: 'Intra-State supplies to registered persons',
  interUnregistered: 'Inter-State supplies to unregistered persons',
  intraUnregistered: 'Intra-State supplies to unregistered persons',
};

const NO_TAX: LineTax = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
const addTax = (sum: LineTax, tax: LineTax, sign: number): LineTax => ({
  taxablePaise: sum.taxablePaise + sign * tax.taxablePaise,
  cgstPaise: sum.cgstPaise + sign * tax.cgstPaise,
  sgstPaise: sum.sgstPaise + sign * tax.sgstPaise,
  igstPaise: sum.igstPaise + sign * tax.igstPaise,
});
const isNil = (tax: LineTax) => tax.taxablePaise === 0 && tax.cgstPaise === 0 && tax.sgstPaise === 0 && tax.igstPaise === 0;
const inRupees = (tax: LineTax) => ({
  taxableValue: paiseToRupees(tax.taxablePaise),
  integratedTax: paiseToRupees(tax.igstPaise),
  centralTax: paiseToRupees(tax.cgstPaise),
  stateTax: paiseToRupees(tax.sgstPaise),
});
const percent = (rateBp: number) => rateBp / 100;

interface Sum {
  documents: number;
  valuePaise: number;
  tax: LineTax;
}
const totalsOf = (sum: Sum): GstTotals => ({ documents: sum.documents, value: paiseToRupees(sum.valuePaise), ...inRupees(sum.tax) });

/**
 * Table 13's rows: one per series (the number up to its last "/"; the month the short series began
 * holds both), with its first and last number, how many, and how many were cancelled.
 */
function documentsRow(nature: GstDocumentsRow['nature'], numbers: { number: string; cancelled: boolean }[]): GstDocumentsRow[] {
  const bySeries = new Map<string, { number: string; cancelled: boolean }[]>();
  for (const document of numbers) {
    const series = document.number.slice(0, document.number.lastIndexOf('/') + 1);
    bySeries.set(series, [...(bySeries.get(series) ?? []), document]);
  }
  return [...bySeries.keys()].sort().map((series) => {
    const documents = bySeries.get(series)!;
    const sorted = documents.map((document) => document.number).sort();
    const cancelled = documents.filter((document) => document.cancelled).length;
    return { nature, from: sorted[0], to: sorted.at(-1)!, totalNumber: documents.length, cancelled, netIssued: documents.length - cancelled };
  });
}

/**
 * Sorts the month's invoices and credit notes into GSTR-1's tables. No sale has a GSTIN (the checkout
 * asks for none), so all are to unregistered persons: inter-state invoices above ₹1,00,000 go one by
 * one to B2CL (5) and their credit notes to CDNUR (9B); every other taxed sale is summed by place of
 * supply and rate into B2CS (7), its credit notes netted there (Table 7 is "net of debit notes and
 * credit notes"); 0% lines are exempt supplies (the invoice is a Bill of Supply for them) and go to
 * Table 8, net of credit notes; the HSN summary (12) and the totals are net of credit notes too.
 * Cancelled invoices count only in Table 13.
 */
export function gstReport(input: GstReportInput): GstReport {
  const b2cl: GstB2clRow[] = [];
  const cdnur: GstCdnurRow[] = [];
  const b2cs = new Map<string, { state: IndianState; rateBp: number; tax: LineTax }>();
  const hsn = new Map<string, { hsn: string; rateBp: number; quantity: number; valuePaise: number; tax: LineTax }>();
  const exemptPaise = { inter: 0, intra: 0 };
  const invoices: Sum = { documents: 0, valuePaise: 0, tax: NO_TAX };
  const creditNotes: Sum = { documents: 0, valuePaise: 0, tax: NO_TAX };

  /** An invoice (sign 1) or a credit note taking one back (sign −1), into every table it touches. */
  const enter = (source: InvoiceSource, sign: 1 | -1, credit?: { number: string; issuedAt: Date }) => {
    const { rows, tax, placeOfSupply } = invoiceFigures(source.order, source.lines, input.seller, source.keptPlaceOfSupply);
    const valuePaise = tax.totals.totalPaise;
    const large = tax.interState && valuePaise > B2CL_ABOVE_PAISE;
    const place = placeOfSupplyLabel(placeOfSupply.state);
    const invoiceNumber = source.order.invoiceNumber ?? '';

    const sum = sign > 0 ? invoices : creditNotes;
    sum.documents += 1;
    sum.valuePaise += valuePaise;
    sum.tax = addTax(sum.tax, tax.totals, 1);

    for (const rate of tax.byRate) {
      if (rate.rateBp === 0) {
        exemptPaise[tax.interState ? 'inter' : 'intra'] += sign * rate.taxablePaise;
      } else if (large && credit) {
        cdnur.push({
          urType: 'B2CL',
          noteNumber: credit.number,
          noteDate: indiaClock(credit.issuedAt).date,
          noteType: 'C',
          placeOfSupply: place,
          noteValue: paiseToRupees(valuePaise),
          rate: percent(rate.rateBp),
          invoiceNumber,
          ...inRupees(rate),
        });
      } else if (large) {
        b2cl.push({
          invoiceNumber,
          invoiceDate: indiaClock(new Date(source.order.createdAt)).date,
          invoiceValue: paiseToRupees(valuePaise),
          placeOfSupply: place,
          rate: percent(rate.rateBp),
          ...inRupees(rate),
        });
      } else {
        const key = `${placeOfSupply.state.code}/${rate.rateBp}`;
        const row = b2cs.get(key) ?? { state: placeOfSupply.state, rateBp: rate.rateBp, tax: NO_TAX };
        b2cs.set(key, { ...row, tax: addTax(row.tax, rate, sign) });
      }
    }

    rows.forEach((row, index) => {
      const key = `${row.hsnCode}/${row.gstRateBp}`;
      const summary = hsn.get(key) ?? { hsn: row.hsnCode, rateBp: row.gstRateBp, quantity: 0, valuePaise: 0, tax: NO_TAX };
      hsn.set(key, {
        ...summary,
        // The delivery charge has no quantity: it adds value, not items.
        quantity: summary.quantity + sign * (row.quantity ?? 0),
        valuePaise: summary.valuePaise + sign * (row.grossPaise - row.discountPaise),
        tax: addTax(summary.tax, tax.lines[index], sign),
      });
    });
  };

  const issued = input.invoices.filter((invoice) => !invoice.cancelled);
  for (const invoice of issued) enter(invoice, 1);
  for (const note of input.creditNotes) enter(note, -1, note);

  const exemp: GstExemptRow[] = [
    { description: EXEMPT_ROWS.interRegistered, nilRated: 0, exempted: 0, nonGst: 0 },
    { description: EXEMPT_ROWS.intraRegistered, nilRated: 0, exempted: 0, nonGst: 0 },
    { description: EXEMPT_ROWS.interUnregistered, nilRated: 0, exempted: paiseToRupees(exemptPaise.inter), nonGst: 0 },
    { description: EXEMPT_ROWS.intraUnregistered, nilRated: 0, exempted: paiseToRupees(exemptPaise.intra), nonGst: 0 },
  ];

  return {
    month: input.month,
    seller: { gstin: input.seller.gstin, state: placeOfSupplyLabel({ name: input.seller.state, code: input.seller.stateCode }) },
    b2cl: b2cl.sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber) || a.rate - b.rate),
    // A state and rate whose sales were all taken back nets to nothing: no row.
    b2cs: [...b2cs.values()]
      .filter((row) => !isNil(row.tax))
      .sort((a, b) => a.state.code.localeCompare(b.state.code) || a.rateBp - b.rateBp)
      .map((row): GstB2csRow => ({ type: 'OE', placeOfSupply: placeOfSupplyLabel(row.state), rate: percent(row.rateBp), ...inRupees(row.tax) })),
    cdnur: cdnur.sort((a, b) => a.noteNumber.localeCompare(b.noteNumber) || a.rate - b.rate),
    exemp,
    hsn: [...hsn.values()]
      .filter((row) => row.quantity !== 0 || row.valuePaise !== 0)
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp)
      .map((row): GstHsnRow => ({
        hsn: row.hsn,
        description: '',
        uqc: 'NOS',
        totalQuantity: row.quantity,
        totalValue: paiseToRupees(row.valuePaise),
        rate: percent(row.rateBp),
        ...inRupees(row.tax),
      })),
    docs: [
      ...documentsRow(
        'Invoices for outward supply',
        input.invoices.map((invoice) => ({ number: invoice.order.invoiceNumber ?? '', cancelled: invoice.cancelled })),
      ),
      ...documentsRow(
        'Credit Note',
        input.creditNotes.map((note) => ({ number: note.number, cancelled: false })),
      ),
    ],
    totals: {
      invoices: totalsOf(invoices),
      creditNotes: totalsOf(creditNotes),
      net: { value: paiseToRupees(invoices.valuePaise - creditNotes.valuePaise), ...inRupees(addTax(invoices.tax, creditNotes.tax, -1)) },
    },
  };
}
