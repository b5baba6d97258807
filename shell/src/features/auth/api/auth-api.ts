import { api } from '@thalir/api-client';
import type { AuthResponse, ForgotPasswordResponse, MessageResponse } from '@thalir/contracts';

export function login(credentials: { email: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/login', credentials);
}

export function register(details: { name: string; email: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/register', details);
}

export function requestPasswordReset(email: string): Promise<ForgotPasswordResponse> {
  return api.post<ForgotPasswordResponse>('/api/auth/forgot-password', { email });
}

export function resetPassword(resetToken: string, password: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/auth/reset-password/${encodeURIComponent(resetToken)}`, { password });
}
