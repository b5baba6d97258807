// `npm run migrate`: runs the database's migrations, the admin bootstrap and the demo seed under the
// migration lock, then exits (api/src/cli/migrate.ts), in the database the shop uses (DATABASE_URL,
// or the embedded one in DATA_DIR). Builds the API first when there is no build to run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_NODE_FLAGS, bin, run, workspaceRoot } from './lib.mjs';

const cli = join(workspaceRoot, 'dist/api/api/src/cli/migrate.js');

if (!existsSync(cli)) {
  console.log('Building the API first (no build in dist/api, or one from before migrate)…');
  const build = await run(bin('nx'), ['run', 'api:build', '--output-style=static'], { quiet: true });
  if (build.code !== 0) {
    process.stderr.write(build.output);
    console.error('\nThe API build failed; see above.');
    process.exit(build.code);
  }
}

const child = spawn(process.execPath, [...API_NODE_FLAGS, cli], { cwd: workspaceRoot, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code) => process.exit(code ?? 1));
