import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/app-config';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

/** A subscription as its links are made for it. */
export interface LinkedSubscriber {
  id: string;
  email: string;
}

/** `<subscriber id>.<signature>`, the signature 32 bytes in base64url. */
const TOKEN_SHAPE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The links of the newsletter's mails: a subscription's id, signed (HMAC-SHA256) for one purpose and
 * one address with a key derived from JWT_SECRET. Nothing secret is stored: the outbox keeps only the
 * subscription's id, and the mail is signed when it is sent. A link cannot be made for another
 * address or purpose, and dies with its subscription (unsubscribing deletes it; subscribing again
 * makes a new id).
 */
export class NewsletterLinks {
  private readonly key: Buffer;
  private readonly publicUrl: string;

  constructor(config: Pick<AppConfig, 'jwtSecret' | 'publicUrl'>) {
    // A key of its own, so a newsletter signature can never stand in for anything signed with the JWT secret.
    this.key = createHmac('sha256', config.jwtSecret).update('thalir-blooms newsletter links').digest();
    this.publicUrl = config.publicUrl;
  }

  url(purpose: NewsletterLinkPurpose, subscriber: LinkedSubscriber): string {
    return `${this.publicUrl}/api/newsletter/${purpose}?token=${this.token(purpose, subscriber)}`;
  }

  token(purpose: NewsletterLinkPurpose, subscriber: LinkedSubscriber): string {
    return `${subscriber.id}.${this.signature(purpose, subscriber)}`;
  }

  /** The subscription id a well-formed token names; its signature is checked by `isValid` once the subscription is read. */
  subscriberIdOf(token: unknown): string | null {
    return typeof token === 'string' ? (TOKEN_SHAPE.exec(token)?.[1] ?? null) : null;
  }

  isValid(purpose: NewsletterLinkPurpose, token: string, subscriber: LinkedSubscriber): boolean {
    const expected = Buffer.from(this.token(purpose, subscriber));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(purpose: NewsletterLinkPurpose, subscriber: LinkedSubscriber): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${subscriber.id}\n${subscriber.email}`).digest('base64url');
  }
}
