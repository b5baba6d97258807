import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const workspaceRoot = resolve(__dirname, '../..');

/**
 * The production builds of the shell and the storefront, with their server bundles (dist/), built
 * here when missing or out of date (Nx's cache makes that quick when nothing changed). Test files in
 * other workers ask at the same time: one builds while the others wait on the lock (flock), since two
 * Nx runs writing dist/ at once leave it half written for both.
 */
export function builtFrontends(): string {
  mkdirSync(join(workspaceRoot, 'dist'), { recursive: true });
  const nx = join(workspaceRoot, 'node_modules/.bin/nx');
  execFileSync(
    'flock',
    [join(workspaceRoot, 'dist/.frontends-build.lock'), nx, 'run-many', '-t', 'build', '--projects=shell,storefront-mfe', '--output-style=static'],
    {
      cwd: workspaceRoot,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NODE_OPTIONS: '' },
      stdio: 'ignore',
    },
  );
  const webRoot = join(workspaceRoot, 'dist');
  if (!existsSync(join(webRoot, 'shell/server/shell.server.js'))) throw new Error('The frontends did not build');
  return webRoot;
}
