/**
 * Customers' data (an addition): everything the shop holds about a signed-in customer, as
 * `GET /api/users/me/export` downloads it, and the erasure of their account (`DELETE /api/users/me`).
 */

import type { OutboxStatus } from './admin';
import type { Role } from './auth';
import type { CatalogueLanguage } from './catalog';
import type { ContactMessage, NewsletterStatus } from './contact';
import type { Enquiry } from './enquiries';
import type { Order } from './orders';
import type { Subscription } from './subscriptions';
import type { RefundStatus } from './payments';

export const ACCOUNT_DATA_FILE_NAME = 'thalir-blooms-my-data.json';

/**
 * After an erasure, an invoice of this taxable value (rupees) or more keeps the buyer's name and
 * address: the law asks for them there (CGST Rules 2017, rule 46(e)); below it they go.
 */
export const INVOICE_NAME_AND_ADDRESS_FROM_RUPEES = 50_000;

export interface AccountProfile {
  _id: string;
  name: string;
  email: string;
  address: string;
  role: Role;
  createdAt: string;
  language?: CatalogueLanguage;
}

/** A payment received for an order, as the provider reported it (rupees). */
export interface AccountPayment {
  amount: number;
  /** The provider's name for how it was paid (card, upi, …), when it said. */
  method: string | null;
  at: string;
}

/** Every refund of an order, with why it was made (rupees). */
export interface AccountRefund {
  amount: number;
  status: RefundStatus;
  manual: boolean;
  reason: string;
  createdAt: string;
  processedAt: string | null;
}

/** An order as the customer's own view shows it (items, delivery, discounts, history), with its money. */
export interface AccountOrder extends Order {
  payments: AccountPayment[];
  refunds: AccountRefund[];
}

export interface AccountWishlistEntry {
  productId: string;
  name: string;
  addedAt: string;
}

export interface AccountNewsletterSubscription {
  email: string;
  status: NewsletterStatus;
  subscribedAt: string;
  confirmedAt: string | null;
}

/** What the customer agreed to, and when: today the newsletter, by double opt-in. */
export interface AccountConsent {
  purpose: 'newsletter';
  given: boolean;
  /** When the confirmation link was used; null while it has not been. */
  givenAt: string | null;
}

/** An export enquiry sent from the customer's email, as sent and where it stands (the staff's own note left out). */
export type AccountEnquiry = Omit<Enquiry, 'note'>;

/** A mail the shop wrote to the customer's email, as its outbox records it. */
export interface AccountMail {
  kind: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
  status: OutboxStatus;
}

export interface AccountData {
  exportedAt: string;
  profile: AccountProfile;
  orders: AccountOrder[];
  wishlist: AccountWishlistEntry[];
  /** Their flower subscriptions, with their packs and coming deliveries (an addition). */
  flowerSubscriptions: Subscription[];
  newsletter: AccountNewsletterSubscription | null;
  consents: AccountConsent[];
  contactMessages: ContactMessage[];
  exportEnquiries: AccountEnquiry[];
  mails: AccountMail[];
}

/** DELETE /api/users/me: the current password, so a stolen session alone cannot erase the account. */
export interface DeleteAccountRequest {
  password: string;
}
