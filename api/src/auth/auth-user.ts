import type { Role } from '@thalir/contracts';

/** The signed-in caller, read fresh from the database on every request. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The token this request came with, so the session can be ended (logout). */
  session: { token: string; expiresAtSeconds: number };
}

export interface JwtPayload {
  sub: string;
  /** The user's session version when the token was issued (absent in tokens from before versions: 0). */
  sv?: number;
  exp?: number;
}
