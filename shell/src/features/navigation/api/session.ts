import { api } from '@thalir/api-client';

/**
 * Ends the session on the server, so the token is refused even if a copy of it survives elsewhere.
 * The request takes the token when it starts, so the caller may clear storage straight after; a
 * failure (offline) leaves only a token that still expires on its own.
 */
export function endServerSession(): void {
  api.post('/api/auth/logout').catch(() => undefined);
}
