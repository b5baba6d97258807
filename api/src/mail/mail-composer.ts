import { Inject, Injectable } from '@nestjs/common';
import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { DataSource } from 'typeorm';
import { shortOrderId } from '../common/format';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { MailKind, MailRequest, OrderForMail, OrderMailKind, RefundForMail, SubscriptionMailFacts, SubscriptionMailKind } from './mail-kinds';
import { NewsletterLinks } from '../newsletter/newsletter-links';
import { ORDER_LINE_CLASS } from './templates/layout';
import {
  AccountErasedMail,
  ContactAckMail,
  EnquiryAckMail,
  type EnquiryForMail,
  LowStockMail,
  NewsletterConfirmMail,
  OrderMail,
  StaffContactMail,
  StaffEnquiryMail,
  type SubscriptionForMail,
  SubscriptionMail,
  WelcomeMail,
  type Site,
} from './templates/mails';

/** The plain-text part: headings as written, an order's lines as aligned columns. */
const PLAIN_TEXT = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: `table.${ORDER_LINE_CLASS}`, format: 'dataTable', options: { colSpacing: 4 } },
  ],
};

export interface ComposedMail {
  html: string;
  text: string;
  /** Headers of this kind of mail, e.g. a marketing mail's one-click unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * One-click unsubscribe (RFC 8058): mail programs offer an Unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the address, without the reader signing in. Every marketing mail
 * carries these (the receiving side trusts them when the sending server signs them with DKIM).
 */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A mail that cannot be written (what it is about is gone): retrying will not help. */
export class UncomposableMailError extends Error {}

type Payload<K extends MailKind> = Omit<Extract<MailRequest, { kind: K }>, 'kind' | 'to'>;

/** The HTML part and the plain-text part of one mail. */
export async function renderMail(element: ReactElement): Promise<ComposedMail> {
  const html = await render(element);
  return { html, text: toPlainText(html, PLAIN_TEXT) };
}

/**
 * Writes a mail from what it is about, read when it is sent: an order's lines, totals and address do
 * not change once placed, so the mail says what the customer ordered whenever it goes out.
 */
@Injectable()
export class MailComposer {
  private readonly site: Site;
  private readonly newsletterLinks: NewsletterLinks;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.site = { url: config.publicUrl };
    this.newsletterLinks = new NewsletterLinks(config);
  }

  async compose(kind: MailKind, payload: unknown): Promise<ComposedMail> {
    if (kind === 'newsletter-confirm') return this.newsletterConfirmation(payload as Payload<'newsletter-confirm'>);
    return renderMail(await this.element(kind, payload));
  }

  /** Signed now, from the subscription as it is: the outbox holds only its id, never a link. */
  private async newsletterConfirmation({ subscriberId }: Payload<'newsletter-confirm'>): Promise<ComposedMail> {
    const [subscriber] = (await this.dataSource.query(`SELECT id, email FROM newsletter_subscribers WHERE id = $1 AND status = 'pending'`, [subscriberId])) as {
      id: string;
      email: string;
    }[];
    if (!subscriber) throw new UncomposableMailError(`Subscription ${subscriberId} no longer waits for confirmation`);
    const unsubscribeUrl = this.newsletterLinks.url('unsubscribe', subscriber);
    const mail = await renderMail(createElement(NewsletterConfirmMail, { confirmUrl: this.newsletterLinks.url('confirm', subscriber), unsubscribeUrl }));
    return { ...mail, headers: oneClickUnsubscribeHeaders(unsubscribeUrl) };
  }

  private async element(kind: Exclude<MailKind, 'newsletter-confirm'>, payload: unknown): Promise<ReactElement> {
    switch (kind) {
      case 'welcome': {
        const { userId } = payload as Payload<'welcome'>;
        const [user] = (await this.dataSource.query(`SELECT name FROM users WHERE id = $1`, [userId])) as { name: string }[];
        if (!user) throw new UncomposableMailError(`User ${userId} no longer exists`);
        return createElement(WelcomeMail, { site: this.site, name: user.name });
      }
      case 'contact-ack':
      case 'staff-contact-message': {
        const { contactMessageId } = payload as Payload<'contact-ack'>;
        const [message] = (await this.dataSource.query(`SELECT name, email, message FROM contact_messages WHERE id = $1`, [contactMessageId])) as {
          name: string;
          email: string;
          message: string;
        }[];
        if (!message) throw new UncomposableMailError(`Contact message ${contactMessageId} no longer exists`);
        return kind === 'contact-ack' ? createElement(ContactAckMail, message) : createElement(StaffContactMail, { site: this.site, ...message });
      }
      case 'enquiry-ack':
      case 'staff-new-enquiry': {
        const { enquiryId } = payload as Payload<'enquiry-ack'>;
        const [enquiry] = (await this.dataSource.query(
          `SELECT id, company, contact_name AS "contactName", email, phone, country, products, quantity, frequency,
             target_month AS "targetMonth", message FROM enquiries WHERE id = $1`,
          [enquiryId],
        )) as EnquiryForMail[];
        if (!enquiry) throw new UncomposableMailError(`Enquiry ${enquiryId} no longer exists`);
        return kind === 'enquiry-ack' ? createElement(EnquiryAckMail, { enquiry }) : createElement(StaffEnquiryMail, { site: this.site, enquiry });
      }
      case 'staff-low-stock':
        return createElement(LowStockMail, { site: this.site, ...(payload as Payload<'staff-low-stock'>) });
      case 'account-erased':
        return createElement(AccountErasedMail, { site: this.site, ...(payload as Payload<'account-erased'>) });
      case 'subscription-started':
      case 'subscription-low-credits':
      case 'subscription-paused':
      case 'subscription-resumed':
      case 'subscription-delivery-not-made':
      case 'subscription-cancelled': {
        const { subscriptionId, ...told } = payload as Payload<SubscriptionMailKind>;
        const [subscription] = (await this.dataSource.query(
          `SELECT s.id, p.name AS "planName", u.name AS "buyerName" FROM subscriptions s
           JOIN subscription_plans p ON p.id = s.plan_id JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
          [subscriptionId],
        )) as SubscriptionForMail[];
        if (!subscription) throw new UncomposableMailError(`Subscription ${subscriptionId} no longer exists`);
        return createElement(SubscriptionMail, { site: this.site, subscription, mail: { kind, ...told } as SubscriptionMailFacts });
      }
      default: {
        const { orderId, refundId, reason } = payload as Payload<OrderMailKind>;
        const [order, refund] = await Promise.all([this.order(orderId), this.refund(orderId, refundId)]);
        return createElement(OrderMail, { kind, site: this.site, order, refund, reason: reason ?? null });
      }
    }
  }

  private async order(orderId: string): Promise<OrderForMail> {
    const [[order], lines, discounts] = (await Promise.all([
      this.dataSource.query(
        `SELECT o.id, u.name AS "buyerName", u.email AS "buyerEmail", o.total_paise AS "totalPaise", o.payment_method AS "paymentMethod",
           o.address, o.created_at AS "createdAt", o.delivery_fee_paise AS "deliveryFeePaise", o.delivery_discount_paise AS "deliveryDiscountPaise"
         FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
        [orderId],
      ),
      this.dataSource.query(`SELECT name, quantity, unit_price_paise AS "unitPaise" FROM order_items WHERE order_id = $1 ORDER BY position`, [orderId]),
      // A cancelled order's discounts stay on it (released for the offers' counts), so its mails show them too.
      this.dataSource.query(
        `SELECT name, code, items_paise AS "itemsPaise", delivery_paise AS "deliveryPaise" FROM order_discounts WHERE order_id = $1 ORDER BY id`,
        [orderId],
      ),
    ])) as [Omit<OrderForMail, 'lines' | 'discounts' | 'shortId'>[], OrderForMail['lines'], OrderForMail['discounts']];
    if (!order) throw new UncomposableMailError(`Order ${orderId} no longer exists`);
    return { ...order, shortId: shortOrderId(order.id), lines, discounts };
  }

  /** The refund a mail is about, or else the order's latest (a cancel's mail tells of the refund it started). */
  private async refund(orderId: string, refundId: string | undefined): Promise<RefundForMail | null> {
    const [refund] = (await this.dataSource.query(
      refundId
        ? `SELECT amount_paise AS "amountPaise", manual FROM refunds WHERE id = $1`
        : `SELECT amount_paise AS "amountPaise", manual FROM refunds WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [refundId ?? orderId],
    )) as RefundForMail[];
    return refund ?? null;
  }
}
