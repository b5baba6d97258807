import { api } from '@thalir/api-client';
import type { MoneyCheck } from '@thalir/contracts';

export function fetchMoneyCheck(signal?: AbortSignal): Promise<MoneyCheck> {
  return api.get<MoneyCheck>('/api/admin/money-check', signal);
}
