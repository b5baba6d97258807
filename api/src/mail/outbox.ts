import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OutboxMail, OutboxStatus } from '@thalir/contracts';
import { oneLine, shortOrderId } from '../common/format';
import { isUuid } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FORGOTTEN_RECIPIENT, type MailRequest } from './mail-kinds';
import { tamilSubjectOf } from './tamil-text';

/** What each mail is called in the recipient's inbox. */
export function subjectOf(request: MailRequest): string {
  switch (request.kind) {
    case 'order-placed':
      return `Your Thalir Blooms order ${shortOrderId(request.orderId)} is placed`;
    case 'payment-received':
      return `Payment received for order ${shortOrderId(request.orderId)}`;
    case 'order-shipped':
      return `Order ${shortOrderId(request.orderId)} is on its way`;
    case 'order-delivered':
      return `Order ${shortOrderId(request.orderId)} was delivered`;
    case 'delivery-failed':
      return `We could not deliver order ${shortOrderId(request.orderId)}`;
    case 'order-cancelled':
      return `Order ${shortOrderId(request.orderId)} was cancelled`;
    case 'payment-window-expired':
      return `Order ${shortOrderId(request.orderId)} was cancelled: the payment window ran out`;
    case 'refund-started':
      return `Refund started for order ${shortOrderId(request.orderId)}`;
    case 'refund-processed':
      return `Refund processed for order ${shortOrderId(request.orderId)}`;
    case 'staff-new-order':
      return `New order ${shortOrderId(request.orderId)}`;
    case 'subscription-started':
      return 'Your flower subscription has started';
    case 'subscription-low-credits':
      return `${request.creditsLeft} deliveries left on your flower subscription`;
    case 'subscription-paused':
      return 'Your flower subscription is paused';
    case 'subscription-resumed':
      return 'Your flower subscription is resumed';
    case 'subscription-delivery-not-made':
      return 'We could not make a delivery of your flower subscription';
    case 'subscription-cancelled':
      return 'Your flower subscription is cancelled';
    case 'welcome':
      return 'Welcome to Thalir Blooms';
    case 'contact-ack':
      return 'We got your message';
    case 'staff-contact-message':
      return 'New contact message';
    case 'enquiry-ack':
      return 'Your wholesale enquiry to Thalir Blooms';
    case 'staff-new-enquiry':
      return 'New wholesale enquiry';
    case 'newsletter-confirm':
      return 'Please confirm your subscription to Thalir Blooms news';
    case 'account-erased':
      return 'Your Thalir Blooms account is deleted';
    case 'staff-low-stock':
      return `Low stock: ${request.products.length} ${request.products.length === 1 ? 'product' : 'products'} at or under ${request.threshold}`;
  }
}

/** One mail for the outbox table, with its subject in each language (staff's notices have no Tamil one: they are always in English). */
export interface OutboxInsert {
  kind: string;
  recipient: string;
  subject: string;
  tamilSubject: string | null;
  payload: Record<string, unknown>;
}

/** The rows for mails, in the order asked. */
export function outboxInserts(requests: MailRequest[]): OutboxInsert[] {
  return requests.map((request) => {
    const { kind, to, ...payload } = request;
    const tamilSubject = tamilSubjectOf(request);
    return { kind, recipient: to, subject: oneLine(subjectOf(request), 300), tamilSubject: tamilSubject && oneLine(tamilSubject, 300), payload };
  });
}

/**
 * A SELECT of outbox rows (kind, recipient, subject, payload) from `mails`, a JSON array of
 * OutboxInsert, after the optional `from` list: each mail to a customer is in the language their
 * account has in the caller's transaction, so it goes out in the language they had when it was
 * caused, however late it is sent. A Tamil mail gets the Tamil subject and `language: 'ta'` in its
 * payload (the composer reads it); the others, addresses without an account among them, stay as
 * they always were, in English.
 */
export function outboxRowsSql(mails: string, from?: string): string {
  return `SELECT mail.kind, mail.recipient,
      CASE WHEN account.preferred_language = 'ta' THEN mail."tamilSubject" ELSE mail.subject END,
      CASE WHEN account.preferred_language = 'ta' THEN mail.payload || '{"language": "ta"}' ELSE mail.payload END
    FROM ${from ? `${from}, ` : ''}jsonb_to_recordset(${mails}) AS mail(kind text, recipient text, subject text, "tamilSubject" text, payload jsonb)
    LEFT JOIN users account ON mail."tamilSubject" IS NOT NULL AND account.email = lower(mail.recipient)`;
}

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

const ROW_COLUMNS = `id, kind, recipient, subject, status, attempts, last_error AS "lastError", created_at AS "createdAt",
  sent_at AS "sentAt", next_attempt_at AS "nextAttemptAt"`;

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    _id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/**
 * The mail outbox. Mails are written in the caller's transaction, next to the change that causes
 * them; the delivery job (deliver-mail.job.ts) sends them after the commit.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Who gets the staff's notices; null when nobody is configured (no SHOP_NOTIFY_EMAIL, no admin). */
  get staff(): string | null {
    return this.config.mail.staffRecipient;
  }

  /** Writes the mails, each in its recipient's language, in one statement of the caller's transaction. */
  async enqueue(manager: EntityManager, requests: MailRequest[]): Promise<void> {
    if (requests.length === 0) return;
    await manager.query(`INSERT INTO outbox_mails (kind, recipient, subject, payload) ${outboxRowsSql('$1::jsonb')}`, [
      JSON.stringify(outboxInserts(requests)),
    ]);
  }

  /** Newest first, a page at a time; with the number of matches for X-Total-Count. */
  async list(query: { page: number; limit: number; status?: OutboxStatus }): Promise<{ mails: OutboxMail[]; total: number }> {
    const where = query.status ? 'WHERE status = $3' : '';
    const params: unknown[] = [query.limit, (query.page - 1) * query.limit, ...(query.status ? [query.status] : [])];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`SELECT ${ROW_COLUMNS} FROM outbox_mails ${where} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, params),
      this.dataSource.query(`SELECT count(*)::int AS total FROM outbox_mails ${query.status ? 'WHERE status = $1' : ''}`, query.status ? [query.status] : []),
    ]);
    return { mails: (rows as OutboxRow[]).map(toOutboxMail), total };
  }

  /** A failed mail goes back in the queue with fresh attempts, unless its address was erased. */
  async retry(id: string): Promise<OutboxMail> {
    const [rows] = isUuid(id)
      ? ((await this.dataSource.query(
          `UPDATE outbox_mails SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL
           WHERE id = $1 AND status = 'failed' AND recipient <> $2 RETURNING ${ROW_COLUMNS}`,
          [id, FORGOTTEN_RECIPIENT],
        )) as [OutboxRow[], number])
      : [[]];
    if (rows.length === 1) return toOutboxMail(rows[0]);
    const [existing] = isUuid(id)
      ? ((await this.dataSource.query(`SELECT status, recipient FROM outbox_mails WHERE id = $1`, [id])) as { status: string; recipient: string }[])
      : [];
    if (!existing) throw new NotFoundException('Email not found');
    if (existing.recipient === FORGOTTEN_RECIPIENT) throw new ConflictException('This email cannot be sent again: its address was erased');
    throw new ConflictException(`Only failed emails can be retried; this one is ${existing.status}`);
  }
}
