// `npm run release -- <app> [--promote] [--force]`: builds the app (production, Nx cache) and
// publishes its build folder as an immutable release into the shop's storage (STORAGE_DRIVER: DATA_DIR/uploads
// or the bucket), where every API process finds it; --promote makes it live. See README, "Releasing a frontend".
import { bin, run } from './lib.mjs';
import { runReleasesCli } from './release-cli.mjs';

const APPS = ['shell', 'storefront-mfe', 'admin-mfe'];
const [app, ...flags] = process.argv.slice(2);
if (!APPS.includes(app)) {
  console.error(`Usage: npm run release -- <${APPS.join('|')}> [--promote] [--force]`);
  process.exit(2);
}

const build = await run(bin('nx'), ['run', `${app}:build`, '--output-style=static']);
if (build.code !== 0) {
  console.error(`\nThe ${app} build failed; nothing was published.`);
  process.exit(build.code);
}
process.exit(await runReleasesCli(['publish', app, '--from', `dist/${app}`, ...flags]));
