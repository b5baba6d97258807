import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

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
