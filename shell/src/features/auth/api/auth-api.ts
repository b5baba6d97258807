import { api } from '@thalir/api-client';
import type { Language } from '@thalir/pages';
import type { AuthResponse, ForgotPasswordResponse, MessageResponse, StaffInviteAcceptance, StaffInvitePreview } from '@thalir/contracts';

export function login(credentials: { email: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/login', credentials);
}

/** `language`: the account's language for its mails and invoices (the page's, when registering). */
export function register(details: { name: string; email: string; password: string; language?: Language }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/register', details);
}

export function requestPasswordReset(email: string): Promise<ForgotPasswordResponse> {
  return api.post<ForgotPasswordResponse>('/api/auth/forgot-password', { email });
}

export function resetPassword(resetToken: string, password: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/auth/reset-password/${encodeURIComponent(resetToken)}`, { password });
}

const staffInvitePath = (token: string) => `/api/auth/staff-invites/${encodeURIComponent(token)}`;

/** Who the invitation is for; 404 with the server's message when the link is unknown, used, revoked or expired. */
export function fetchStaffInvite(token: string, signal?: AbortSignal): Promise<StaffInvitePreview> {
  return api.get<StaffInvitePreview>(staffInvitePath(token), signal);
}

/** Sets the invitee's password (and name) and signs them in; the link is used up. */
export function acceptStaffInvite(token: string, acceptance: StaffInviteAcceptance): Promise<AuthResponse> {
  return api.post<AuthResponse>(staffInvitePath(token), acceptance);
}
