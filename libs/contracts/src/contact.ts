/** What visitors send: contact messages and newsletter sign-ups. */

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface ContactRequest {
  name: string;
  email: string;
  message: string;
}

/** A subscription is pending until its owner uses the link in the confirmation mail (double opt-in). */
export type NewsletterStatus = 'pending' | 'active';

export interface NewsletterSubscriber {
  _id: string;
  email: string;
  createdAt: string;
  /** An addition, always sent: only active subscribers get the newsletter. */
  status?: NewsletterStatus;
  /** When the subscription was confirmed, or null while it is pending (an addition, always sent). */
  confirmedAt?: string | null;
}
