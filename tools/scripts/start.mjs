// `npm start`: build whatever is missing or stale (Nx cache), then serve the whole shop on PORT
// (default 3000) with the embedded database and the demo catalogue unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { bin, NX_ENV, run, workspaceRoot } from './lib.mjs';

const started = Date.now();
const build = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=3', '--output-style=static'], { quiet: true });
if (build.code !== 0) {
  process.stderr.write(build.output);
  console.error('\nThe build failed; see above.');
  process.exit(build.code);
}
console.log(`Frontends and API are built (${((Date.now() - started) / 1000).toFixed(1)} s). Starting the shop…`);

const api = spawn(process.execPath, ['--enable-source-maps', 'dist/api/api/src/main.js'], {
  cwd: workspaceRoot,
  stdio: 'inherit',
  env: { ...process.env, ...NX_ENV },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('close', (code) => process.exit(code ?? 0));
