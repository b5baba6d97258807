import type { GstHsnRow, GstReport, GstReportTable } from '@thalir/contracts';
import { csvField } from '../common/csv';

/**
 * The report's tables as the CSV files the GST offline tool imports, one a table, with its sheets'
 * column headings. Amounts are plain rupees with two decimals (no grouping, no currency sign), dates as the
 * tool writes them (05-May-2026); columns the shop never fills (cess, the 65% rate, e-commerce
 * operator) stay empty.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-05-05 → 05-May-2026. */
function toolDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

const amount = (rupees: number) => rupees.toFixed(2);

/** The return's JSON says "NOS"; the tool's list of units reads "NOS-NUMBERS". */
const UQC_LABELS: Record<GstHsnRow['uqc'], string> = { NOS: 'NOS-NUMBERS' };

const TABLES: Record<GstReportTable, (report: GstReport) => { headings: string[]; rows: (string | number)[][] }> = {
  b2cl: (report) => ({
    headings: [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    rows: report.b2cl.map((row) => [
      row.invoiceNumber,
      toolDate(row.invoiceDate),
      amount(row.invoiceValue),
      row.placeOfSupply,
      '',
      row.rate,
      amount(row.taxableValue),
      '',
      '',
    ]),
  }),
  b2cs: (report) => ({
    headings: ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    rows: report.b2cs.map((row) => [row.type, row.placeOfSupply, row.rate, '', amount(row.taxableValue), '', '']),
  }),
  cdnur: (report) => ({
    headings: [
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows: report.cdnur.map((row) => [
      row.urType,
      row.noteNumber,
      toolDate(row.noteDate),
      row.noteType,
      row.placeOfSupply,
      amount(row.noteValue),
      '',
      row.rate,
      amount(row.taxableValue),
      '',
    ]),
  }),
  exemp: (report) => ({
    headings: ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST supplies'],
    rows: report.exemp.map((row) => [row.description, amount(row.nilRated), amount(row.exempted), amount(row.nonGst)]),
  }),
  hsn: (report) => ({
    headings: [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    rows: report.hsn.map((row) => [
      row.hsn,
      row.description,
      UQC_LABELS[row.uqc],
      row.totalQuantity,
      amount(row.totalValue),
      row.rate,
      amount(row.taxableValue),
      amount(row.integratedTax),
      amount(row.centralTax),
      amount(row.stateTax),
      '',
    ]),
  }),
  docs: (report) => ({
    headings: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    rows: report.docs.map((row) => [row.nature, row.from, row.to, row.totalNumber, row.cancelled]),
  }),
};

/** One table of the report as a CSV file: headings, then a line a row, CRLF line ends. */
export function gstr1Csv(report: GstReport, table: GstReportTable): string {
  const { headings, rows } = TABLES[table](report);
  return [headings, ...rows].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
