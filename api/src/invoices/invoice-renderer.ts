import { Injectable } from '@nestjs/common';
import { ORDER_STATUSES, PAYMENT_METHOD_LABELS, type Order } from '@thalir/contracts';
import { invoiceFonts } from './invoice-fonts';
import { startPdf } from './pdf-document';

/** The seller, as brand.md gives it. */
export const SELLER = {
  legalName: 'Thalir Blooms Exports Pvt. Ltd.',
  address: '14 Rayakottai Road, Hosur, Tamil Nadu 635109, India',
  phone: '+91 4344 200 140',
  email: 'hello@thalirblooms.example',
} as const;

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const COLOURS = { ink: '#1f2a24', muted: '#55655c', leaf: '#1f5a41', unpaid: '#9a3412', band: '#e8f1ec', rule: '#c9d8cf' };
/** Space kept under the items for the total and the footer. */
const BOTTOM_RESERVE = 96;
const MAX_ADDRESS_HEIGHT = 96;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const indianDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const STATUS_LABELS = Object.fromEntries(ORDER_STATUSES.map((status) => [status, status[0].toUpperCase() + status.slice(1)]));

/** ₹1,23,456.00 — computed from paise so line totals never pick up floating-point noise. */
const money = (paise: number) => rupees.format(paise / 100);
const toPaise = (amountInRupees: number) => Math.round(amountInRupees * 100);

/** TB- and the last 8 characters of the order id: short enough to read out on the phone. */
export function invoiceNumber(orderId: string): string {
  return `TB-${orderId.slice(-8).toUpperCase()}`;
}

/** Item table columns: x offset from the left margin and width. */
const COLUMNS = {
  index: { x: 0, width: 24 },
  item: { x: 28, width: 237 },
  quantity: { x: 269, width: 50 },
  unitPrice: { x: 323, width: 88 },
  amount: { x: 415, width: CONTENT_WIDTH - 415 },
};

/**
 * One-page A4 invoices with pdfkit. Everything is placed at computed positions on a page without
 * margins, so pdfkit never flows onto a second page: long item lists get smaller rows, long names
 * and addresses are cut with an ellipsis.
 */
@Injectable()
export class InvoiceRenderer {
  constructor() {
    invoiceFonts(); // prepared at start, not on the first download
  }

  render(order: Order): Promise<Buffer> {
    const number = invoiceNumber(order._id);
    // Dated with the order rather than the clock: the same order gives the same bytes (and ETag) everywhere.
    const { doc, bytes } = startPdf({ Title: `Invoice ${number}`, Author: SELLER.legalName, Subject: `Order ${order._id}`, CreationDate: new Date(order.createdAt) });
    const afterHeader = this.header(doc, order, number);
    const tableTop = this.parties(doc, order, afterHeader);
    const tableBottom = this.items(doc, order, tableTop);
    this.total(doc, order, tableBottom);
    this.footer(doc);
    doc.end();
    return bytes;
  }

  private header(doc: PDFKit.PDFDocument, order: Order, number: string): number {
    const top = PAGE.margin;
    doc.font('bold').fontSize(16).fillColor(COLOURS.leaf);
    place(doc, SELLER.legalName, PAGE.margin, top);
    doc.font('regular').fontSize(8.5).fillColor(COLOURS.muted);
    place(doc, SELLER.address, PAGE.margin, top + 24);
    place(doc, `${SELLER.phone}  ·  ${SELLER.email}`, PAGE.margin, top + 37);

    doc.font('bold').fontSize(20).fillColor(COLOURS.ink);
    place(doc, 'INVOICE', RIGHT, top - 2, 'right');
    doc.font('regular').fontSize(9);
    place(doc, `Invoice no. ${number}`, RIGHT, top + 26, 'right');
    place(doc, `Date ${indianDate.format(new Date(order.createdAt))}`, RIGHT, top + 39, 'right');
    doc.fontSize(7.5).fillColor(COLOURS.muted);
    place(doc, `Order ${order._id}`, RIGHT, top + 52, 'right');

    const ruleY = top + 70;
    doc.moveTo(PAGE.margin, ruleY).lineTo(RIGHT, ruleY).lineWidth(1.5).strokeColor(COLOURS.leaf).stroke();
    return ruleY + 16;
  }

  /** Billed-to on the left, payment on the right; returns where the item table starts. */
  private parties(doc: PDFKit.PDFDocument, order: Order, top: number): number {
    const label = (text: string, x: number) => {
      doc.font('bold').fontSize(7.5).fillColor(COLOURS.leaf);
      doc.text(text, x, top, { lineBreak: false, characterSpacing: 0.8 });
    };

    const billWidth = 300;
    label('BILLED TO', PAGE.margin);
    doc.font('bold').fontSize(10).fillColor(COLOURS.ink);
    place(doc, fit(doc, order.user.name, billWidth), PAGE.margin, top + 14);
    doc.font('regular').fontSize(9);
    place(doc, fit(doc, order.user.email, billWidth), PAGE.margin, top + 29);
    // The one wrapped text: an address may take several lines, up to a fixed height.
    const addressOptions = { width: billWidth, height: MAX_ADDRESS_HEIGHT, ellipsis: true, lineGap: 1 };
    const addressHeight = Math.min(doc.heightOfString(order.address, addressOptions), MAX_ADDRESS_HEIGHT);
    doc.fillColor(COLOURS.muted).text(order.address, PAGE.margin, top + 43, addressOptions);

    const payX = RIGHT - 190;
    label('PAYMENT', payX);
    doc.font('regular').fontSize(9).fillColor(COLOURS.ink);
    place(doc, PAYMENT_METHOD_LABELS[order.paymentMethod], payX, top + 14);
    const paid = order.isPaid ? `Paid${order.paidAt ? ` on ${indianDate.format(new Date(order.paidAt))}` : ''}` : 'Unpaid';
    doc.font('bold').fillColor(order.isPaid ? COLOURS.leaf : COLOURS.unpaid);
    place(doc, paid, payX, top + 28);
    doc.font('regular').fillColor(COLOURS.muted);
    place(doc, `Order status: ${STATUS_LABELS[order.status]}`, payX, top + 42);

    return top + 43 + Math.max(addressHeight, 28) + 20;
  }

  /** The item table, rows shrinking to keep every line on the page; returns its bottom edge. */
  private items(doc: PDFKit.PDFDocument, order: Order, top: number): number {
    const headerHeight = 20;
    const available = PAGE.height - PAGE.margin - BOTTOM_RESERVE - top - headerHeight;
    const rowHeight = Math.min(22, available / Math.max(order.orderItems.length, 1));
    const fontSize = Math.max(5.5, Math.min(9.5, rowHeight - 4));

    doc.rect(PAGE.margin, top, CONTENT_WIDTH, headerHeight).fill(COLOURS.band);
    doc.font('bold').fontSize(8.5).fillColor(COLOURS.ink);
    const headerY = top + 6;
    cell(doc, '#', COLUMNS.index, headerY);
    cell(doc, 'Item', COLUMNS.item, headerY);
    cell(doc, 'Qty', COLUMNS.quantity, headerY, 'right');
    cell(doc, 'Unit price', COLUMNS.unitPrice, headerY, 'right');
    cell(doc, 'Amount', COLUMNS.amount, headerY, 'right');

    doc.font('regular').fontSize(fontSize).fillColor(COLOURS.ink);
    let y = top + headerHeight;
    order.orderItems.forEach((item, index) => {
      const unitPaise = toPaise(item.price);
      const textY = y + (rowHeight - fontSize) / 2 - 1;
      cell(doc, String(index + 1), COLUMNS.index, textY);
      cell(doc, fit(doc, item.name, COLUMNS.item.width), COLUMNS.item, textY);
      cell(doc, String(item.quantity), COLUMNS.quantity, textY, 'right');
      cell(doc, money(unitPaise), COLUMNS.unitPrice, textY, 'right');
      cell(doc, money(unitPaise * item.quantity), COLUMNS.amount, textY, 'right');
      y += rowHeight;
      doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    });
    return y;
  }

  private total(doc: PDFKit.PDFDocument, order: Order, top: number): void {
    const y = top + 12;
    doc.font('bold').fontSize(11).fillColor(COLOURS.ink);
    place(doc, 'Total', PAGE.margin + COLUMNS.unitPrice.x + COLUMNS.unitPrice.width, y, 'right');
    place(doc, money(toPaise(order.totalAmount)), RIGHT, y, 'right');
    doc.font('regular').fontSize(8.5).fillColor(COLOURS.muted);
    place(doc, 'Inclusive of all taxes', RIGHT, y + 18, 'right');
  }

  private footer(doc: PDFKit.PDFDocument): void {
    const y = PAGE.height - PAGE.margin - 14;
    doc.moveTo(PAGE.margin, y - 8).lineTo(RIGHT, y - 8).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    doc.font('regular').fontSize(8).fillColor(COLOURS.muted);
    const note = 'Thank you for choosing Thalir Blooms. This invoice was generated by computer and needs no signature.';
    place(doc, note, PAGE.margin + (CONTENT_WIDTH - doc.widthOfString(note)) / 2, y);
  }
}

/**
 * One line of text starting at x, or ending at x when right-aligned. Placed by hand rather than
 * with pdfkit's `width`/`align` options, which run the line wrapper for every call and were most
 * of the rendering time.
 */
function place(doc: PDFKit.PDFDocument, text: string, x: number, y: number, align: 'left' | 'right' = 'left'): void {
  doc.text(text, align === 'right' ? x - doc.widthOfString(text) : x, y, { lineBreak: false });
}

function cell(doc: PDFKit.PDFDocument, text: string, column: { x: number; width: number }, y: number, align: 'left' | 'right' = 'left'): void {
  const left = PAGE.margin + column.x;
  place(doc, text, align === 'right' ? left + column.width : left, y, align);
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
