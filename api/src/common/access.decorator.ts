import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { Permission } from '@thalir/contracts';

/**
 * Every route declares who may call it. The global AccessGuard refuses a route that declares
 * nothing, and the route-access test calls each route as every kind of caller.
 */
export enum Access {
  /** Anyone, signed in or not. */
  Public = 'public',
  /** Anyone; a token, when sent, must be valid and tells who is asking (e.g. the checkout's quote). */
  Optional = 'optional',
  /** Any signed-in user. */
  SignedIn = 'signed-in',
  /** A signed-in user acting on something of their own (the service answers 404 otherwise); staff who may read orders too. */
  Owner = 'owner',
  /** Staff whose role holds the route's permission (api/src/auth/permissions.ts): 401 for visitors, 403 for everyone else. */
  Staff = 'staff',
}

export const ACCESS_KEY = 'access';
export const PERMISSION_KEY = 'permission';

export const Public = () => SetMetadata(ACCESS_KEY, Access.Public);
export const SignedInOrNot = () => SetMetadata(ACCESS_KEY, Access.Optional);
export const SignedIn = () => SetMetadata(ACCESS_KEY, Access.SignedIn);
export const OwnerOrStaff = () => SetMetadata(ACCESS_KEY, Access.Owner);
/** Staff whose role holds `permission`. */
export const Permit = (permission: Permission) => applyDecorators(SetMetadata(ACCESS_KEY, Access.Staff), SetMetadata(PERMISSION_KEY, permission));
