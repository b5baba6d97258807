import { api, ApiRequestError, apiRequest } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { MessageResponse, ProfileUpdateRequest, ProfileUpdateResponse, UserPublic } from '@thalir/contracts';

export function fetchProfile(signal?: AbortSignal): Promise<UserPublic> {
  return api.get<UserPublic>('/api/users/profile', signal);
}

export function updateProfile(changes: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
  return api.put<ProfileUpdateResponse>('/api/users/profile', changes);
}

/** Everything the shop holds about the customer, as the JSON file the server writes, with the bearer token in the header. */
export async function fetchMyData(): Promise<Blob> {
  const { token } = getAuth();
  const response = await fetch('/api/users/me/export', {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (response.ok) return response.blob();
  const body = await response.json().catch(() => undefined);
  throw new ApiRequestError(response.status, typeof body?.message === 'string' ? body.message : `Download failed (${response.status})`, body);
}

/** Erases the account; the server asks for the password again and refuses while an order is open. */
export function deleteAccount(password: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/users/me', { method: 'DELETE', body: { password } });
}
