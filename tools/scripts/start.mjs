// `npm start`: build whatever is missing or stale, then serve the whole shop on PORT (default 3000)
// with the embedded database and the demo catalogue unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_NODE_FLAGS, bin, NX_ENV, run, workspaceRoot } from './lib.mjs';

const BUILD_INPUTS = [
  'api/src',
  'api/.swcrc',
  'lingui.config.js',
  'libs',
  'shell',
  'storefront-mfe',
  'admin-mfe',
  'tools/webpack',
  'package-lock.json',
  'tsconfig.base.json',
];
const OUTPUTS = ['dist/api', 'dist/shell', 'dist/storefront-mfe', 'dist/admin-mfe'];
const STAMP = join(workspaceRoot, 'dist/.build-inputs');

/** Newest modification time among the build's inputs (a few hundred files: milliseconds). */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && !name.startsWith('.nx')) visit(join(path, name));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const input of BUILD_INPUTS) visit(join(workspaceRoot, input));
  return newest;
}

const started = Date.now();
const inputs = newestInput();
const upToDate = OUTPUTS.every((dir) => existsSync(join(workspaceRoot, dir))) && existsSync(STAMP) && Number(readFileSync(STAMP, 'utf8')) >= inputs;
if (!upToDate) {
  // Nx rebuilds only the projects whose inputs changed and restores the rest from its cache.
  console.log('Building the shop (first time: about a minute)…');
  const build = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=3', '--output-style=static'], { quiet: true });
  if (build.code !== 0) {
    process.stderr.write(build.output);
    console.error('\nThe build failed; see above.');
    process.exit(build.code);
  }
  writeFileSync(STAMP, String(inputs));
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const api = spawn(process.execPath, [...API_NODE_FLAGS, 'dist/api/api/src/main.js'], {
  cwd: workspaceRoot,
  stdio: 'inherit',
  env: { ...process.env, ...NX_ENV },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('close', (code) => process.exit(code ?? 0));
