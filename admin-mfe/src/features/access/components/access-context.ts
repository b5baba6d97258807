import { createContext, useContext } from 'react';
import type { Permission, Role } from '@thalir/contracts';

/** What the signed-in person may do in the back office, as GET /api/users/profile told it on this visit. */
export interface Access {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
  can: (permission: Permission) => boolean;
}

export const AccessContext = createContext<Access | null>(null);

/** The signed-in person's permissions; only inside <AccessProvider> (AdminRoutes puts every screen there). */
export function useAccess(): Access {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useAccess() needs an <AccessProvider> above it (AdminRoutes provides one)');
  return access;
}
