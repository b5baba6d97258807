import { useSyncExternalStore } from 'react';
import { AUTH_CHANGE_EVENT, ROLES, STORAGE_KEYS, type Role } from '@thalir/contracts';

export interface AuthState {
  token: string | null;
  role: Role | null;
  isSignedIn: boolean;
  /** The owner: the spec's admin, who may do everything. */
  isAdmin: boolean;
  /** Any staff role (the owner included): the back office is theirs, each role seeing its own screens. */
  isStaff: boolean;
}

const SIGNED_OUT: AuthState = { token: null, role: null, isSignedIn: false, isAdmin: false, isStaff: false };
let snapshot: AuthState = SIGNED_OUT;

/** Reads the stored token and role (the spec's storage keys); the token's presence means signed in. */
function read(): AuthState {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const storedRole = localStorage.getItem(STORAGE_KEYS.role);
  // An unknown stored value is a customer: the server decides every role-bound answer anyway.
  const role: Role | null = token ? ((ROLES as readonly string[]).includes(storedRole ?? '') ? (storedRole as Role) : 'customer') : null;
  if (token === snapshot.token && role === snapshot.role) return snapshot;
  snapshot = token ? { token, role, isSignedIn: true, isAdmin: role === 'admin', isStaff: role !== 'customer' } : SIGNED_OUT;
  return snapshot;
}

export function getAuth(): AuthState {
  return read();
}

function announce(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

/** Stores what login or register answered and tells every listener (this tab and both remotes). */
export function signIn(token: string, role: Role): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.role, role);
  announce();
}

/** Logout clears all local storage, as the spec says, and broadcasts the change. */
export function signOut(): void {
  localStorage.clear();
  announce();
}

/** Calls back on sign-in changes here (the notice) and in other tabs (storage events). */
export function subscribeAuth(onChange: () => void): () => void {
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, read, () => SIGNED_OUT);
}
