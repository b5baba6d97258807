import type { AuditEntity, AuditEntry } from '@thalir/contracts';

/** The entity filter's and the table's names for what was acted on. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  product: 'Product',
  order: 'Order',
  refund: 'Refund',
  offer: 'Offer',
  'delivery-charges': 'Delivery settings',
  release: 'Release',
  user: 'Staff account',
  'staff-invite': 'Staff invitation',
  session: 'Sign-in',
  'subscription-plan': 'Subscription plan',
  subscription: 'Subscription',
};

/** The same things in a sentence: "Changed product". */
const ENTITY_NOUNS: Record<AuditEntity, string> = {
  product: 'product',
  order: 'order',
  refund: 'refund',
  offer: 'offer',
  'delivery-charges': 'delivery settings',
  release: 'release',
  user: 'staff account',
  'staff-invite': 'staff invitation',
  session: 'session',
  'subscription-plan': 'subscription plan',
  subscription: 'subscription',
};

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  catalog: 'Catalogue',
  orders: 'Orders',
  delivery: 'Delivery',
  accounts: 'Accounts',
  customer: 'Customer',
};

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

/** Whole actions that read better as their own words than as a verb and the entity. */
const ACTIONS: Record<string, string> = {
  'staff.sign-in': 'Signed in',
  'staff.sign-in-failed': 'Failed sign-in',
  'staff.sign-out': 'Signed out',
  'order.status': 'Moved order',
  'staff.invite-revoked': 'Revoked staff invitation',
  'staff.join': 'Joined the staff',
};

/** The verb of `<entity>.<verb>`, followed by the entity's noun: `product.update` is "Changed product". */
const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  status: 'Moved',
  price: 'Changed the price of',
  stock: 'Changed the stock of',
  settle: 'Settled',
  retry: 'Retried',
  codes: 'Made codes for',
  pause: 'Paused',
  resume: 'Resumed',
  cancel: 'Cancelled',
  publish: 'Published',
  promote: 'Promoted',
  rollback: 'Rolled back',
  invite: 'Invited',
  translate: 'Translated',
  role: 'Changed the role of',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
};

/** What was done, in words: "Changed product", "Moved order", "Signed in", "Failed sign-in". */
export function describeAction({ action, entity }: Pick<AuditEntry, 'action' | 'entity'>): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const verb = action.slice(action.lastIndexOf('.') + 1);
  if (verb === 'sign-in') return 'Signed in';
  if (verb === 'sign-in-failed') return 'Failed sign-in';
  const noun = ENTITY_NOUNS[entity] ?? entity;
  if (VERBS[verb]) return `${VERBS[verb]} ${noun}`;
  // An action this screen has no words for yet still reads: "Product: image upload".
  return `${AUDIT_ENTITY_LABELS[entity] ?? entity}: ${verb.replace(/[-_]/g, ' ')}`;
}

export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type AuditChange =
  | { kind: 'created'; fields: AuditFieldChange[] }
  | { kind: 'deleted'; fields: AuditFieldChange[] }
  | { kind: 'changed'; fields: AuditFieldChange[] }
  | { kind: 'none' };

/**
 * The fields an entry changed. One side null: the entity was created (every field is new) or deleted
 * (every field is gone). Both sides: the fields whose values differ, in the order the entry lists them.
 */
export function auditChange({ before, after }: Pick<AuditEntry, 'before' | 'after'>): AuditChange {
  if (!before && !after) return { kind: 'none' };
  if (!before) return { kind: 'created', fields: Object.entries(after!).map(([field, value]) => ({ field, before: null, after: value })) };
  if (!after) return { kind: 'deleted', fields: Object.entries(before).map(([field, value]) => ({ field, before: value, after: null })) };
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
  return fields.length === 0 ? { kind: 'none' } : { kind: 'changed', fields };
}

/** A field's value as text: strings as they are, other values as JSON; nothing as "(none)". */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}
