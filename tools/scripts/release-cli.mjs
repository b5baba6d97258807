// Runs the releases command line (api/src/cli/releases.ts) from the API build, building it first
// (Nx: a no-op when nothing changed), so it always matches the sources.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bin, run, workspaceRoot } from './lib.mjs';

export async function runReleasesCli(args) {
  const build = await run(bin('nx'), ['run', 'api:build', '--output-style=static'], { quiet: true });
  if (build.code !== 0) {
    process.stderr.write(build.output);
    console.error('\nThe API build failed; see above.');
    return build.code;
  }
  const child = spawn(process.execPath, ['--enable-source-maps', join(workspaceRoot, 'dist/api/api/src/cli/releases.js'), ...args], {
    cwd: workspaceRoot,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((done) => child.on('close', (code) => done(code ?? 1)));
}
