// `npm run dev`: every frontend rebuilds on save in development mode (webpack --watch into dist/dev)
// and the API recompiles with swc and restarts (node --watch), all served on http://localhost:3000.
//
// `npm run dev -- <app>`: a development server with React Fast Refresh for the one app a team works
// on, loaded by the shell and talking to the API, while the other remotes run from their production
// builds (or their live releases). The shell is served by its own development server on :4200, since
// the shell provides React to the page and only React's development build can refresh: open
// http://localhost:4200. Working on a remote, its server (:4201 storefront, :4202 admin) is what
// /remotes.json names for it.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { bin, NX_ENV, run, workspaceRoot } from './lib.mjs';

const APPS = ['shell', 'storefront-mfe', 'admin-mfe'];
/** DEV_SERVER_PORT moves the three development servers (default 4200, 4201, 4202). */
const devPortBase = Number(process.env.DEV_SERVER_PORT ?? 4200);
const DEV_PORTS = { shell: devPortBase, 'storefront-mfe': devPortBase + 1, 'admin-mfe': devPortBase + 2 };
const REMOTE_URL_ENV = { 'storefront-mfe': 'STOREFRONT_REMOTE_URL', 'admin-mfe': 'ADMIN_REMOTE_URL' };
const API_SOURCES = ['api/src', 'libs/contracts/src', 'libs/pages/src'];

const app = process.argv[2];
if (app !== undefined && !APPS.includes(app)) {
  console.error(`Usage: npm run dev [-- <${APPS.join('|')}>]`);
  process.exit(2);
}
const port = process.env.PORT ?? '3000';

const compileApi = () =>
  run(bin('swc'), [...API_SOURCES, '-d', 'dist/api', '--config-file', 'api/.swcrc', '--quiet'], { quiet: true }).then(({ code, output }) => {
    if (code !== 0) process.stderr.write(output);
  });

// The API, and with an app named the other frontends' production builds, from Nx's cache when unchanged.
const projects = app ? ['api', ...APPS.filter((other) => other !== app && other !== 'shell')] : ['api'];
const build = await run(bin('nx'), ['run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--parallel=3', '--output-style=static']);
if (build.code !== 0) process.exit(build.code);

let pending = null;
for (const dir of API_SOURCES) {
  // Recursive fs.watch works on Linux from Node 20; a burst of saves compiles once.
  watch(dir, { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(compileApi, 200);
  });
}

const apiEnv = app
  ? { ...(REMOTE_URL_ENV[app] ? { [REMOTE_URL_ENV[app]]: `http://localhost:${DEV_PORTS[app]}/mf-manifest.json` } : {}) }
  : // Development builds go to their own folder: dist/ keeps the production builds `npm start` serves.
    { WEB_ROOT: 'dist/dev' };
const webpack = (project, args) => [bin('webpack'), [...args, '--config', `${project}/webpack.config.js`, '--mode', 'development']];
const frontends = app
  ? [...new Set(['shell', app])].map((project) => webpack(project, ['serve', '--env', `port=${DEV_PORTS[project]}`, '--env', `api=http://localhost:${port}`]))
  : APPS.map((project) => webpack(project, ['--watch', '--output-path', `dist/dev/${project}`]));

const children = [
  [process.execPath, ['--watch', '--enable-source-maps', 'dist/api/api/src/main.js'], apiEnv],
  ...frontends.map(([command, args]) => [command, args, {}]),
].map(([command, args, env]) => spawn(command, args, { cwd: workspaceRoot, stdio: 'inherit', env: { ...process.env, ...NX_ENV, ...env } }));

console.log(
  app
    ? `Development: http://localhost:${DEV_PORTS.shell} (${app} refreshes on save, state kept where React allows; API on :${port})`
    : `Development: http://localhost:${port} (frontends rebuild on save; reload the page to see changes)`,
);
const stop = () => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
