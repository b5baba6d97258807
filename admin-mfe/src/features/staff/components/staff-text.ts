import type { StaffInviteStatus } from '@thalir/contracts';

export type Message = { tone: 'success' | 'error'; text: string };

export const INVITE_STATUS_LABELS: Record<StaffInviteStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const INVITE_STATUS_TONES: Record<StaffInviteStatus, 'yellow' | 'green' | 'red'> = {
  pending: 'yellow',
  accepted: 'green',
  expired: 'red',
  revoked: 'red',
};
