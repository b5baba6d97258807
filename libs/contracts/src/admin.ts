/** What the back office reads besides orders and products: the figures, the sales statistics, the mail outbox. */

import type { Product } from './catalog';
import type { OrderStatus } from './orders';

export interface AdminStats {
  totalUsers: number;
  totalProducts: number;
  totalOrders: number;
  totalRevenue: number;
}

export interface SalesStats {
  days: { date: string; orders: number; revenue: number }[];
  byStatus: Record<OrderStatus, number>;
  topProducts: { product: string; name: string; quantity: number; revenue: number }[];
  lowStock: Product[];
}

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A mail in the shop's outbox, as the back office's Emails screen lists it. */
export interface OutboxMail {
  _id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When the next try is due, while the mail waits for one. */
  nextAttemptAt: string | null;
}
