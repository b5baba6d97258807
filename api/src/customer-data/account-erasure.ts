import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { shortOrderId } from '../common/format';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { invoiceFigures } from '../invoices/invoice-rows';
import { FORGOTTEN_RECIPIENT } from '../mail/mail-kinds';
import { Outbox } from '../mail/outbox';
import { OrdersService } from '../orders/orders.service';
import { invoiceKeepsNameAndAddress } from '../tax/invoice-retention';
import { CURRENT_PASSWORD_INCORRECT, UsersService } from '../users/users.service';
import { SessionCache } from '../sessions/session-cache';
import { ERASED_NAME, erasedEmailOf, UNUSABLE_PASSWORD_HASH } from './erased-account';

/** What an order's invoice must go on showing once its buyer is erased (docs/customer-data.md). */
interface InvoiceToKeep {
  orderId: string;
  /** Taxable value of ₹50,000 or more: the buyer's name and the addresses stay (CGST Rules 2017, rule 46(e)). */
  keepsNameAndAddress: boolean;
  /** GST state code of the place of supply, kept when the PIN code and address go; null when it could not be told. */
  placeOfSupply: string | null;
}

export interface Erasure {
  invoicesKept: number;
  invoicesWithNameAndAddress: number;
}

/** An order is still open until it is delivered or cancelled; a subscription's pack stays open with its subscription, asked about below. */
const OPEN_STATUSES = ['pending', 'processing', 'shipped'];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Erases a customer's account at their request (DELETE /api/users/me), in one transaction: the
 * goodbye mail is written first, then everything personal goes; what GST law needs stays on the
 * invoices. See docs/customer-data.md for what is kept and why.
 */
@Injectable()
export class AccountErasure {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly orders: OrdersService,
    private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessionCache: SessionCache,
  ) {}

  async erase(user: AuthUser, password: string, clientAddress: string): Promise<Erasure> {
    // Staff accounts hold the shop's work (and the owner's access); they are closed by the shop.
    if (user.role !== 'customer') throw new ForbiddenException('Staff accounts are closed by the shop, not deleted from the profile');
    if (!(await this.users.isOwnPassword(user, password, clientAddress))) throw new ForbiddenException(CURRENT_PASSWORD_INCORRECT);
    // Worked out before the transaction, with the invoice's own code; orders are frozen once placed.
    const invoices = await this.invoicesToKeep(user);
    const erased = await this.dataSource.transaction(async (manager) => {
      const [account] = (await manager.query(`SELECT name, email FROM users WHERE id = $1 AND erased_at IS NULL FOR UPDATE`, [user.id])) as {
        name: string;
        email: string;
      }[];
      if (!account) throw new NotFoundException('User not found');
      await this.refuseWhileOwed(manager, user.id);
      const [{ orderIds }] = (await manager.query(`SELECT coalesce(array_agg(id), '{}') AS "orderIds" FROM orders WHERE user_id = $1`, [user.id])) as {
        orderIds: string[];
      }[];
      // An order placed since the invoices were read is open, so refused above, unless already cancelled too: then ask again rather than guess.
      if (orderIds.some((id) => !invoices.has(id))) throw new ConflictException('Your orders changed meanwhile. Please try again.');

      const erasure: Erasure = {
        invoicesKept: invoices.size,
        invoicesWithNameAndAddress: [...invoices.values()].filter((invoice) => invoice.keepsNameAndAddress).length,
      };
      await this.outbox.enqueue(manager, [{ kind: 'account-erased', to: account.email, ...erasure }]);
      await this.eraseOrders(manager, user.id, account.name, [...invoices.values()]);
      await this.eraseTheRest(manager, user.id, account.email);
      return erasure;
    });
    this.sessionCache.forgetUser(user.id);
    return erased;
  }

  private async invoicesToKeep(user: AuthUser): Promise<Map<string, InvoiceToKeep>> {
    const rows = (await this.dataSource.query(`SELECT id FROM orders WHERE user_id = $1`, [user.id])) as { id: string }[];
    const invoices = new Map<string, InvoiceToKeep>();
    for (const [id, { order, lines }] of await this.orders.findForInvoices(rows.map((row) => row.id))) {
      const { tax, placeOfSupply } = invoiceFigures(order, lines, this.config.seller);
      invoices.set(id, { orderId: id, keepsNameAndAddress: invoiceKeepsNameAndAddress(tax.totals.taxablePaise), placeOfSupply: placeOfSupply.code });
    }
    return invoices;
  }

  /** 409 while a subscription goes on, an order is open or a refund is still on its way to them: the shop needs to reach them. */
  private async refuseWhileOwed(manager: EntityManager, userId: string): Promise<void> {
    const [running] = (await manager.query(
      `SELECT p.name FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.user_id = $1 AND s.cancelled_at IS NULL ORDER BY s.created_at LIMIT 1`,
      [userId],
    )) as { name: string }[];
    if (running) {
      throw new ConflictException(
        `Your ${running.name} subscription is still running. Cancel it on your subscriptions page first (its unused deliveries are refunded), then delete your account.`,
      );
    }
    const open = (await manager.query(`SELECT id FROM orders WHERE user_id = $1 AND status = ANY($2) AND kind <> 'subscription-pack' ORDER BY created_at`, [
      userId,
      OPEN_STATUSES,
    ])) as {
      id: string;
    }[];
    if (open.length > 0) {
      throw new ConflictException(
        `You have ${plural(open.length, 'order', 'orders')} still open (${open.map((order) => shortOrderId(order.id)).join(', ')}). ` +
          `You can delete your account once ${open.length === 1 ? 'it is' : 'they are'} delivered or cancelled.`,
      );
    }
    const [owed] = (await manager.query(
      `SELECT r.order_id AS "orderId" FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.user_id = $1 AND r.status <> 'processed' LIMIT 1`,
      [userId],
    )) as { orderId: string }[];
    if (owed) {
      throw new ConflictException(`We still owe you a refund for order ${shortOrderId(owed.orderId)}. You can delete your account once it has reached you.`);
    }
  }

  /**
   * The orders stay, with their invoices' facts (number, date, items, HSN, quantities, values, taxes,
   * the place of supply's state). The buyer's name and the addresses stay only on invoices of ₹50,000
   * taxable or more; phone numbers and gift messages go from every order.
   */
  private async eraseOrders(manager: EntityManager, userId: string, buyerName: string, invoices: InvoiceToKeep[]): Promise<void> {
    await manager.query(
      `UPDATE orders o SET
         place_of_supply = kept.place_of_supply,
         invoice_buyer_name = CASE WHEN kept.keeps THEN $3 END,
         address = CASE WHEN kept.keeps THEN o.address ELSE '' END,
         recipient_name = CASE WHEN kept.keeps THEN coalesce(o.recipient_name, $3) END,
         delivery_pincode = CASE WHEN kept.keeps THEN o.delivery_pincode END,
         recipient_phone = NULL,
         gift_message = NULL,
         updated_at = now()
       FROM jsonb_to_recordset($2::jsonb) AS kept(order_id uuid, keeps boolean, place_of_supply text)
       WHERE o.id = kept.order_id AND o.user_id = $1`,
      [
        userId,
        JSON.stringify(invoices.map((invoice) => ({ order_id: invoice.orderId, keeps: invoice.keepsNameAndAddress, place_of_supply: invoice.placeOfSupply }))),
        buyerName,
      ],
    );
    await manager.query(`UPDATE order_discounts SET phone = NULL WHERE user_id = $1`, [userId]);
    // The provider's records of their payments stay (amounts, ids); what Razorpay's payment entity says
    // about the payer goes: email, phone (contact), UPI id (vpa), card (with the holder's name), notes.
    await manager.query(
      `UPDATE payment_events
       SET payload = payload #- '{payload,payment,entity,email}' #- '{payload,payment,entity,contact}' #- '{payload,payment,entity,vpa}'
         #- '{payload,payment,entity,card}' #- '{payload,payment,entity,notes}'
       WHERE razorpay_order_id IN (SELECT razorpay_order_id FROM orders WHERE user_id = $1)`,
      [userId],
    );
  }

  /** Their wishlist, subscriptions' addresses, newsletter subscription, messages, reset links and mails' addresses; then the account itself, ending every session. */
  private async eraseTheRest(manager: EntityManager, userId: string, email: string): Promise<void> {
    await manager.query(`DELETE FROM wishlist_items WHERE user_id = $1`, [userId]);
    // Cancelled subscriptions stay as the ledger of their packs; where and to whom they went does not.
    await manager.query(
      `UPDATE subscriptions SET address = '', pincode = '000000', recipient_name = '', recipient_phone = '', updated_at = now() WHERE user_id = $1`,
      [userId],
    );
    await manager.query(
      `UPDATE subscription_deliveries d SET address = '', pincode = '000000', recipient_name = '', recipient_phone = '', updated_at = now()
       FROM subscriptions s WHERE s.id = d.subscription_id AND s.user_id = $1`,
      [userId],
    );
    await manager.query(`DELETE FROM password_resets WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM newsletter_subscribers WHERE email = $1`, [email]);
    await manager.query(`DELETE FROM contact_messages WHERE lower(email) = $1`, [email]);
    await manager.query(`DELETE FROM enquiries WHERE lower(email) = $1`, [email]);
    // Every mail written to them but the goodbye: no address, no payload; one not sent yet never will be.
    await manager.query(
      `UPDATE outbox_mails SET recipient = $2, payload = '{}', last_error = CASE WHEN status IN ('pending', 'failed') THEN $3 END,
         status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END
       WHERE lower(recipient) = $1 AND kind <> 'account-erased'`,
      [email, FORGOTTEN_RECIPIENT, 'Not sent: the account was erased'],
    );
    await manager.query(
      `UPDATE users SET name = $2, email = $3, password_hash = $4, address = '', preferred_language = 'en', erased_at = now(),
         session_version = session_version + 1, updated_at = now()
       WHERE id = $1`,
      [userId, ERASED_NAME, erasedEmailOf(userId), UNUSABLE_PASSWORD_HASH],
    );
  }
}
