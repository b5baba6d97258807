import { api, ApiRequestError } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { AuditEntity, AuditPage } from '@thalir/contracts';

/** Entries per page: the API's default (it takes up to 200). */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  /** An email or part of one. */
  actor: string;
  entity: AuditEntity | '';
  /** India dates, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

/** The filters as the API reads them, empty ones left out: the list and the CSV share them. */
function filterParams({ actor, entity, from, to }: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (actor) params.set('actor', actor);
  if (entity) params.set('entity', entity);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params;
}

/** One page of the log, newest first. */
export function fetchAuditPage(filters: AuditFilters, page: number, signal?: AbortSignal): Promise<AuditPage> {
  const params = filterParams(filters);
  params.set('page', String(page));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return api.get<AuditPage>(`/api/admin/audit?${params}`, signal);
}

/** Every entry matching the filters as CSV, with the bearer token in the header; a refused filter keeps the server's message. */
export async function fetchAuditCsv(filters: AuditFilters): Promise<Blob> {
  const { token } = getAuth();
  const query = filterParams(filters).toString();
  const response = await fetch(`/api/admin/audit.csv${query ? `?${query}` : ''}`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.includes('text/csv')) return response.blob();
  const body = type.includes('application/json') ? await response.json().catch(() => undefined) : undefined;
  const message = typeof body?.message === 'string' ? body.message : `Audit log download failed (${response.status})`;
  throw new ApiRequestError(response.status, message, body);
}
