/** The audit log: every staff write and staff sign-in, append-only. */

export const AUDIT_ENTITIES = [
  'product',
  'order',
  'refund',
  'offer',
  'delivery-charges',
  'release',
  'user',
  'staff-invite',
  'session',
  'subscription-plan',
  'subscription',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export interface AuditEntry {
  _id: string;
  /** ISO time. */
  at: string;
  /** Who did it, as they were then; null for the shop itself (start-up, the command line). */
  actor: { _id: string | null; email: string; role: string } | null;
  /** What was done, e.g. `product.update`, `order.status`, `staff.sign-in`, `staff.sign-in-failed`. */
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  /** The fields that changed, as they were before and after (null when created or deleted). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  clientAddress: string | null;
}

/**
 * GET /api/admin/audit?actor=&entity=&from=&to=&page=&limit= (admin): newest first. `actor` is an
 * email or part of one; `from`/`to` are India dates (YYYY-MM-DD, inclusive). The same query on
 * /api/admin/audit.csv downloads every matching entry as CSV.
 */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  limit: number;
}
