import { api } from '@thalir/api-client';
import { getAuth } from '@thalir/auth';
import type { GstReport, GstReportTable } from '@thalir/contracts';

/** `month` is YYYY-MM, a calendar month in India. */
export function fetchGstReport(month: string, signal?: AbortSignal): Promise<GstReport> {
  return api.get<GstReport>(`/api/admin/reports/gst?month=${encodeURIComponent(month)}`, signal);
}

/** One table of the month's return as the GST offline tool's CSV, with the bearer token in the header. */
export async function fetchGstReportCsv(month: string, table: GstReportTable): Promise<Blob> {
  const { token } = getAuth();
  const response = await fetch(`/api/admin/reports/gst.csv?month=${encodeURIComponent(month)}&table=${table}`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) throw new Error(`GST report request failed (${response.status})`);
  return response.blob();
}
