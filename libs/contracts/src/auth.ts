/** Accounts and sign-in: users, roles, tokens, the profile, and how the browser keeps the session. */

import type { CatalogueLanguage } from './catalog';
import { STAFF_ROLES, type Permission } from './staff';

/** The staff roles (staff.ts), then the shop's customers. */
export const ROLES = [...STAFF_ROLES, 'customer'] as const;
export type Role = (typeof ROLES)[number];

export interface UserPublic {
  _id: string;
  name: string;
  email: string;
  address: string;
  role: Role;
  /** Staff only: what this user may do in the back office (the API decides, screens follow); absent for customers. */
  permissions?: Permission[];
  /** The language of the account's mails and invoices: the one it registered in, changed on the profile. */
  language?: CatalogueLanguage;
}

export interface AuthResponse {
  token: string;
  user: UserPublic;
}

export interface ForgotPasswordResponse {
  message: string;
  token?: string;
}

export interface ProfileUpdateRequest {
  name: string;
  address?: string;
  password?: string;
  /** Needed with a new password. */
  currentPassword?: string;
  /** Left out, the account keeps its language. */
  language?: CatalogueLanguage;
}

export interface ProfileUpdateResponse {
  message: string;
  user: UserPublic;
  /** After a password change every earlier session ends; this one continues with this token. */
  token?: string;
}

/** Browser storage keys fixed by the spec. */
export const STORAGE_KEYS = { token: 'token', role: 'role', cart: 'cart' } as const;

/** Event dispatched on window when sign-in state changes. */
export const AUTH_CHANGE_EVENT = 'auth-change';
