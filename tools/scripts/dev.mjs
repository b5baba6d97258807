// `npm run dev`: the API in watch mode (swc --watch + node --watch) and the three frontends on
// webpack-dev-server (shell :4200 proxies /api to the API on :3000; remotes on :4201 and :4202).
import { spawn } from 'node:child_process';
import { bin, NX_ENV, run, workspaceRoot } from './lib.mjs';

await run(bin('nx'), ['run', 'api:build', '--output-style=static']);
const children = [
  [bin('swc'), ['api/src', 'libs/contracts/src', '-d', 'dist/api', '--config-file', 'api/.swcrc', '--watch', '--quiet']],
  [process.execPath, ['--watch', '--enable-source-maps', 'dist/api/api/src/main.js']],
  [bin('webpack'), ['serve', '--config', 'storefront-mfe/webpack.config.js', '--mode', 'development']],
  [bin('webpack'), ['serve', '--config', 'admin-mfe/webpack.config.js', '--mode', 'development']],
  [bin('webpack'), ['serve', '--config', 'shell/webpack.config.js', '--mode', 'development']],
].map(([command, args]) =>
  spawn(command, args, {
    cwd: workspaceRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...NX_ENV,
      STOREFRONT_REMOTE_URL: process.env.STOREFRONT_REMOTE_URL ?? 'http://localhost:4201/mf-manifest.json',
      ADMIN_REMOTE_URL: process.env.ADMIN_REMOTE_URL ?? 'http://localhost:4202/mf-manifest.json',
    },
  }),
);
console.log('Development: open http://localhost:4200 (API on http://localhost:3000)');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
