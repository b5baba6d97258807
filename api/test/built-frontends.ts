import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const workspaceRoot = resolve(__dirname, '../..');

/** Set by `npm test`, which builds the shell and the storefront once before the API's tests. */
const BUILT_BY_THE_RUN = 'THALIR_FRONTENDS_BUILT';

/**
 * The production builds of the shell and the storefront, with their server bundles (dist/). Under
 * `npm test` they are built before the API's tests start; a test file run on its own builds them
 * here when missing or out of date (Nx's cache makes that quick), one process at a time (flock). An
 * Nx run without its daemon restores dist/ from the cache even when it is up to date: during a run of
 * test files side by side, it would pull the builds from under another file's test.
 */
export function builtFrontends(): string {
  const webRoot = join(workspaceRoot, 'dist');
  if (process.env[BUILT_BY_THE_RUN] === '1' && existsSync(join(webRoot, 'shell/server/shell.server.js'))) return webRoot;
  mkdirSync(webRoot, { recursive: true });
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
  if (!existsSync(join(webRoot, 'shell/server/shell.server.js'))) throw new Error('The frontends did not build');
  return webRoot;
}
