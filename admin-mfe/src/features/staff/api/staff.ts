import { api } from '@thalir/api-client';
import type { StaffInvite, StaffInviteRequest, StaffMember, StaffOverview, StaffRole, StaffRoleChange } from '@thalir/contracts';

const memberPath = (id: string) => `/api/admin/staff/${encodeURIComponent(id)}`;

/** The shop's staff and its invitations (newest first). */
export function fetchStaffOverview(signal?: AbortSignal): Promise<StaffOverview> {
  return api.get<StaffOverview>('/api/admin/staff', signal);
}

/** Mails the person a link to set their password, valid 72 hours and once; 409 when the email has an account or a pending invitation. */
export function inviteStaff(invite: StaffInviteRequest): Promise<StaffInvite> {
  return api.post<StaffInvite>('/api/admin/staff/invites', invite);
}

export function revokeInvite(id: string): Promise<StaffInvite> {
  return api.delete<StaffInvite>(`/api/admin/staff/invites/${encodeURIComponent(id)}`);
}

/** 409 for one's own role, or for the last active owner. */
export function changeStaffRole(id: string, role: StaffRole): Promise<StaffMember> {
  const change: StaffRoleChange = { role };
  return api.put<StaffMember>(memberPath(id), change);
}

/** Ends every session of that person at once and refuses their sign-in; 409 for oneself. */
export function deactivateStaff(id: string): Promise<StaffMember> {
  return api.post<StaffMember>(`${memberPath(id)}/deactivate`);
}

export function reactivateStaff(id: string): Promise<StaffMember> {
  return api.post<StaffMember>(`${memberPath(id)}/reactivate`);
}
