import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isErasedEmail } from '../customer-data/erased-account';
import type { InvoiceInput } from './invoice-renderer';

/**
 * How the invoice of an erased customer's order prints (docs/customer-data.md): billed to the name
 * kept for an invoice of ₹50,000 taxable or more (else to "Deleted customer"), with no email, and
 * the place of supply from the state kept when the PIN code went.
 */
@Injectable()
export class ErasedBuyers {
  constructor(private readonly dataSource: DataSource) {}

  async asPrinted(input: InvoiceInput): Promise<InvoiceInput> {
    const { order } = input;
    // The placeholder email tells an erased buyer, so every other invoice costs no extra query.
    if (!isErasedEmail(order.user.email)) return input;
    const [kept] = (await this.dataSource.query(`SELECT invoice_buyer_name AS "buyerName", place_of_supply AS "placeOfSupply" FROM orders WHERE id = $1`, [
      order._id,
    ])) as { buyerName: string | null; placeOfSupply: string | null }[];
    return {
      ...input,
      order: { ...order, user: { ...order.user, name: kept?.buyerName ?? order.user.name, email: '' } },
      keptPlaceOfSupply: kept?.placeOfSupply ?? null,
    };
  }
}
