// Small helpers shared by the workspace scripts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Nx without a daemon or cloud, as the workspace is set up. */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };

/** Jest loads ESM-only packages (puppeteer-core, some of the API's dependencies) through Node's VM modules. */
export const JEST_ESM_ENV = { NODE_OPTIONS: '--experimental-vm-modules --no-warnings' };

export function run(command, args, { env = {}, quiet = false, cwd = workspaceRoot } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...NX_ENV, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolvePromise({ code: code ?? 1, output }));
  });
}

export const bin = (name) => resolve(workspaceRoot, 'node_modules/.bin', name);
