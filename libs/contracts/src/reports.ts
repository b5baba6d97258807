/** Reports for the shop's accountant: the month's GST return (GSTR-1), table by table. */

/**
 * The GSTR-1 tables the GST report fills, by the names of the GST offline tool's sheets: B2C large
 * invoices (Table 5), B2C small by place of supply and rate (7), credit notes to unregistered buyers
 * (9B), nil-rated and exempt supplies (8), the HSN summary of B2C supplies (12) and the documents
 * issued (13). Table 4A (B2B) stays empty: the checkout asks no buyer for a GSTIN.
 */
export const GST_REPORT_TABLES = ['b2cl', 'b2cs', 'cdnur', 'exemp', 'hsn', 'docs'] as const;
export type GstReportTable = (typeof GST_REPORT_TABLES)[number];

/** The offline tool's sheet each table goes to (Table 12 has a B2B and a B2C sheet). */
const GSTR1_SHEETS: Record<GstReportTable, string> = { b2cl: 'b2cl', b2cs: 'b2cs', cdnur: 'cdnur', exemp: 'exemp', hsn: 'hsn(b2c)', docs: 'docs' };

/** `GET /api/admin/reports/gst.csv?month=&table=` names its file after the month and the sheet: "GSTR1_2026-05_b2cs.csv". */
export function gstr1CsvFileName(month: string, table: GstReportTable): string {
  return `GSTR1_${month}_${GSTR1_SHEETS[table]}.csv`;
}

/** Rupees: the taxable value and the tax on it (no cess: the shop sells nothing that bears one). */
export interface GstTaxes {
  taxableValue: number;
  integratedTax: number;
  centralTax: number;
  stateTax: number;
}

/** Table 5: an inter-state invoice above ₹1,00,000 to an unregistered buyer, one row per taxed rate. */
export interface GstB2clRow extends GstTaxes {
  invoiceNumber: string;
  /** YYYY-MM-DD, India's calendar. */
  invoiceDate: string;
  /** The whole invoice, tax included. */
  invoiceValue: number;
  /** "29-Karnataka": the state code and name, as the offline tool lists them. */
  placeOfSupply: string;
  /** Percent: 5 is 5%. */
  rate: number;
}

/** Table 7: every other taxed sale to unregistered buyers, by place of supply and rate, net of its credit notes. */
export interface GstB2csRow extends GstTaxes {
  /** "OE": not through an e-commerce operator. */
  type: 'OE';
  placeOfSupply: string;
  rate: number;
}

/** Table 9B: a credit note taking back a B2C large invoice, one row per taxed rate. */
export interface GstCdnurRow extends GstTaxes {
  urType: 'B2CL';
  noteNumber: string;
  noteDate: string;
  /** "C": a credit note. */
  noteType: 'C';
  placeOfSupply: string;
  /** The whole note, tax included. */
  noteValue: number;
  rate: number;
  /** The invoice it takes back (not a column of the table since 2020; for the accountant's trail). */
  invoiceNumber: string;
}

/** Table 8: one of its four rows, net of credit notes. */
export interface GstExemptRow {
  description: string;
  nilRated: number;
  exempted: number;
  nonGst: number;
}

/** Table 12 (its B2C tab): one HSN code at one rate, net of credit notes. */
export interface GstHsnRow extends GstTaxes {
  hsn: string;
  description: string;
  /** Unit quantity code: the shop counts stems and bunches, "NOS" (numbers). */
  uqc: 'NOS';
  totalQuantity: number;
  /** Tax included. */
  totalValue: number;
  rate: number;
}

/** Table 13: one series of documents issued in the month. */
export interface GstDocumentsRow {
  nature: 'Invoices for outward supply' | 'Credit Note';
  from: string;
  to: string;
  totalNumber: number;
  cancelled: number;
  netIssued: number;
}

export interface GstAmounts extends GstTaxes {
  /** Tax included. */
  value: number;
}

/** What a group of documents adds up to. */
export interface GstTotals extends GstAmounts {
  documents: number;
}

/** `GET /api/admin/reports/gst?month=YYYY-MM`: the month's GSTR-1 tables, money in rupees. */
export interface GstReport {
  /** YYYY-MM: a calendar month in India's time. */
  month: string;
  seller: { gstin: string; state: string };
  b2cl: GstB2clRow[];
  b2cs: GstB2csRow[];
  cdnur: GstCdnurRow[];
  exemp: GstExemptRow[];
  hsn: GstHsnRow[];
  docs: GstDocumentsRow[];
  totals: {
    /** The month's invoices, cancelled ones left out. */
    invoices: GstTotals;
    /** The month's credit notes, whichever month their invoices are of. */
    creditNotes: GstTotals;
    /** Invoices less credit notes: what the return declares. */
    net: GstAmounts;
  };
}
