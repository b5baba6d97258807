import { PERMISSIONS, type Permission, type Role } from '@thalir/contracts';

/**
 * The one table of who may do what in the back office. Routes declare the permission they need
 * (`@Permit`); the access guard asks `roleMay`. Customers hold none. The owner (`admin`) holds all.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  catalog: ['catalog'],
  orders: ['orders.read', 'orders.manage'],
  delivery: ['stops'],
  accounts: ['orders.read', 'reports', 'audit'],
  customer: [],
};

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.includes(permission) ?? false;
}

export function permissionsOf(role: Role): Permission[] {
  return [...(ROLE_PERMISSIONS[role] ?? [])];
}

/** The roles holding `permission`. */
export function rolesWith(permission: Permission): Role[] {
  return (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => roleMay(role, permission));
}

export function isStaffRole(role: Role): boolean {
  return role !== 'customer';
}
