import { Inject, Injectable } from '@nestjs/common';
import { type CatalogueLanguage, ORDER_STATUSES, PAYMENT_METHOD_LABELS, type Order } from '@thalir/contracts';
import { formatCalendarDay, formatIndianDate, formatPaise } from '../common/format';
import { rupeesToPaise } from '../common/money';
import { APP_CONFIG, type AppConfig, type Seller } from '../config/app-config';
import { rupeesInWords } from '../tax/amount-in-words';
import { formatRate, type InvoiceTax, type LineTax } from '../tax/gst';
import { startPdf } from '../pdf/pdf-document';
import { PreparedDrawing } from '../pdf/prepared-drawing';
import { isPreparedText, preparedFonts } from '../pdf/prepared-fonts';
import { tamilText, useTamilFont } from '../pdf/tamil-font';
import { invoiceFigures, type InvoiceRow, type PlaceOfSupply } from './invoice-rows';

/** The shop's contact lines under the seller (shared/spec/brand.md). */
const SELLER_CONTACT = '+91 4344 200 140  ·  hello@thalirblooms.example';

/** What the invoice needs besides the order's JSON: each line's HSN code and GST rate, as sold. */
export interface InvoiceLineTax {
  hsnCode: string;
  gstRateBp: number;
}

export interface InvoiceInput {
  order: Order;
  /** One per order line, in the same order. */
  lines: InvoiceLineTax[];
  /** The place of supply's state code, kept when the buyer's account was erased with the PIN code. */
  keptPlaceOfSupply?: string | null;
  /** The buyer's language: Tamil puts Tamil headings beside the English ones. Absent, English. */
  language?: CatalogueLanguage;
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const COLOURS = { ink: '#1f2a24', muted: '#55655c', leaf: '#1f5a41', unpaid: '#9a3412', band: '#e8f1ec', rule: '#c9d8cf' };

const STATUS_LABELS = Object.fromEntries(ORDER_STATUSES.map((status) => [status, status[0].toUpperCase() + status.slice(1)]));

const TABLE_HEADING_HEIGHT = 18;

/** A Tamil invoice's header under its two-line title, its table heading with a line of Tamil above the English. */
const TAMIL_HEADER_SHIFT = 8;
const TAMIL_TABLE_HEADING_HEIGHT = 28;

/**
 * The headings of the invoice of a buyer who reads Tamil, in Tamil beside their English (the legal
 * fields, figures and codes stay as they are). In the Tamil font, drawn for each such invoice.
 */
const TAMIL = {
  titles: { taxInvoice: 'வரி விலைப்பட்டியல்', billOfSupply: 'வழங்கல் பட்டியல்' } as Record<DocumentKind, string>,
  /** BILLED TO, DELIVER TO, PAYMENT. */
  parties: ['வாங்குபவர்', 'டெலிவரி', 'பணம் செலுத்துதல்'],
  /** By column key; `#`, HSN and the GST columns are codes, the same in both. */
  columns: {
    item: 'பொருள்',
    quantity: 'அளவு',
    unitPrice: 'அலகு விலை',
    gross: 'மொத்தம்',
    discount: 'தள்ளுபடி',
    taxable: 'வரிக்குரிய மதிப்பு',
    rate: 'வீதம்',
    amount: 'தொகை',
  } as Record<string, string>,
  /** The tax summary's headings, by their English. */
  summary: { 'GST rate': 'வரி வீதம்', 'Taxable value': 'வரிக்குரிய மதிப்பு', 'Total tax': 'மொத்த வரி' } as Record<string, string>,
  total: 'மொத்தம்',
};
const TAMIL_TEXTS = [...Object.values(TAMIL.titles), ...TAMIL.parties, ...Object.values(TAMIL.columns), ...Object.values(TAMIL.summary), TAMIL.total];
const TAMIL_HEADING_SIZE = 6.5;
/** The tax summary's line of Tamil headings. */
const TAMIL_SUMMARY_HEIGHT = 10;

type Align = 'left' | 'right';
interface Column {
  key: string;
  heading: string;
  width: number;
  align: Align;
}

/**
 * The item table's columns for each kind of document. A Bill of Supply charges no tax, so it shows
 * none; a Tax Invoice shows each line's taxable value and its tax, split CGST + SGST within the
 * seller's state and IGST across states. Widths add up to the content width.
 */
const BASE_COLUMNS: Column[] = [
  { key: 'index', heading: '#', width: 16, align: 'left' },
  { key: 'item', heading: 'Item', width: 0, align: 'left' },
  { key: 'hsn', heading: 'HSN', width: 34, align: 'left' },
  { key: 'quantity', heading: 'Qty', width: 26, align: 'right' },
];
const UNIT_PRICE_COLUMN: Column = { key: 'unitPrice', heading: 'Unit price', width: 58, align: 'right' };
/**
 * In an order with a discount, instead of the unit price: each line's amount before the discount and
 * the discount (the taxable value, the tax and the amount are after it).
 */
const DISCOUNT_COLUMNS: Column[] = [
  { key: 'gross', heading: 'Gross', width: 54, align: 'right' },
  { key: 'discount', heading: 'Discount', width: 48, align: 'right' },
];
const TAX_COLUMNS = {
  none: [] as Column[],
  intraState: [
    { key: 'taxable', heading: 'Taxable value', width: 62, align: 'right' },
    { key: 'rate', heading: 'GST', width: 26, align: 'right' },
    { key: 'cgst', heading: 'CGST', width: 46, align: 'right' },
    { key: 'sgst', heading: 'SGST', width: 46, align: 'right' },
  ] as Column[],
  interState: [
    { key: 'taxable', heading: 'Taxable value', width: 62, align: 'right' },
    { key: 'rate', heading: 'GST', width: 26, align: 'right' },
    { key: 'igst', heading: 'IGST', width: 56, align: 'right' },
  ] as Column[],
};
const AMOUNT_COLUMN: Column = { key: 'amount', heading: 'Amount', width: 66, align: 'right' };
type TableKind = keyof typeof TAX_COLUMNS;

/** The discount columns take more room than the unit price: every column narrower, the text a size smaller. */
const WITH_DISCOUNTS = {
  widths: { index: 10, hsn: 24, quantity: 16, taxable: 58, rate: 22, cgst: 45, sgst: 45, igst: 52, amount: 56 } as Record<string, number>,
  gap: 3,
  headingSize: 7,
  largestRowSize: 7.5,
};
const PLAIN = { gap: 4, headingSize: 7.5, largestRowSize: 8.5 };

type PlacedColumn = Column & { x: number };

interface Table {
  columns: PlacedColumn[];
  /** Rows shrink from this size to fit many lines on the page. */
  largestRowSize: number;
  headingSize: number;
  /** The heading band: the same in every invoice with this table. */
  heading: PreparedDrawing;
}

/** Columns with x offsets from the left margin; the item column takes what the others leave. */
function layoutTable(kind: TableKind, withDiscounts: boolean): Table {
  const sizes = withDiscounts ? WITH_DISCOUNTS : PLAIN;
  const columns = [...BASE_COLUMNS, ...(withDiscounts ? DISCOUNT_COLUMNS : [UNIT_PRICE_COLUMN]), ...TAX_COLUMNS[kind], AMOUNT_COLUMN].map((column) => ({
    ...column,
    width: withDiscounts ? (WITH_DISCOUNTS.widths[column.key] ?? column.width) : column.width,
  }));
  const fixed = columns.reduce((sum, column) => sum + column.width, 0) + sizes.gap * (columns.length - 1);
  let x = 0;
  const placed = columns.map((column) => {
    const width = column.key === 'item' ? CONTENT_WIDTH - fixed : column.width;
    const at = { ...column, width, x };
    x += width + sizes.gap;
    return at;
  });
  const heading = new PreparedDrawing((doc) => drawTableHeading(doc, placed, sizes.headingSize));
  return { columns: placed, largestRowSize: sizes.largestRowSize, headingSize: sizes.headingSize, heading };
}

/** The heading band at the origin; with `tamil`, taller, each heading's Tamil above its English. */
function drawTableHeading(doc: PDFKit.PDFDocument, columns: PlacedColumn[], size: number, tamil = false): void {
  doc.rect(PAGE.margin, 0, CONTENT_WIDTH, tamil ? TAMIL_TABLE_HEADING_HEIGHT : TABLE_HEADING_HEIGHT).fill(COLOURS.band);
  doc.font('bold').fontSize(size).fillColor(COLOURS.ink);
  for (const column of columns) cell(doc, column.heading, column, tamil ? 16 : 5.5);
  if (!tamil) return;
  columns.forEach((column, index) => {
    const text = TAMIL.columns[column.key];
    if (!text) return;
    // A heading wider than its column reaches into the one before when that has no Tamil (HSN), else takes a smaller size.
    const before = columns[index - 1];
    const room = column.width + (column.align === 'right' && before && !TAMIL.columns[before.key] ? before.width : 0);
    doc.font('tamil-bold').fontSize(TAMIL_HEADING_SIZE);
    doc.fontSize(Math.min(TAMIL_HEADING_SIZE, (TAMIL_HEADING_SIZE * room) / doc.widthOfString(text)));
    const left = PAGE.margin + column.x;
    placeTamil(doc, text, column.align === 'right' ? left + column.width : left, 12, column.align);
  });
}
const TABLE_KINDS: TableKind[] = ['none', 'intraState', 'interState'];
const TABLES = {
  plain: Object.fromEntries(TABLE_KINDS.map((kind) => [kind, layoutTable(kind, false)])) as Record<TableKind, Table>,
  withDiscounts: Object.fromEntries(TABLE_KINDS.map((kind) => [kind, layoutTable(kind, true)])) as Record<TableKind, Table>,
};

const FOOTER_Y = PAGE.height - PAGE.margin - 10;
/** Space under the item rows for the totals, the tax summary, the amount in words and the footer. */
const BOTTOM_RESERVE = { taxInvoice: 150, billOfSupply: 96 };

const HEADER_RULE_Y = PAGE.margin + 74;
const PARTIES_TOP = HEADER_RULE_Y + 12;
const PARTY_COLUMN_WIDTH = (CONTENT_WIDTH - 24) / 3;
const PARTY_X = [PAGE.margin, PAGE.margin + PARTY_COLUMN_WIDTH + 12, PAGE.margin + 2 * (PARTY_COLUMN_WIDTH + 12)];
const PARTY_LABELS: [string, number][] = [
  ['BILLED TO', PARTY_X[0]],
  ['DELIVER TO', PARTY_X[1]],
  ['PAYMENT', PARTY_X[2]],
];
const MAX_ADDRESS_HEIGHT = 60;

/** Labels every invoice has in the same place; with `tamil`, each label's Tamil before its English. */
function drawFixedText(doc: PDFKit.PDFDocument, tamil = false): void {
  doc.font('bold').fontSize(7).fillColor(COLOURS.leaf);
  PARTY_LABELS.forEach(([text, x], index) => {
    let at = x;
    if (tamil) {
      const baseline = baselineOf('bold', 7, PARTIES_TOP);
      doc.font('tamil-bold').fontSize(8.5);
      at += placeTamil(doc, TAMIL.parties[index], x, baseline) + 6;
      doc.font('bold').fontSize(7);
    }
    doc.text(text, at, PARTIES_TOP, { lineBreak: false, characterSpacing: 0.8 });
  });
  doc
    .moveTo(PAGE.margin, FOOTER_Y - 8)
    .lineTo(RIGHT, FOOTER_Y - 8)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
}
const FIXED_TEXT = new PreparedDrawing((doc) => drawFixedText(doc));

/** The two kinds of document: title and footer note. */
const DOCUMENTS = {
  taxInvoice: { title: 'Tax Invoice', note: 'Tax is payable on reverse charge: No. This invoice was generated by computer and needs no signature.' },
  billOfSupply: {
    title: 'Bill of Supply',
    note: 'Bill of Supply: fresh flowers and foliage are exempt from GST, so no tax is charged. Computer-generated; no signature needed.',
  },
};
type DocumentKind = keyof typeof DOCUMENTS;

/**
 * A kind's title (top right) and footer note (bottom centre). With `tamil` the title is the Tamil
 * one with the English under it, smaller; the header below moves down by TAMIL_HEADER_SHIFT.
 */
function drawDocumentText(doc: PDFKit.PDFDocument, kind: DocumentKind, tamil = false): void {
  const { title, note } = DOCUMENTS[kind];
  if (tamil) {
    doc.font('tamil-bold').fontSize(14).fillColor(COLOURS.ink);
    placeTamil(doc, TAMIL.titles[kind], RIGHT, baselineOf('bold', 14, PAGE.margin - 2), 'right');
    doc.font('bold').fontSize(10);
    place(doc, title.toUpperCase(), RIGHT, PAGE.margin + 16, 'right');
  } else {
    doc.font('bold').fontSize(17).fillColor(COLOURS.ink);
    place(doc, title.toUpperCase(), RIGHT, PAGE.margin - 2, 'right');
  }
  doc.font('regular').fontSize(7).fillColor(COLOURS.muted);
  place(doc, note, PAGE.margin + (CONTENT_WIDTH - doc.widthOfString(note)) / 2, FOOTER_Y);
}
const DOCUMENT_TEXT = Object.fromEntries(
  (Object.keys(DOCUMENTS) as DocumentKind[]).map((kind) => [kind, new PreparedDrawing((doc) => drawDocumentText(doc, kind))]),
) as Record<DocumentKind, PreparedDrawing>;
/** The seller block: from configuration, so the same in every invoice this process makes. */
function drawSeller(doc: PDFKit.PDFDocument, seller: Seller): void {
  const top = PAGE.margin;
  const sellerWidth = CONTENT_WIDTH - 190;
  doc.font('bold').fontSize(14).fillColor(COLOURS.leaf);
  place(doc, fit(doc, seller.legalName, sellerWidth), PAGE.margin, top);
  doc.font('regular').fontSize(8).fillColor(COLOURS.muted);
  place(doc, fit(doc, seller.address, sellerWidth), PAGE.margin, top + 21);
  place(doc, SELLER_CONTACT, PAGE.margin, top + 33);
  doc.font('bold').fillColor(COLOURS.ink);
  place(doc, `GSTIN ${seller.gstin}`, PAGE.margin, top + 47);
  doc.font('regular').fillColor(COLOURS.muted);
  place(doc, `State: ${seller.state} (code ${seller.stateCode})`, PAGE.margin, top + 59);
  doc.moveTo(PAGE.margin, HEADER_RULE_Y).lineTo(RIGHT, HEADER_RULE_Y).lineWidth(1.5).strokeColor(COLOURS.leaf).stroke();
}

/**
 * GST-ready one-page A4 invoices with pdfkit: "Tax Invoice", or "Bill of Supply" when every line is
 * exempt (0%). Everything is placed at computed positions on a page without margins, so pdfkit
 * never flows onto a second page: long item lists get smaller rows (25 lines fit at a readable
 * size), long names and addresses are cut with an ellipsis. The gift message is never printed.
 */
@Injectable()
export class InvoiceRenderer {
  /** Drawn once and replayed when the seller's text keeps to the prepared glyphs (it usually does); drawn each time otherwise. */
  private readonly seller: { drawOn(doc: PDFKit.PDFDocument): void };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const seller = config.seller;
    const prepared = [seller.legalName, seller.address, seller.gstin, seller.state, seller.stateCode].every(isPreparedText);
    this.seller = prepared ? new PreparedDrawing((doc) => drawSeller(doc, seller)) : { drawOn: (doc) => drawSeller(doc, seller) };
  }

  render({ order, lines, keptPlaceOfSupply, language }: InvoiceInput): Promise<Buffer> {
    const tamil = language === 'ta';
    const seller = this.config.seller;
    const number = order.invoiceNumber ?? '';
    const { rows, tax, placeOfSupply } = invoiceFigures(order, lines, seller, keptPlaceOfSupply);
    const kindOfDocument: DocumentKind = tax.billOfSupply ? 'billOfSupply' : 'taxInvoice';
    // Dated with the order rather than the clock: the same order gives the same bytes (and ETag) everywhere.
    const { doc, bytes } = startPdf({
      Title: `${DOCUMENTS[kindOfDocument].title} ${number}`,
      Author: seller.legalName,
      Subject: `Order ${order._id}`,
      CreationDate: new Date(order.createdAt),
    });
    if (tamil) {
      // Drawn each time rather than replayed: a Tamil invoice is rarer than an English one.
      useTamilFont(doc, TAMIL_TEXTS);
      drawFixedText(doc, true);
      drawDocumentText(doc, kindOfDocument, true);
    } else {
      FIXED_TEXT.drawOn(doc);
      DOCUMENT_TEXT[kindOfDocument].drawOn(doc);
    }
    this.seller.drawOn(doc);
    this.header(doc, order, number, tamil ? TAMIL_HEADER_SHIFT : 0);
    const tableTop = this.parties(doc, order, placeOfSupply);
    const kind: TableKind = tax.billOfSupply ? 'none' : tax.interState ? 'interState' : 'intraState';
    const table = TABLES[rows.some((row) => row.discountPaise > 0) ? 'withDiscounts' : 'plain'][kind];
    const tableBottom = this.items(doc, rows, tax, table, tableTop, tamil);
    this.totals(doc, order, tax, kind, tableBottom, tamil);
    doc.end();
    return bytes;
  }

  /** The invoice's number and dates under the title, `shift` lower under a two-line title. */
  private header(doc: PDFKit.PDFDocument, order: Order, number: string, shift: number): void {
    const top = PAGE.margin + shift;
    doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink);
    place(doc, `Invoice no. ${number}`, RIGHT, top + 23, 'right');
    place(doc, `Date ${formatIndianDate(new Date(order.createdAt))}`, RIGHT, top + 35, 'right');
    doc.fontSize(7).fillColor(COLOURS.muted);
    place(doc, `Order ${order._id}`, RIGHT, top + 48, 'right');
  }

  /** Billed to, deliver to (with the place of supply) and payment; returns where the item table starts. */
  private parties(doc: PDFKit.PDFDocument, order: Order, placeOfSupply: PlaceOfSupply): number {
    const top = PARTIES_TOP + 13;
    const width = PARTY_COLUMN_WIDTH;

    const [billX, deliverX, payX] = PARTY_X;
    doc.font('bold').fontSize(9).fillColor(COLOURS.ink);
    place(doc, fit(doc, order.user.name, width), billX, top);
    doc.font('regular').fontSize(8);
    place(doc, fit(doc, order.user.email, width), billX, top + 13);
    // The one wrapped text: an address may take several lines, up to a fixed height.
    const addressOptions = { width, height: MAX_ADDRESS_HEIGHT, ellipsis: true, lineGap: 1 };
    const addressHeight = Math.min(doc.heightOfString(order.address, addressOptions), MAX_ADDRESS_HEIGHT);
    doc.fillColor(COLOURS.muted).text(order.address, billX, top + 26, addressOptions);

    const delivery = order.delivery;
    doc.font('bold').fontSize(9).fillColor(COLOURS.ink);
    place(doc, fit(doc, delivery?.recipientName ?? order.user.name, width), deliverX, top);
    doc.font('regular').fontSize(8);
    let y = top + 13;
    if (delivery) {
      place(doc, fit(doc, `${formatCalendarDay(delivery.date, 'withWeekday')}, ${delivery.slot}`, width), deliverX, y);
      y += 12;
    }
    doc.fillColor(COLOURS.muted);
    const contact = [delivery?.recipientPhone, delivery?.pincode ? `PIN ${delivery.pincode}` : null].filter(Boolean).join('  ·  ');
    if (contact) {
      place(doc, fit(doc, contact, width), deliverX, y);
      y += 12;
    }
    place(doc, fit(doc, `Place of supply: ${placeOfSupply.label}`, width), deliverX, y);

    doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink);
    place(doc, PAYMENT_METHOD_LABELS[order.paymentMethod], payX, top);
    const paid = order.isPaid ? `Paid${order.paidAt ? ` on ${formatIndianDate(new Date(order.paidAt))}` : ''}` : 'Unpaid';
    doc.font('bold').fillColor(order.isPaid ? COLOURS.leaf : COLOURS.unpaid);
    place(doc, paid, payX, top + 13);
    doc.font('regular').fontSize(8).fillColor(COLOURS.muted);
    place(doc, `Order status: ${STATUS_LABELS[order.status]}`, payX, top + 26);

    return Math.max(top + 26 + Math.max(addressHeight, 10), y + 12) + 14;
  }

  /** The item table, rows shrinking to keep every line on the page; returns its bottom edge. */
  private items(doc: PDFKit.PDFDocument, rows: InvoiceRow[], tax: InvoiceTax, table: Table, top: number, tamil: boolean): number {
    const reserve =
      (tax.billOfSupply ? BOTTOM_RESERVE.billOfSupply : BOTTOM_RESERVE.taxInvoice + 12 * tax.byRate.length) +
      (tamil && !tax.billOfSupply ? TAMIL_SUMMARY_HEIGHT : 0);
    const headingHeight = tamil ? TAMIL_TABLE_HEADING_HEIGHT : TABLE_HEADING_HEIGHT;
    const available = PAGE.height - PAGE.margin - reserve - top - headingHeight;
    const rowHeight = Math.min(20, available / Math.max(rows.length, 1));
    const fontSize = Math.max(5.5, Math.min(table.largestRowSize, rowHeight - 4));

    if (tamil) {
      doc.save().translate(0, top);
      drawTableHeading(doc, table.columns, table.headingSize, true);
      doc.restore();
    } else {
      table.heading.drawOn(doc, top);
    }
    doc.font('regular').fontSize(fontSize).fillColor(COLOURS.ink);
    let y = top + headingHeight;
    rows.forEach((row, index) => {
      const lineTax = tax.lines[index];
      // The delivery charge is not numbered as an item and has no quantity or unit price.
      const values: Record<string, string> = {
        index: row.quantity === null ? '' : String(index + 1),
        hsn: row.hsnCode,
        quantity: row.quantity === null ? '' : String(row.quantity),
        unitPrice: row.unitPaise === null ? '' : formatPaise(row.unitPaise),
        gross: formatPaise(row.grossPaise),
        discount: formatPaise(row.discountPaise),
        taxable: formatPaise(lineTax.taxablePaise),
        rate: formatRate(row.gstRateBp),
        cgst: formatPaise(lineTax.cgstPaise),
        sgst: formatPaise(lineTax.sgstPaise),
        igst: formatPaise(lineTax.igstPaise),
        amount: formatPaise(row.grossPaise - row.discountPaise),
      };
      const textY = y + (rowHeight - fontSize) / 2 - 1;
      for (const column of table.columns) {
        cell(doc, column.key === 'item' ? fit(doc, row.description, column.width) : values[column.key], column, textY);
      }
      y += rowHeight;
      doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    });
    return y;
  }

  /** The tax summary by rate (Tax Invoice), the total and the amount in words. */
  private totals(doc: PDFKit.PDFDocument, order: Order, tax: InvoiceTax, kind: TableKind, top: number, tamil: boolean): void {
    let y = top + 10;
    if (!tax.billOfSupply) {
      const heads = kind === 'interState' ? ['GST rate', 'Taxable value', 'IGST', 'Total tax'] : ['GST rate', 'Taxable value', 'CGST', 'SGST', 'Total tax'];
      const width = 70;
      const left = RIGHT - heads.length * width;
      const row = (texts: string[], at: number) => texts.forEach((text, index) => place(doc, text, left + (index + 1) * width, at, 'right'));
      if (tamil) {
        doc.font('tamil-bold').fontSize(TAMIL_HEADING_SIZE).fillColor(COLOURS.ink);
        heads.forEach((head, index) => {
          if (TAMIL.summary[head]) placeTamil(doc, TAMIL.summary[head], left + (index + 1) * width, y + 7, 'right');
        });
        y += TAMIL_SUMMARY_HEIGHT;
      }
      doc.font('bold').fontSize(7.5).fillColor(COLOURS.ink);
      row(heads, y);
      y += 12;
      doc.font('regular');
      const amounts = (line: LineTax) => (kind === 'interState' ? [line.igstPaise] : [line.cgstPaise, line.sgstPaise]);
      const taxOf = (line: LineTax) => line.cgstPaise + line.sgstPaise + line.igstPaise;
      for (const rate of tax.byRate) {
        row([formatRate(rate.rateBp), formatPaise(rate.taxablePaise), ...amounts(rate).map(formatPaise), formatPaise(taxOf(rate))], y);
        y += 12;
      }
      doc
        .moveTo(left + 8, y - 2)
        .lineTo(RIGHT, y - 2)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      doc.font('bold');
      row(['Total', formatPaise(tax.totals.taxablePaise), ...amounts(tax.totals).map(formatPaise), formatPaise(taxOf(tax.totals))], y + 2);
      y += 20;
    }
    doc.font('bold').fontSize(11).fillColor(COLOURS.ink);
    const totalPaise = rupeesToPaise(order.totalAmount);
    const total = formatPaise(totalPaise);
    place(doc, total, RIGHT, y, 'right');
    const totalLabelRight = RIGHT - doc.widthOfString(total) - 16;
    place(doc, 'Total', totalLabelRight, y, 'right');
    if (tamil) {
      const beside = totalLabelRight - doc.widthOfString('Total') - 6;
      doc.font('tamil-bold').fontSize(10);
      placeTamil(doc, TAMIL.total, beside, baselineOf('bold', 11, y), 'right');
    }
    doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted);
    place(doc, tax.billOfSupply ? 'No GST charged' : 'Inclusive of GST', RIGHT, y + 15, 'right');
    doc.font('bold').fontSize(8).fillColor(COLOURS.ink);
    doc.text(rupeesInWords(totalPaise), PAGE.margin, y + 2, { width: CONTENT_WIDTH - 200, lineGap: 1 });
  }
}

/**
 * One line of text starting at x, or ending at x when right-aligned. Placed by hand rather than
 * with pdfkit's `width`/`align` options, which run the line wrapper for every call and were most
 * of the rendering time.
 */
function place(doc: PDFKit.PDFDocument, text: string, x: number, y: number, align: Align = 'left'): void {
  doc.text(text, align === 'right' ? x - doc.widthOfString(text) : x, y, { lineBreak: false });
}

function cell(doc: PDFKit.PDFDocument, text: string, column: { x: number; width: number; align: Align }, y: number): void {
  const left = PAGE.margin + column.x;
  place(doc, text, column.align === 'right' ? left + column.width : left, y, column.align);
}

/** Where the baseline of text placed at `top` in a prepared font falls: Tamil beside it sits on the same line. */
function baselineOf(font: 'regular' | 'bold', size: number, top: number): number {
  return top + (preparedFonts()[font].ascender * size) / 1000;
}

/** Tamil in the current (Tamil) font on `baseline`, starting at x or ending there; answers its width. */
function placeTamil(doc: PDFKit.PDFDocument, text: string, x: number, baseline: number, align: Align = 'left'): number {
  const width = doc.widthOfString(text);
  tamilText(doc, text, align === 'right' ? x - width : x, baseline, { baseline: 'alphabetic' });
  return width;
}

/** The text cut with an ellipsis to fit the width in the current font and size. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const full = doc.widthOfString(text);
  if (full <= width) return text;
  // Start from a proportional guess and step back: one or two measurements instead of a search.
  let length = Math.floor((text.length * width) / full);
  while (length > 0 && doc.widthOfString(`${text.slice(0, length).trimEnd()}…`) > width) length -= 1;
  return `${text.slice(0, length).trimEnd()}…`;
}
