// The benchmarks run a private copy of dist/: a build started elsewhere in the checkout meanwhile
// (`rm -rf dist/api` and recompile) would otherwise pull files from under the running API.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './paths.mjs';
import { isRunning } from './pids.mjs';

// Inside the workspace, so the copy still resolves node_modules from the workspace root.
const SNAPSHOTS = join(workspaceRoot, 'bench/out/dist-snapshots');
let current = null;

/** Copies dist/ for this run (and removes copies left by runs that died). */
export function snapshotDist() {
  mkdirSync(SNAPSHOTS, { recursive: true });
  for (const name of readdirSync(SNAPSHOTS)) {
    if (!isRunning(Number(name))) rmSync(join(SNAPSHOTS, name), { recursive: true, force: true });
  }
  const source = join(workspaceRoot, 'dist');
  if (!existsSync(source)) return null;
  current = join(SNAPSHOTS, String(process.pid));
  rmSync(current, { recursive: true, force: true });
  cpSync(source, current, { recursive: true });
  return current;
}

export function removeDistSnapshot() {
  if (current) rmSync(current, { recursive: true, force: true });
  current = null;
}

/** The dist/ the API and the frontend section use: this run's copy, or dist/ itself before one is made. */
export function distRoot() {
  return current ?? join(workspaceRoot, 'dist');
}
