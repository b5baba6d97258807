/**
 * The people behind the shop: staff roles, what each may do, invitations, and the delivery person's
 * stops. Which role holds which permission is decided by the API alone (api/src/auth/permissions.ts);
 * it tells each signed-in user their permissions (`UserPublic.permissions`), and the back office shows
 * only the screens those allow.
 */
import type { OrderStatus } from './orders';
import type { PaymentMethod } from './payments';

/** `admin` is the owner and may do everything; the others each hold a part of the back office. */
export const STAFF_ROLES = ['admin', 'catalog', 'orders', 'delivery', 'accounts'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Owner (everything)',
  catalog: 'Catalogue',
  orders: 'Orders',
  delivery: 'Delivery',
  accounts: 'Accounts',
};

/**
 * What a route may need beyond being signed in:
 * - `catalog`: products, stock, prices, offers;
 * - `orders.read`: any order, its invoice and refunds, the day's deliveries (read only);
 * - `orders.manage`: order moves, refunds, assigning deliveries, enquiries, contact messages;
 * - `stops`: one's own delivery stops;
 * - `reports`: sales figures, the GST report, the money check;
 * - `audit`: the audit log;
 * - `shop`: delivery charges, releases, the mail outbox, browser errors, the newsletter list;
 * - `staff`: inviting staff, changing roles, deactivating.
 */
export const PERMISSIONS = ['catalog', 'orders.read', 'orders.manage', 'stops', 'reports', 'audit', 'shop', 'staff'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each role may do: the one table the API enforces (api/src/auth/permissions.ts) and the back
 * office's tests describe staff with. The owner (`admin`) holds every permission.
 */
export const STAFF_ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  catalog: ['catalog'],
  orders: ['orders.read', 'orders.manage'],
  delivery: ['stops'],
  accounts: ['orders.read', 'reports', 'audit'],
};

export interface StaffMember {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** False once deactivated: every session ended, sign-in refused. */
  active: boolean;
  createdAt: string;
  /** The last successful sign-in (from the audit log), or null. */
  lastSignInAt: string | null;
}

export type StaffInviteStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

export interface StaffInvite {
  _id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffInviteStatus;
  invitedAt: string;
  /** 72 hours after it was sent. */
  expiresAt: string;
}

/** GET /api/admin/staff */
export interface StaffOverview {
  staff: StaffMember[];
  /** Newest first. */
  invites: StaffInvite[];
}

/** POST /api/admin/staff/invites */
export interface StaffInviteRequest {
  email: string;
  name: string;
  role: StaffRole;
}

/** PUT /api/admin/staff/:id */
export interface StaffRoleChange {
  role: StaffRole;
}

/** GET /api/auth/staff-invites/:token: what the set-password page shows before the invitee signs up. */
export interface StaffInvitePreview {
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: string;
}

/** POST /api/auth/staff-invites/:token: the invitee's password (and, optionally, a corrected name). Answers AuthResponse. */
export interface StaffInviteAcceptance {
  password: string;
  name?: string;
}

/** Why a delivery person could not hand an order over. */
export const FAILED_DELIVERY_REASONS = ['nobody-home', 'wrong-address', 'refused'] as const;
export type FailedDeliveryReason = (typeof FAILED_DELIVERY_REASONS)[number];
export const FAILED_DELIVERY_REASON_LABELS: Record<FailedDeliveryReason, string> = {
  'nobody-home': 'Nobody home',
  'wrong-address': 'Wrong address',
  refused: 'Refused',
};

/** Someone who can be given stops (staff whose role holds `stops`). */
export interface Courier {
  _id: string;
  name: string;
}

/** The last time a delivery person could not hand the order over. */
export interface FailedAttempt {
  reason: FailedDeliveryReason;
  at: string;
}

/** One stop on the delivery person's phone (GET /api/delivery/stops). */
export interface CourierStop {
  _id: string;
  /** 1, 2, 3… in the order they are driven: slot, then when the stop was assigned. */
  position: number;
  slot: string | null;
  recipientName: string;
  recipientPhone: string | null;
  address: string;
  pincode: string | null;
  /** A maps search for the address, to open in the phone's map app. */
  mapUrl: string;
  items: { name: string; quantity: number }[];
  giftMessage: string | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  /** Rupees to collect at the door (a cash order not paid yet), else 0. */
  collect: number;
  /** Rupees collected when it was delivered, for cash orders. */
  cashCollected: number | null;
  lastFailedAttempt: FailedAttempt | null;
}

/** GET /api/delivery/stops?date=YYYY-MM-DD (today in India by default). */
export interface CourierDay {
  date: string;
  stops: CourierStop[];
  /** Rupees still to collect on the stops not yet delivered. */
  collectTotal: number;
  /** Rupees collected so far today. */
  collectedTotal: number;
}

/** POST /api/delivery/stops/:orderId/delivered */
export interface DeliveredReport {
  /** Rupees taken at the door; must equal the amount due on an unpaid cash order, 0 or absent otherwise. */
  cashCollected?: number;
}

/** POST /api/delivery/stops/:orderId/failed */
export interface FailedDeliveryReport {
  reason: FailedDeliveryReason;
}

/** PUT /api/admin/orders/:id/courier: who takes the order out; null takes it off their list. */
export interface CourierAssignment {
  courierId: string | null;
}
