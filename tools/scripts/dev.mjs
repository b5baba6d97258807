// `npm run dev`: everything rebuilds on change and the API restarts on its own, all served by the
// API on http://localhost:3000 as in production. The frontends rebuild with `webpack --watch` in
// production mode (the HTML plugin's child compilation fails under Module Federation in webpack's
// development mode); the API recompiles with swc on every change and `node --watch` restarts it.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { bin, NX_ENV, run, workspaceRoot } from './lib.mjs';

const API_SOURCES = ['api/src', 'libs/contracts/src'];
const compileApi = () =>
  run(bin('swc'), [...API_SOURCES, '-d', 'dist/api', '--config-file', 'api/.swcrc', '--quiet'], { quiet: true }).then(({ code, output }) => {
    if (code !== 0) process.stderr.write(output);
  });

await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=3', '--output-style=static']);

let pending = null;
for (const dir of API_SOURCES) {
  // Recursive fs.watch works on Linux from Node 20; a burst of saves compiles once.
  watch(dir, { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(compileApi, 200);
  });
}

const children = [
  [process.execPath, ['--watch', '--enable-source-maps', 'dist/api/api/src/main.js']],
  ...['shell', 'storefront-mfe', 'admin-mfe'].map((project) => [bin('webpack'), ['--watch', '--config', `${project}/webpack.config.js`, '--mode', 'production']]),
].map(([command, args]) => spawn(command, args, { cwd: workspaceRoot, stdio: 'inherit', env: { ...process.env, ...NX_ENV } }));

console.log('Development: http://localhost:3000 (frontends rebuild on save; reload the page to see changes)');
const stop = () => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
