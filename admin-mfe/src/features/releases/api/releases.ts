import { api } from '@thalir/api-client';
import type { ClientErrorReport, FrontendAppName, FrontendAppReleases } from '@thalir/contracts';

export async function fetchReleases(signal?: AbortSignal): Promise<FrontendAppReleases[]> {
  return (await api.get<{ apps: FrontendAppReleases[] }>('/api/admin/releases', signal)).apps;
}

/** `release` null goes back to the build the server was started with. */
export function switchRelease(app: FrontendAppName, release: string | null, force = false): Promise<FrontendAppReleases> {
  return api.put<FrontendAppReleases>(`/api/admin/releases/${app}`, { release, ...(force ? { force } : {}) });
}

export function fetchClientErrors(signal?: AbortSignal): Promise<ClientErrorReport[]> {
  return api.get<ClientErrorReport[]>('/api/admin/client-errors?limit=20', signal);
}
