/** The frontends, each built to a folder of its own (dist/<app>) and released on its own. */
export const FRONTEND_APPS = ['shell', 'storefront-mfe', 'admin-mfe'] as const;
export type FrontendApp = (typeof FRONTEND_APPS)[number];
export type RemoteApp = Exclude<FrontendApp, 'shell'>;

export const REMOTE_APPS: readonly RemoteApp[] = ['storefront-mfe', 'admin-mfe'];

export function isFrontendApp(value: unknown): value is FrontendApp {
  return typeof value === 'string' && (FRONTEND_APPS as readonly string[]).includes(value);
}
