import { join } from 'node:path';
import { originOf, type AppConfig } from '../config/app-config';

/** The built frontends, each a folder of its own build (dist/<app>). */
export type FrontendApp = 'shell' | 'storefront-mfe' | 'admin-mfe';

/**
 * The folder a frontend is served from, and whose server bundle renders its pages: one place that
 * says so, for the static files and the server rendering alike (the same build on both sides).
 */
export function frontendDir(config: AppConfig, app: FrontendApp): string {
  return join(config.webRoot, app);
}

/**
 * Where browsers load a frontend's files from: the shell from the site root, a remote from beside
 * the manifest the shell is told about (/remotes.json), wherever that is deployed.
 */
export function frontendBaseUrl(config: AppConfig, app: FrontendApp): string {
  if (app === 'shell') return '/';
  const manifest = app === 'storefront-mfe' ? config.remotes.storefront : config.remotes.admin;
  return manifest.replace(/[^/]*$/, '');
}

/**
 * Whether browsers get the app's files from this API's folder (frontendDir). A remote deployed
 * elsewhere may be another build than the folder holds, so pages are not rendered on the server
 * with the folder's code then: the browser draws them with the code it loads.
 */
export function servedFromFrontendDir(config: AppConfig, app: FrontendApp): boolean {
  const base = frontendBaseUrl(config, app);
  const origin = originOf(base);
  return origin === null ? base.startsWith('/') : origin === originOf(config.publicUrl);
}
