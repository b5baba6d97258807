import type { Role } from '@thalir/contracts';

/** The signed-in caller, read fresh from the database on every request. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface JwtPayload {
  sub: string;
}
