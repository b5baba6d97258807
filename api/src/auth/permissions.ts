import { STAFF_ROLE_PERMISSIONS, type Permission, type Role } from '@thalir/contracts';

/**
 * Who may do what in the back office: the staff roles' table in @thalir/contracts, and customers hold
 * none. Routes declare the permission they need (`@Permit`); the access guard asks `roleMay`.
 */
const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = { ...STAFF_ROLE_PERMISSIONS, customer: [] };

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
