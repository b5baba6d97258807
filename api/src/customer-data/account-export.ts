import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  AccountData,
  AccountMail,
  AccountNewsletterSubscription,
  AccountPayment,
  AccountProfile,
  AccountRefund,
  AccountWishlistEntry,
  CatalogueLanguage,
  ContactMessage,
  OutboxStatus,
  RefundStatus,
  Role,
} from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import { ENQUIRY_COLUMNS, type EnquiryRow, toEnquiry } from '../enquiries/enquiries.service';
import { OrdersService } from '../orders/orders.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

/** The profile with an addition: the language of the account's mails and invoices. */
type AccountProfileWithLanguage = AccountProfile & { language: CatalogueLanguage };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Rows of one order's table, grouped by order. */
function byOrder<T extends { orderId: string }, R>(rows: T[], view: (row: T) => R): Map<string, R[]> {
  const grouped = new Map<string, R[]>();
  for (const row of rows) grouped.set(row.orderId, [...(grouped.get(row.orderId) ?? []), view(row)]);
  return grouped;
}

/**
 * Everything the shop holds about a customer, read for them (GET /api/users/me/export): their
 * account, orders with their money, wishlist, flower subscriptions, newsletter subscription, the messages and enquiries sent from
 * their email, and the mails written to it.
 */
@Injectable()
export class AccountExport {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly flowerSubscriptions: SubscriptionsService,
  ) {}

  async export(userId: string): Promise<AccountData & { profile: AccountProfileWithLanguage }> {
    const profile = await this.profile(userId);
    const email = profile.email;
    const query = <T>(sql: string, params: unknown[]) => this.dataSource.query(sql, params) as Promise<T[]>;
    const orders = await this.orders.listForUser(userId);
    const flowerSubscriptions = await this.flowerSubscriptions.listForUser(userId);
    const orderIds = orders.map((order) => order._id);
    const [payments, refunds, wishlist, subscriptions, contactMessages, enquiries, mails] = await Promise.all([
      query<{ orderId: string; amountPaise: number; method: string | null; createdAt: Date }>(
        `SELECT order_id AS "orderId", amount_paise AS "amountPaise", method, created_at AS "createdAt" FROM payments WHERE order_id = ANY($1) ORDER BY created_at`,
        [orderIds],
      ),
      query<{ orderId: string; amountPaise: number; status: RefundStatus; manual: boolean; reason: string; createdAt: Date; processedAt: Date | null }>(
        `SELECT order_id AS "orderId", amount_paise AS "amountPaise", status, manual, reason, created_at AS "createdAt", processed_at AS "processedAt"
         FROM refunds WHERE order_id = ANY($1) ORDER BY created_at`,
        [orderIds],
      ),
      query<{ productId: string; name: string; addedAt: Date }>(
        `SELECT w.product_id AS "productId", p.name, w.created_at AS "addedAt" FROM wishlist_items w JOIN products p ON p.id = w.product_id
         WHERE w.user_id = $1 ORDER BY w.created_at DESC`,
        [userId],
      ),
      query<{ email: string; status: AccountNewsletterSubscription['status']; createdAt: Date; confirmedAt: Date | null }>(
        `SELECT email, status, created_at AS "createdAt", confirmed_at AS "confirmedAt" FROM newsletter_subscribers WHERE email = $1`,
        [email],
      ),
      query<{ id: string; name: string; email: string; message: string; createdAt: Date }>(
        `SELECT id, name, email, message, created_at AS "createdAt" FROM contact_messages WHERE lower(email) = $1 ORDER BY created_at`,
        [email],
      ),
      query<EnquiryRow>(`SELECT ${ENQUIRY_COLUMNS} FROM enquiries WHERE lower(email) = $1 ORDER BY created_at`, [email]),
      query<{ kind: string; subject: string; status: OutboxStatus; createdAt: Date; sentAt: Date | null }>(
        `SELECT kind, subject, status, created_at AS "createdAt", sent_at AS "sentAt" FROM outbox_mails WHERE lower(recipient) = $1 ORDER BY created_at, id`,
        [email],
      ),
    ]);

    const paymentsOf = byOrder(payments, (row): AccountPayment => ({
      amount: paiseToRupees(row.amountPaise),
      method: row.method,
      at: row.createdAt.toISOString(),
    }));
    const refundsOf = byOrder(refunds, (row): AccountRefund => ({
      amount: paiseToRupees(row.amountPaise),
      status: row.status,
      manual: row.manual,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      processedAt: iso(row.processedAt),
    }));
    const [subscription] = subscriptions;
    return {
      exportedAt: new Date().toISOString(),
      profile,
      orders: orders.map((order) => ({ ...order, payments: paymentsOf.get(order._id) ?? [], refunds: refundsOf.get(order._id) ?? [] })),
      wishlist: wishlist.map((row): AccountWishlistEntry => ({ productId: row.productId, name: row.name, addedAt: row.addedAt.toISOString() })),
      flowerSubscriptions,
      newsletter: subscription
        ? {
            email: subscription.email,
            status: subscription.status,
            subscribedAt: subscription.createdAt.toISOString(),
            confirmedAt: iso(subscription.confirmedAt),
          }
        : null,
      consents: [{ purpose: 'newsletter', given: subscription?.status === 'active', givenAt: iso(subscription?.confirmedAt ?? null) }],
      contactMessages: contactMessages.map((row): ContactMessage => ({
        _id: row.id,
        name: row.name,
        email: row.email,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      })),
      // The staff's note stays theirs, as everywhere a buyer sees an enquiry.
      exportEnquiries: enquiries.map((row) => {
        const { note: _note, ...enquiry } = toEnquiry(row);
        return enquiry;
      }),
      mails: mails.map((row): AccountMail => ({
        kind: row.kind,
        subject: row.subject,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        sentAt: iso(row.sentAt),
      })),
    };
  }

  private async profile(userId: string): Promise<AccountProfileWithLanguage> {
    const [user] = (await this.dataSource.query(
      `SELECT id, name, email, address, role, preferred_language AS language, created_at AS "createdAt" FROM users WHERE id = $1 AND erased_at IS NULL`,
      [userId],
    )) as { id: string; name: string; email: string; address: string; role: Role; language: CatalogueLanguage; createdAt: Date }[];
    if (!user) throw new NotFoundException('User not found');
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      address: user.address,
      role: user.role,
      language: user.language,
      createdAt: user.createdAt.toISOString(),
    };
  }
}
