import { Inject, Injectable } from '@nestjs/common';
import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { DataSource } from 'typeorm';
import type { CatalogueLanguage } from '@thalir/contracts';
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
import {
  TamilAccountErasedMail,
  TamilContactAckMail,
  TamilEnquiryAckMail,
  TamilNewsletterConfirmMail,
  TamilOrderMail,
  TamilSubscriptionMail,
  TamilWelcomeMail,
} from './templates/tamil-mails';

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

/** The language the outbox wrote the mail for (outbox.ts): Tamil when its payload says so, else English. */
const languageOf = (payload: unknown): CatalogueLanguage => ((payload as { language?: unknown }).language === 'ta' ? 'ta' : 'en');

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
    const language = languageOf(payload);
    if (kind === 'newsletter-confirm') return this.newsletterConfirmation(payload as Payload<'newsletter-confirm'>, language);
    return renderMail(await this.element(kind, payload, language));
  }

  /** Signed now, from the subscription as it is: the outbox holds only its id, never a link. */
  private async newsletterConfirmation({ subscriberId }: Payload<'newsletter-confirm'>, language: CatalogueLanguage): Promise<ComposedMail> {
    const [subscriber] = (await this.dataSource.query(`SELECT id, email FROM newsletter_subscribers WHERE id = $1 AND status = 'pending'`, [subscriberId])) as {
      id: string;
      email: string;
    }[];
    if (!subscriber) throw new UncomposableMailError(`Subscription ${subscriberId} no longer waits for confirmation`);
    const unsubscribeUrl = this.newsletterLinks.url('unsubscribe', subscriber);
    const links = { confirmUrl: this.newsletterLinks.url('confirm', subscriber), unsubscribeUrl };
    const mail = await renderMail(createElement(language === 'ta' ? TamilNewsletterConfirmMail : NewsletterConfirmMail, links));
    return { ...mail, headers: oneClickUnsubscribeHeaders(unsubscribeUrl) };
  }

  /** The mail's content, in Tamil when the outbox wrote it for a customer who reads Tamil (staff's mails never are). */
  private async element(kind: Exclude<MailKind, 'newsletter-confirm'>, payload: unknown, language: CatalogueLanguage): Promise<ReactElement> {
    const tamil = language === 'ta';
    switch (kind) {
      case 'welcome': {
        const { userId } = payload as Payload<'welcome'>;
        const [user] = (await this.dataSource.query(`SELECT name FROM users WHERE id = $1`, [userId])) as { name: string }[];
        if (!user) throw new UncomposableMailError(`User ${userId} no longer exists`);
        return createElement(tamil ? TamilWelcomeMail : WelcomeMail, { site: this.site, name: user.name });
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
        if (kind === 'staff-contact-message') return createElement(StaffContactMail, { site: this.site, ...message });
        return createElement(tamil ? TamilContactAckMail : ContactAckMail, message);
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
        if (kind === 'staff-new-enquiry') return createElement(StaffEnquiryMail, { site: this.site, enquiry });
        return createElement(tamil ? TamilEnquiryAckMail : EnquiryAckMail, { enquiry });
      }
      case 'staff-low-stock':
        return createElement(LowStockMail, { site: this.site, ...(payload as Payload<'staff-low-stock'>) });
      case 'account-erased': {
        const { invoicesKept, invoicesWithNameAndAddress } = payload as Payload<'account-erased'>;
        return createElement(tamil ? TamilAccountErasedMail : AccountErasedMail, { site: this.site, invoicesKept, invoicesWithNameAndAddress });
      }
      case 'subscription-started':
      case 'subscription-low-credits':
      case 'subscription-paused':
      case 'subscription-resumed':
      case 'subscription-delivery-not-made':
      case 'subscription-cancelled': {
        const { subscriptionId, language: _language, ...told } = payload as Payload<SubscriptionMailKind> & { language?: CatalogueLanguage };
        const [subscription] = (await this.dataSource.query(
          `SELECT s.id, coalesce(t.name, p.name) AS "planName", u.name AS "buyerName" FROM subscriptions s
           JOIN subscription_plans p ON p.id = s.plan_id JOIN users u ON u.id = s.user_id
           LEFT JOIN subscription_plan_translations t ON t.plan_id = p.id AND t.lang = $2 WHERE s.id = $1`,
          [subscriptionId, language],
        )) as SubscriptionForMail[];
        if (!subscription) throw new UncomposableMailError(`Subscription ${subscriptionId} no longer exists`);
        const mail = { kind, ...told } as SubscriptionMailFacts;
        return createElement(tamil ? TamilSubscriptionMail : SubscriptionMail, { site: this.site, subscription, mail });
      }
      default: {
        const { orderId, refundId, reason } = payload as Payload<OrderMailKind>;
        const [order, refund] = await Promise.all([this.order(orderId, language), this.refund(orderId, refundId)]);
        const props = { site: this.site, order, refund, reason: reason ?? null };
        return tamil && kind !== 'staff-new-order' ? createElement(TamilOrderMail, { kind, ...props }) : createElement(OrderMail, { kind, ...props });
      }
    }
  }

  /** The order as placed; in Tamil its lines carry their products' Tamil names where they have one. */
  private async order(orderId: string, language: CatalogueLanguage): Promise<OrderForMail> {
    const [[order], lines, discounts] = (await Promise.all([
      this.dataSource.query(
        `SELECT o.id, u.name AS "buyerName", u.email AS "buyerEmail", o.total_paise AS "totalPaise", o.payment_method AS "paymentMethod",
           o.address, o.created_at AS "createdAt", o.delivery_fee_paise AS "deliveryFeePaise", o.delivery_discount_paise AS "deliveryDiscountPaise"
         FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
        [orderId],
      ),
      // English has no translation rows: its lines keep their names as sold.
      this.dataSource.query(
        `SELECT coalesce(t.name, i.name) AS name, i.quantity, i.unit_price_paise AS "unitPaise" FROM order_items i
         LEFT JOIN product_translations t ON t.product_id = i.product_id AND t.lang = $2 WHERE i.order_id = $1 ORDER BY i.position`,
        [orderId, language],
      ),
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
