import { api } from '@thalir/api-client';
import type { AdminStats } from '@thalir/contracts';

export function fetchStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get<AdminStats>('/api/admin/stats', signal);
}
