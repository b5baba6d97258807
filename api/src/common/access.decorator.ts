import { SetMetadata } from '@nestjs/common';

/**
 * Every route declares who may call it. The global AccessGuard refuses a route that declares
 * nothing, and the route-access test checks each declaration against real callers.
 */
export enum Access {
  /** Anyone, signed in or not. */
  Public = 'public',
  /** Anyone; a token, when sent, must be valid and tells who is asking (e.g. the checkout's quote). */
  Optional = 'optional',
  /** Any signed-in user. */
  SignedIn = 'signed-in',
  /** A signed-in user acting on something of their own (the service answers 404 otherwise); admins too. */
  Owner = 'owner',
  /** Admins only: 401 for visitors, 403 for customers. */
  Admin = 'admin',
}

export const ACCESS_KEY = 'access';

export const Public = () => SetMetadata(ACCESS_KEY, Access.Public);
export const SignedInOrNot = () => SetMetadata(ACCESS_KEY, Access.Optional);
export const SignedIn = () => SetMetadata(ACCESS_KEY, Access.SignedIn);
export const OwnerOrAdmin = () => SetMetadata(ACCESS_KEY, Access.Owner);
export const AdminOnly = () => SetMetadata(ACCESS_KEY, Access.Admin);
