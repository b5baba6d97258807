import type { PaymentMethod } from '@thalir/contracts';

/** Mails about one order; the content is read from the order when the mail is sent. */
export type OrderMailKind =
  | 'order-placed'
  | 'payment-received'
  | 'order-shipped'
  | 'order-delivered'
  | 'delivery-failed'
  | 'order-cancelled'
  | 'payment-window-expired'
  | 'refund-started'
  | 'refund-processed'
  | 'staff-new-order';

/** Mails about one subscription, each with what it tells besides the subscription (which changes with time, so it is kept in the mail). */
export type SubscriptionMailRequest = { to: string; subscriptionId: string } & (
  | { kind: 'subscription-started'; creditsLeft: number }
  | { kind: 'subscription-low-credits'; creditsLeft: number }
  /** The pause it tells of, both ends included. */
  | { kind: 'subscription-paused'; from: string; until: string }
  | { kind: 'subscription-resumed' }
  /** The day not made. */
  | { kind: 'subscription-delivery-not-made'; date: string }
  /** What the unused deliveries came to. */
  | { kind: 'subscription-cancelled'; refundPaise: number }
);

export type SubscriptionMailKind = SubscriptionMailRequest['kind'];

/** A subscription mail as its template reads it: what it is and tells, without where it goes. */
export type SubscriptionMailFacts = DistributiveOmit<SubscriptionMailRequest, 'to' | 'subscriptionId'>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface LowStockLine {
  name: string;
  stock: number;
}

/**
 * What a mail is about: ids of what to read when it is sent, and the few facts that are not stored
 * elsewhere (a cancel's reason). Never secrets: the outbox is a table staff can read.
 */
export type MailRequest =
  | { kind: OrderMailKind; to: string; orderId: string; refundId?: string; reason?: string | null }
  | { kind: 'contact-ack' | 'staff-contact-message'; to: string; contactMessageId: string }
  | SubscriptionMailRequest
  | { kind: 'welcome'; to: string; userId: string }
  | { kind: 'enquiry-ack' | 'staff-new-enquiry'; to: string; enquiryId: string }
  | { kind: 'staff-low-stock'; to: string; threshold: number; products: LowStockLine[] }
  | { kind: 'newsletter-confirm'; to: string; subscriberId: string }
  | { kind: 'account-erased'; to: string; invoicesKept: number; invoicesWithNameAndAddress: number };

export type MailKind = MailRequest['kind'];

/**
 * Mails whose address the outbox forgets once they are sent or have failed for good: the goodbye to
 * an erased account (the only place the address is left), and a newsletter confirmation (the address
 * stays in the subscription only while it lasts).
 */
export const FORGETS_RECIPIENT: ReadonlySet<string> = new Set<MailKind>(['account-erased', 'newsletter-confirm']);

/** What an outbox row holds where it forgot an address. */
export const FORGOTTEN_RECIPIENT = 'erased';

/** Everything a template shows of an order. */
export interface OrderForMail {
  id: string;
  shortId: string;
  buyerName: string;
  buyerEmail: string;
  lines: { name: string; quantity: number; unitPaise: number }[];
  /** The offers it used, as placed: what each took off the items, or off the delivery (free delivery). */
  discounts: { name: string; code: string | null; itemsPaise: number; deliveryPaise: number }[];
  /** The delivery charge before any free-delivery offer, and what such an offer took off it. */
  deliveryFeePaise: number;
  deliveryDiscountPaise: number;
  totalPaise: number;
  paymentMethod: PaymentMethod;
  address: string;
  createdAt: Date;
}

export interface RefundForMail {
  amountPaise: number;
  manual: boolean;
}
