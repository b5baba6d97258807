import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { NewsletterSubscriber } from '@thalir/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Outbox } from '../mail/outbox';
import { NewsletterLinks, type NewsletterLinkPurpose } from './newsletter-links';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';

/** A confirmation link works this long; an address nobody confirmed is forgotten after it. */
export const CONFIRMATION_VALID_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A repeated sign-up of a pending address mails the link again at most this often, so the form cannot flood an inbox. */
const RESEND_AFTER_MINUTES = 60;

/** What following a link did; `invalid` for a link that names no subscription it was made for. */
export type LinkOutcome = 'confirmed' | 'already-confirmed' | 'unsubscribed' | 'invalid';

@Injectable()
export class NewsletterService {
  private readonly links: NewsletterLinks;

  constructor(
    @InjectRepository(NewsletterSubscriberEntity) private readonly subscribers: Repository<NewsletterSubscriberEntity>,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.links = new NewsletterLinks(config);
  }

  /**
   * Double opt-in: a new address is recorded as pending and mailed a confirmation link, in one
   * transaction. A repeat of a pending address mails the link again (at most hourly); a repeat of an
   * active one changes nothing. Two sign-ups at once keep one row (the unique address decides).
   */
  async subscribe(email: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [due] = (await manager.query(
        `INSERT INTO newsletter_subscribers (email, status, confirmation_sent_at) VALUES ($1, 'pending', now())
         ON CONFLICT (email) DO UPDATE SET confirmation_sent_at = now()
           WHERE newsletter_subscribers.status = 'pending' AND newsletter_subscribers.confirmation_sent_at < now() - $2 * interval '1 minute'
         RETURNING id`,
        [email, RESEND_AFTER_MINUTES],
      )) as { id: string }[];
      if (due) await this.outbox.enqueue(manager, [{ kind: 'newsletter-confirm', to: email, subscriberId: due.id }]);
    });
  }

  /** What a link would do, without doing it: `ready` to act, `done` when a confirmation already was. */
  async linkState(purpose: NewsletterLinkPurpose, token: unknown): Promise<'ready' | 'done' | 'invalid'> {
    const subscriber = await this.subscriberOf(purpose, token);
    if (!subscriber) return 'invalid';
    if (purpose === 'unsubscribe' || this.awaitsConfirmation(subscriber)) return 'ready';
    return subscriber.status === 'active' ? 'done' : 'invalid';
  }

  /** The confirmation link: a pending subscription becomes active, once; an expired one is gone. */
  async confirm(token: unknown): Promise<LinkOutcome> {
    const subscriber = await this.subscriberOf('confirm', token);
    if (!subscriber) return 'invalid';
    if (subscriber.status === 'active') return 'already-confirmed';
    const [, confirmed] = (await this.dataSource.query(
      `UPDATE newsletter_subscribers SET status = 'active', confirmed_at = now()
       WHERE id = $1 AND status = 'pending' AND confirmation_sent_at > now() - $2 * interval '1 day'`,
      [subscriber.id, CONFIRMATION_VALID_DAYS],
    )) as [unknown, number];
    return confirmed === 1 ? 'confirmed' : 'invalid';
  }

  /** One-click unsubscribe: the subscription and its address are deleted; a second click finds nothing to do. */
  async unsubscribe(token: unknown): Promise<LinkOutcome> {
    const subscriber = await this.subscriberOf('unsubscribe', token);
    if (subscriber) await this.subscribers.delete({ id: subscriber.id });
    return subscriber ? 'unsubscribed' : 'invalid';
  }

  /** Addresses nobody confirmed within CONFIRMATION_VALID_DAYS: the consent never came, so the address goes. */
  async forgetUnconfirmed(): Promise<number> {
    const [, forgotten] = (await this.dataSource.query(
      `DELETE FROM newsletter_subscribers WHERE status = 'pending' AND confirmation_sent_at < now() - $1 * interval '1 day'`,
      [CONFIRMATION_VALID_DAYS],
    )) as [unknown, number];
    return forgotten;
  }

  async list(): Promise<NewsletterSubscriber[]> {
    const rows = await this.subscribers.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    }));
  }

  private awaitsConfirmation(subscriber: NewsletterSubscriberEntity): boolean {
    const sentAt = subscriber.confirmationSentAt?.getTime() ?? 0;
    return subscriber.status === 'pending' && Date.now() - sentAt < CONFIRMATION_VALID_DAYS * DAY_MS;
  }

  private async subscriberOf(purpose: NewsletterLinkPurpose, token: unknown): Promise<NewsletterSubscriberEntity | null> {
    const id = this.links.subscriberIdOf(token);
    const subscriber = id ? await this.subscribers.findOneBy({ id }) : null;
    return subscriber && this.links.isValid(purpose, token as string, subscriber) ? subscriber : null;
  }
}
