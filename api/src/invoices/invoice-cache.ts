import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type InvoiceInput, InvoiceRenderer } from './invoice-renderer';

/** About 20 KB each: the invoices of the last few hundred orders asked for, a few MB in all. */
const MAX_CACHED_INVOICES = 500;

export interface InvoicePdf {
  pdf: Buffer;
  /** Strong and derived from the bytes (the renderer is deterministic), so any API process agrees. */
  etag: string;
}

interface CachedInvoice extends InvoicePdf {
  /** The order as the renderer saw it: a later change of status, payment or anything printed misses. */
  printed: string;
}

/**
 * The PDF bytes of recently downloaded invoices, one per order. An entry answers only while the
 * order still reads exactly as it did when rendered, so a payment or status change shows at once.
 */
@Injectable()
export class InvoiceCache {
  private readonly invoices = new Map<string, CachedInvoice>();

  constructor(private readonly renderer: InvoiceRenderer) {}

  async pdfFor(input: InvoiceInput): Promise<InvoicePdf> {
    const { order } = input;
    const printed = JSON.stringify(input);
    const cached = this.invoices.get(order._id);
    if (cached?.printed === printed) {
      // Refreshed on use, so the entries dropped first are those unused longest.
      this.invoices.delete(order._id);
      this.invoices.set(order._id, cached);
      return cached;
    }
    const pdf = await this.renderer.render(input);
    const entry = { pdf, etag: `"${createHash('sha1').update(pdf).digest('base64url')}"`, printed };
    this.invoices.delete(order._id);
    if (this.invoices.size >= MAX_CACHED_INVOICES) this.invoices.delete(this.invoices.keys().next().value as string);
    this.invoices.set(order._id, entry);
    return entry;
  }
}
