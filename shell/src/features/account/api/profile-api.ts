import { api } from '@thalir/api-client';
import type { ProfileUpdateRequest, ProfileUpdateResponse, UserPublic } from '@thalir/contracts';

export function fetchProfile(signal?: AbortSignal): Promise<UserPublic> {
  return api.get<UserPublic>('/api/users/profile', signal);
}

export function updateProfile(changes: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
  return api.put<ProfileUpdateResponse>('/api/users/profile', changes);
}
