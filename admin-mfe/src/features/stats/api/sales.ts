import { api } from '@thalir/api-client';
import type { SalesStats } from '@thalir/contracts';

export const SALES_RANGES = [7, 30, 90, 365] as const;
export type SalesRange = (typeof SALES_RANGES)[number];
export const DEFAULT_SALES_RANGE: SalesRange = 30;

export function fetchSalesStats(days: SalesRange, signal?: AbortSignal): Promise<SalesStats> {
  return api.get<SalesStats>(`/api/admin/stats/sales?days=${days}`, signal);
}
