import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type GstAmounts,
  type GstB2clRow,
  type GstB2csRow,
  type GstCdnurRow,
  type GstDocumentsRow,
  type GstExemptRow,
  type GstHsnRow,
  type GstReportTable,
  gstr1CsvFileName,
} from '@thalir/contracts';
import { Button, formatCount, formatDeliveryDay, formatMoney, Notice, saveBlob, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchGstReport, fetchGstReportCsv } from '../api/gst-report';
import './gst-report-page.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Last month in India: the return the accountant files now. */
function lastMonthInIndia(): string {
  const today = new Date(Date.now() + 330 * 60_000);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

let monthFormat: Intl.DateTimeFormat | undefined;
/** "November 2026". */
function formatMonth(month: string): string {
  monthFormat ??= new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

const percent = (rate: number) => `${rate}%`;

interface Column<Row> {
  heading: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Added up in the table's total row (in paise, so the total is exact). */
  sum?: (row: Row) => number;
}

const money = <Row,>(heading: string, amount: (row: Row) => number, summed = true): Column<Row> => ({
  heading,
  cell: (row) => formatMoney(amount(row)),
  numeric: true,
  ...(summed ? { sum: amount } : {}),
});
const rate = <Row extends { rate: number }>(): Column<Row> => ({ heading: 'Rate', cell: (row) => percent(row.rate), numeric: true });
const taxable = <Row extends { taxableValue: number }>() => money<Row>('Taxable value', (row) => row.taxableValue);
const igst = <Row extends { integratedTax: number }>() => money<Row>('IGST', (row) => row.integratedTax);
const cgst = <Row extends { centralTax: number }>() => money<Row>('CGST', (row) => row.centralTax);
const sgst = <Row extends { stateTax: number }>() => money<Row>('SGST', (row) => row.stateTax);

const B2CL_COLUMNS: Column<GstB2clRow>[] = [
  { heading: 'Invoice', cell: (row) => row.invoiceNumber },
  { heading: 'Date', cell: (row) => formatDeliveryDay(row.invoiceDate) },
  { heading: 'Place of supply', cell: (row) => row.placeOfSupply },
  // An invoice with two rates has a row for each: its value is not added up.
  money('Invoice value', (row) => row.invoiceValue, false),
  rate(),
  taxable(),
  igst(),
];
const B2CS_COLUMNS: Column<GstB2csRow>[] = [{ heading: 'Place of supply', cell: (row) => row.placeOfSupply }, rate(), taxable(), igst(), cgst(), sgst()];
const CDNUR_COLUMNS: Column<GstCdnurRow>[] = [
  { heading: 'Credit note', cell: (row) => row.noteNumber },
  { heading: 'Date', cell: (row) => formatDeliveryDay(row.noteDate) },
  { heading: 'Invoice', cell: (row) => row.invoiceNumber },
  { heading: 'Place of supply', cell: (row) => row.placeOfSupply },
  money('Note value', (row) => row.noteValue, false),
  rate(),
  taxable(),
  igst(),
];
const EXEMPT_COLUMNS: Column<GstExemptRow>[] = [
  { heading: 'Description', cell: (row) => row.description },
  money('Nil rated', (row) => row.nilRated),
  money('Exempted', (row) => row.exempted),
  money('Non-GST', (row) => row.nonGst),
];
const HSN_COLUMNS: Column<GstHsnRow>[] = [
  { heading: 'HSN', cell: (row) => row.hsn },
  { heading: 'UQC', cell: (row) => row.uqc },
  { heading: 'Quantity', cell: (row) => formatCount(row.totalQuantity), numeric: true },
  rate(),
  money('Total value', (row) => row.totalValue),
  taxable(),
  igst(),
  cgst(),
  sgst(),
];
const DOCUMENT_COLUMNS: Column<GstDocumentsRow>[] = [
  { heading: 'Nature of document', cell: (row) => row.nature },
  { heading: 'From', cell: (row) => row.from },
  { heading: 'To', cell: (row) => row.to },
  { heading: 'Total', cell: (row) => formatCount(row.totalNumber), numeric: true },
  { heading: 'Cancelled', cell: (row) => formatCount(row.cancelled), numeric: true },
  { heading: 'Net issued', cell: (row) => formatCount(row.netIssued), numeric: true },
];

const TOTAL_COLUMNS: Column<{ label: string; documents: number | null; amounts: GstAmounts }>[] = [
  { heading: 'Documents', cell: (row) => (row.documents === null ? '' : formatCount(row.documents)), numeric: true },
  money('Value', (row) => row.amounts.value, false),
  money('Taxable value', (row) => row.amounts.taxableValue, false),
  money('IGST', (row) => row.amounts.integratedTax, false),
  money('CGST', (row) => row.amounts.centralTax, false),
  money('SGST', (row) => row.amounts.stateTax, false),
];

function ReportTable<Row>({ caption, columns, rows, rowHeading }: { caption: string; columns: Column<Row>[]; rows: Row[]; rowHeading?: (row: Row) => string }) {
  const summed = columns.some((column) => column.sum);
  return (
    <div className="table-wrap card">
      <table className="table gst-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {rowHeading && <td />}
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {rowHeading && <th scope="row">{rowHeading(row)}</th>}
              {columns.map((column) => (
                <td key={column.heading} className={column.numeric ? 'num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {summed && rows.length > 1 && (
          <tfoot>
            <tr>
              {columns.map((column, index) => (
                <td key={column.heading} className={column.numeric ? 'num' : undefined}>
                  {column.sum ? formatMoney(rows.reduce((total, row) => total + Math.round(column.sum!(row) * 100), 0) / 100) : index === 0 ? 'Total' : ''}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

interface SectionProps<Row> {
  table: GstReportTable;
  title: string;
  note: string;
  rows: Row[];
  columns: Column<Row>[];
  download: { busy: boolean; onDownload: (table: GstReportTable) => void };
}

/** One GSTR-1 table: what it holds, its rows and total, and its CSV for the offline tool. */
function ReportSection<Row>({ table, title, note, rows, columns, download }: SectionProps<Row>) {
  return (
    <section className="gst-section" aria-labelledby={`gst-${table}-title`}>
      <div className="gst-section__head">
        <h2 id={`gst-${table}-title`}>{title}</h2>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => download.onDownload(table)}
          disabled={download.busy || rows.length === 0}
          aria-label={`Download CSV: ${title}`}
        >
          Download CSV
        </Button>
      </div>
      <p className="admin-muted">{note}</p>
      {rows.length === 0 ? <p className="gst-section__empty">Nothing this month.</p> : <ReportTable caption={title} columns={columns} rows={rows} />}
    </section>
  );
}

/** The month's GST return for the accountant: GSTR-1's tables on screen, each as the offline tool's CSV. */
export default function GstReportPage() {
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? params.get('month')! : lastMonthInIndia();
  const { data: report, error, loading } = useFetch((signal) => fetchGstReport(month, signal), [month]);
  const [download, setDownload] = useState<{ busy: GstReportTable | null; failed: boolean }>({ busy: null, failed: false });

  const downloadCsv = async (table: GstReportTable) => {
    setDownload({ busy: table, failed: false });
    try {
      saveBlob(await fetchGstReportCsv(month, table), gstr1CsvFileName(month, table));
      setDownload({ busy: null, failed: false });
    } catch {
      setDownload({ busy: null, failed: true });
    }
  };
  const downloading = { busy: download.busy !== null, onDownload: (table: GstReportTable) => void downloadCsv(table) };

  return (
    <section className="container page" aria-labelledby="gst-report-title">
      <div className="admin-page__header">
        <h1 id="gst-report-title">GST report</h1>
      </div>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="gst-report-month">Month</label>
          <input
            id="gst-report-month"
            type="month"
            value={month}
            onChange={(event) => MONTH.test(event.target.value) && setParams({ month: event.target.value }, { replace: true })}
          />
        </div>
      </div>
      {download.failed && <Notice tone="error">Could not download the CSV</Notice>}
      {error !== undefined && <Notice tone="error">Could not load the GST report</Notice>}
      {loading && !report && <Spinner label="Loading the GST report…" />}
      {report && (
        <>
          <p className="gst-report__intro">
            GSTR-1 for {formatMonth(report.month)}: the invoices issued in the month (India time) and the credit notes that took invoices back. Seller GSTIN{' '}
            {report.seller.gstin}, {report.seller.state}. Table 4A (B2B) is empty: the checkout does not ask for a buyer&apos;s GSTIN, so every sale is to an
            unregistered person.
          </p>
          <section className="gst-section" aria-labelledby="gst-totals-title">
            <h2 id="gst-totals-title">Totals</h2>
            <ReportTable
              caption="Totals"
              columns={TOTAL_COLUMNS}
              rowHeading={(row) => row.label}
              rows={[
                { label: 'Invoices', documents: report.totals.invoices.documents, amounts: report.totals.invoices },
                { label: 'Credit notes', documents: report.totals.creditNotes.documents, amounts: report.totals.creditNotes },
                { label: 'Net', documents: null, amounts: report.totals.net },
              ]}
            />
          </section>
          <ReportSection
            table="b2cl"
            title="B2C large (Table 5)"
            note="Inter-state invoices above ₹1,00,000, one row per rate."
            rows={report.b2cl}
            columns={B2CL_COLUMNS}
            download={downloading}
          />
          <ReportSection
            table="b2cs"
            title="B2C small (Table 7)"
            note="Every other taxed sale, by place of supply and rate, net of its credit notes."
            rows={report.b2cs}
            columns={B2CS_COLUMNS}
            download={downloading}
          />
          <ReportSection
            table="cdnur"
            title="Credit notes to unregistered buyers (Table 9B)"
            note="Credit notes for B2C large invoices; the others are netted in Table 7."
            rows={report.cdnur}
            columns={CDNUR_COLUMNS}
            download={downloading}
          />
          <ReportSection
            table="exemp"
            title="Nil rated and exempt supplies (Table 8)"
            note="Fresh flowers and foliage at 0%, net of credit notes."
            rows={report.exemp}
            columns={EXEMPT_COLUMNS}
            download={downloading}
          />
          <ReportSection
            table="hsn"
            title="HSN summary, B2C (Table 12)"
            note="Every line and delivery charge by HSN code and rate, net of credit notes."
            rows={report.hsn}
            columns={HSN_COLUMNS}
            download={downloading}
          />
          <ReportSection
            table="docs"
            title="Documents issued (Table 13)"
            note="The invoice series and the credit notes of the month; invoices of unpaid orders cancelled within the month count as cancelled."
            rows={report.docs}
            columns={DOCUMENT_COLUMNS}
            download={downloading}
          />
        </>
      )}
    </section>
  );
}
