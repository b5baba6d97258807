import { PERMISSIONS, ROLES, type Permission, type Role } from '@thalir/contracts';
import { isStaffRole, permissionsOf, roleMay, rolesWith } from './permissions';

/** The permission table as the issue gives it, role by role; any drift in permissions.ts fails here. */
const EXPECTED: Record<Role, Permission[]> = {
  admin: ['catalog', 'orders.read', 'orders.manage', 'stops', 'reports', 'audit', 'shop', 'staff'],
  catalog: ['catalog'],
  orders: ['orders.read', 'orders.manage'],
  delivery: ['stops'],
  accounts: ['orders.read', 'reports', 'audit'],
  customer: [],
};

describe('who may do what', () => {
  const cases = ROLES.flatMap((role) => PERMISSIONS.map((permission) => [role, permission, EXPECTED[role].includes(permission)] as const));

  it.each(cases)('%s holds %s: %s', (role, permission, allowed) => {
    expect(roleMay(role, permission)).toBe(allowed);
  });

  it('gives the owner every permission there is, and customers none', () => {
    expect(permissionsOf('admin')).toEqual([...PERMISSIONS]);
    expect(permissionsOf('customer')).toEqual([]);
  });

  it('names the roles holding a permission', () => {
    expect(rolesWith('stops')).toEqual(['admin', 'delivery']);
    expect(rolesWith('orders.read')).toEqual(['admin', 'orders', 'accounts']);
  });

  it('refuses a role it does not know', () => {
    expect(roleMay('manager' as Role, 'orders.read')).toBe(false);
    expect(permissionsOf('manager' as Role)).toEqual([]);
  });

  it.each(ROLES.map((role) => [role, role !== 'customer'] as const))('%s is staff: %s', (role, staff) => {
    expect(isStaffRole(role)).toBe(staff);
  });
});
