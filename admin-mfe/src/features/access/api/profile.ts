import { api } from '@thalir/api-client';
import type { UserPublic } from '@thalir/contracts';

/** The signed-in user as the API sees them now: their role and what it lets them do (`permissions`). */
export function fetchProfile(signal?: AbortSignal): Promise<UserPublic> {
  return api.get<UserPublic>('/api/users/profile', signal);
}
