// Small helpers shared by the workspace scripts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Nx without a daemon or cloud, as the workspace is set up. */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };

/**
 * How every API process is started (npm start, the cluster, the bench; deploy/Dockerfile writes the same).
 * A young generation of at most 16 MB: on Node 24 V8's default lets it grow so far that one scavenge
 * of an invoice's garbage pauses for milliseconds, which doubled the invoice's p99 (docs/performance.md).
 */
export const API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=16'];

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
