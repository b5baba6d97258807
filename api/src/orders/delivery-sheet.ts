import { Injectable } from '@nestjs/common';
import type { DeliveryRun, DeliveryStop } from '@thalir/contracts';
import { formatCalendarDay, formatRupees, shortOrderId } from '../common/format';
import { startPdf } from '../pdf/pdf-document';

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const COLOURS = { ink: '#1f2a24', muted: '#55655c', leaf: '#1f5a41', collect: '#9a3412', band: '#e8f1ec', rule: '#c9d8cf', card: '#fbf6ea' };
const FOOTER_Y = PAGE.height - PAGE.margin - 8;
/** Where the stops' text starts, right of the tick box. */
const TEXT_X = PAGE.margin + 26;
/** The payment column on the right of each stop. */
const PAYMENT_WIDTH = 120;
const DETAILS_WIDTH = RIGHT - PAYMENT_WIDTH - 12 - TEXT_X;

/** Delivery dates are calendar dates: formatted as UTC midnight. */
const stopsLabel = (count: number) => `${count} ${count === 1 ? 'stop' : 'stops'}`;

/**
 * The printable sheet of a day's delivery run: one page (or more) per slot, each stop with a tick
 * box, the recipient, phone, address and PIN code, the items, the gift message for the card, and
 * what to collect; the slot's and the day's cash to collect in the headings.
 */
@Injectable()
export class DeliverySheet {
  render(run: DeliveryRun, shopName: string): Promise<Buffer> {
    const day = formatCalendarDay(run.date, 'long');
    const { doc, bytes } = startPdf({ Title: `Deliveries for ${day}`, Author: shopName, CreationDate: new Date(`${run.date}T00:00:00Z`) });
    const totalStops = run.slots.reduce((sum, slot) => sum + slot.stops.length, 0);
    const dayLine = `${stopsLabel(totalStops)} in all · cash to collect ${formatRupees(run.collectTotal)}`;
    let pageNumber = 0;
    const newPage = (slot: string | null, continued: boolean): number => {
      if (pageNumber > 0) doc.addPage({ size: 'A4', margin: 0 });
      pageNumber += 1;
      return this.pageHeader(doc, { shopName, day, dayLine, slot, continued, pageNumber });
    };

    if (run.slots.length === 0) {
      const y = newPage(null, false);
      doc
        .font('regular')
        .fontSize(11)
        .fillColor(COLOURS.muted)
        .text('No deliveries on this date.', PAGE.margin, y + 10, { lineBreak: false });
    }
    for (const { slot, stops } of run.slots) {
      let y = newPage(slot, false);
      const collect = stops.reduce((sum, stop) => sum + stop.collect, 0);
      y = this.slotHeading(doc, slot, `${stopsLabel(stops.length)} · collect ${formatRupees(collect)}`, y);
      for (const stop of stops) {
        const height = this.stopHeight(doc, stop);
        if (y + height > FOOTER_Y - 12) {
          y = this.slotHeading(doc, `${slot} (continued)`, '', newPage(slot, true));
        }
        y = this.stop(doc, stop, y);
      }
    }
    doc.end();
    return bytes;
  }

  /** The shop, the day and the page on every page; returns where the content starts. */
  private pageHeader(
    doc: PDFKit.PDFDocument,
    page: { shopName: string; day: string; dayLine: string; slot: string | null; continued: boolean; pageNumber: number },
  ): number {
    const top = PAGE.margin;
    doc.font('bold').fontSize(9).fillColor(COLOURS.leaf).text(page.shopName, PAGE.margin, top, { lineBreak: false });
    doc
      .font('bold')
      .fontSize(16)
      .fillColor(COLOURS.ink)
      .text(`Deliveries · ${page.day}`, PAGE.margin, top + 14, { lineBreak: false });
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(page.dayLine, PAGE.margin, top + 36, { lineBreak: false });
    const pageLabel = `Page ${page.pageNumber}`;
    doc.text(pageLabel, RIGHT - doc.widthOfString(pageLabel), top, { lineBreak: false });
    doc
      .moveTo(PAGE.margin, top + 52)
      .lineTo(RIGHT, top + 52)
      .lineWidth(1.5)
      .strokeColor(COLOURS.leaf)
      .stroke();
    const note = 'Tick each stop when delivered. Take cash only at COLLECT CASH stops; AWAITING PAYMENT orders go out once the shop confirms payment.';
    doc.font('regular').fontSize(7).fillColor(COLOURS.muted).text(note, PAGE.margin, FOOTER_Y, { lineBreak: false });
    return top + 64;
  }

  private slotHeading(doc: PDFKit.PDFDocument, title: string, detail: string, y: number): number {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 22).fill(COLOURS.band);
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(COLOURS.ink)
      .text(title, PAGE.margin + 8, y + 6, { lineBreak: false });
    if (detail) {
      doc.font('regular').fontSize(9);
      doc.text(detail, RIGHT - 8 - doc.widthOfString(detail), y + 7, { lineBreak: false });
    }
    return y + 32;
  }

  private addressOf(stop: DeliveryStop): string {
    return stop.pincode && !stop.address.includes(stop.pincode) ? `${stop.address}, PIN ${stop.pincode}` : stop.address;
  }

  private itemsOf(stop: DeliveryStop): string {
    return stop.items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
  }

  private giftOf(stop: DeliveryStop): string | null {
    return stop.giftMessage ? `Card: “${stop.giftMessage}”` : null;
  }

  /** The height a stop takes, to start a new page before one that would not fit. */
  private stopHeight(doc: PDFKit.PDFDocument, stop: DeliveryStop): number {
    doc.font('regular').fontSize(9);
    let height = 16 + doc.heightOfString(this.addressOf(stop), { width: DETAILS_WIDTH }) + 3;
    height += doc.heightOfString(this.itemsOf(stop), { width: DETAILS_WIDTH }) + 3;
    const gift = this.giftOf(stop);
    if (gift) height += doc.heightOfString(gift, { width: DETAILS_WIDTH - 12 }) + 12;
    return Math.max(height, 40) + 14;
  }

  /** One stop: tick box, who and where, what, the card, and the money; returns where the next one starts. */
  private stop(doc: PDFKit.PDFDocument, stop: DeliveryStop, top: number): number {
    doc
      .rect(PAGE.margin + 2, top + 1, 12, 12)
      .lineWidth(1)
      .strokeColor(COLOURS.ink)
      .stroke();

    doc.font('bold').fontSize(10.5).fillColor(COLOURS.ink).text(stop.recipientName, TEXT_X, top, { width: DETAILS_WIDTH, lineBreak: false, ellipsis: true });
    if (stop.recipientPhone) {
      const phone = stop.recipientPhone;
      doc.font('regular').fontSize(9.5);
      doc.text(phone, TEXT_X + DETAILS_WIDTH - doc.widthOfString(phone), top + 1, { lineBreak: false });
    }
    let y = top + 16;
    doc.font('regular').fontSize(9).fillColor(COLOURS.ink);
    doc.text(this.addressOf(stop), TEXT_X, y, { width: DETAILS_WIDTH });
    y = doc.y + 3;
    doc.fillColor(COLOURS.muted).text(this.itemsOf(stop), TEXT_X, y, { width: DETAILS_WIDTH });
    y = doc.y + 3;
    const gift = this.giftOf(stop);
    if (gift) {
      const height = doc.heightOfString(gift, { width: DETAILS_WIDTH - 12 });
      doc.rect(TEXT_X, y, DETAILS_WIDTH, height + 8).fill(COLOURS.card);
      doc.fillColor(COLOURS.ink).text(gift, TEXT_X + 6, y + 4, { width: DETAILS_WIDTH - 12 });
      y = doc.y + 7;
    }

    const payX = RIGHT - PAYMENT_WIDTH;
    const [label, detail, colour] =
      stop.collect > 0
        ? ['COLLECT CASH', formatRupees(stop.collect), COLOURS.collect]
        : stop.isPaid
          ? ['PAID', stop.paymentMethod === 'cash' ? 'Cash received' : 'Paid online', COLOURS.leaf]
          : ['AWAITING PAYMENT', 'Online payment not received', COLOURS.collect];
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(colour)
      .text(label, payX, top + 1, { width: PAYMENT_WIDTH, align: 'right' });
    if (stop.collect > 0) doc.fontSize(12);
    else doc.font('regular').fillColor(COLOURS.muted);
    doc.text(detail, payX, top + 12, { width: PAYMENT_WIDTH, align: 'right' });
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(COLOURS.muted)
      .text(`${stop.subscription ? 'Subscription' : 'Order'} ${shortOrderId(stop._id)} · ${stop.status}`, payX, top + 30, {
        width: PAYMENT_WIDTH,
        align: 'right',
      });

    const bottom = Math.max(y, top + 40) + 6;
    doc.moveTo(PAGE.margin, bottom).lineTo(RIGHT, bottom).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    return bottom + 8;
  }
}
