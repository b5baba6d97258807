// `npm run compat`: the compatibility gate (CI). Builds the previous version of each frontend from
// git history (the app as it was before the last commit that changed it, or the libraries and build
// configuration it shares) next to the current builds, then runs the foundation journeys on each mix:
//   shell now   + storefront before + admin before   (a shell released ahead of the remotes)
//   shell before + storefront now   + admin now      (remotes released ahead of the shell)
// and, after those journeys, the mixed-builds proof (mixed-builds.mjs): two API processes behind nginx
// round-robin, one serving the current builds and one the previous ones, 200 page loads in Chromium,
// no script or stylesheet may fail to load. (After, not beside: in CI the gate already runs beside the
// browser journeys, and a third shop starting on two busy cores took minutes.)
// Previous versions are built with today's node_modules (a git worktree with node_modules linked).
// `npm run compat -- --before <commit>` takes every app's previous version from that commit instead;
// `--no-build` uses dist/ as it is (CI builds once, before the journeys and the gate start side by side).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bin, JEST_ESM_ENV, run, workspaceRoot } from './lib.mjs';
import { runMixedBuilds } from './mixed-builds.mjs';

const APPS = ['shell', 'storefront-mfe', 'admin-mfe'];
/** What every frontend is built from besides its own folder. */
const SHARED_INPUTS = ['libs', 'tools/webpack', 'package.json'];
/** The foundation journeys, less the one that rebuilds the storefront from today's sources. */
const JOURNEYS = ['foundation', '--testNamePattern', '^(?!.*redeployed alone)'];

const git = (...args) => execFileSync('git', args, { cwd: workspaceRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit holding the app's previous version, or null when history has none (a first commit, a shallow clone). */
function previousVersion(app) {
  const lastChange = git('log', '-1', '--format=%H', '--', app, ...SHARED_INPUTS);
  if (!lastChange) return null;
  try {
    return git('rev-parse', '--verify', '--quiet', `${lastChange}^`);
  } catch {
    return null;
  }
}

const { values: options } = parseArgs({ options: { before: { type: 'string' }, 'no-build': { type: 'boolean' } } });

const started = Date.now();
if (!options['no-build']) {
  const build = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=2', '--output-style=static']);
  if (build.code !== 0) process.exit(build.code);
}

const scratch = mkdtempSync(join(tmpdir(), 'thalir-compat-'));
const worktrees = [];
let failed = false;
let mixedSummary;
try {
  const before = options.before ? git('rev-parse', '--verify', `${options.before}^{commit}`) : null;
  const previous = Object.fromEntries(APPS.map((app) => [app, before ?? previousVersion(app)]));
  const missing = APPS.filter((app) => !previous[app]);
  if (missing.length > 0) {
    console.log(`compat: no previous version of ${missing.join(', ')} in this clone's history; nothing to check`);
    process.exit(0);
  }
  for (const commit of new Set(Object.values(previous))) {
    const tree = join(scratch, `src-${commit.slice(0, 10)}`);
    git('worktree', 'add', '--detach', tree, commit);
    worktrees.push(tree);
    symlinkSync(join(workspaceRoot, 'node_modules'), join(tree, 'node_modules'));
  }
  // The three builds one after the other: in CI they start beside the journeys, and three at once, with
  // the releases journey's own build, once kept the early taps' first slowed page from painting for a minute.
  for (const app of APPS) {
    const commit = previous[app];
    const out = join(scratch, 'before', app);
    const built = await run(bin('webpack'), ['--config', `${app}/webpack.config.js`, '--mode', 'production', '--output-path', out], {
      cwd: join(scratch, `src-${commit.slice(0, 10)}`),
      quiet: true,
    });
    console.log(`\n▶ ${app} before: ${git('log', '-1', '--format=%h %s', commit).slice(0, 100)}\n${built.output}`);
    if (built.code !== 0) throw new Error(`The previous ${app} (${commit}) did not build`);
  }

  // The two mixes' journeys and the mixed builds run side by side, so that once the journeys beside the
  // gate have ended its last steps do not run one at a time; their outputs are printed when all have ended.
  const mixes = [
    { name: 'shell now, remotes before', shell: join(workspaceRoot, 'dist'), remotes: join(scratch, 'before') },
    { name: 'shell before, remotes now', shell: join(scratch, 'before'), remotes: join(workspaceRoot, 'dist') },
  ];
  const mixing = Promise.all(
    mixes.map((mix) => {
      const webRoot = join(scratch, mix.name.replace(/\W+/g, '-'));
      mkdirSync(webRoot);
      cpSync(join(mix.shell, 'shell'), join(webRoot, 'shell'), { recursive: true });
      for (const remote of ['storefront-mfe', 'admin-mfe']) cpSync(join(mix.remotes, remote), join(webRoot, remote), { recursive: true });
      // Without the accessibility checks: a previous version was checked when it was current, and a
      // fix would otherwise fail the gate for as long as the version before it is the one mixed in.
      return run(bin('jest'), ['-c', 'tools/e2e/jest.config.cjs', '--runInBand', ...JOURNEYS], {
        env: { ...JEST_ESM_ENV, E2E_WEB_ROOT: webRoot, E2E_ACCESSIBILITY: 'off' },
        quiet: true,
      });
    }),
  );
  const [outcomes, mixed] = await Promise.all([mixing, runMixedBuilds({ before: join(scratch, 'before'), now: join(workspaceRoot, 'dist') })]);
  mixes.forEach((mix, i) => {
    console.log(`\n▶ foundation journeys: ${mix.name}\n${outcomes[i].output}`);
    if (outcomes[i].code !== 0) failed = true;
  });
  console.log(`\n▶ mixed builds: the current and the previous builds behind nginx round-robin\n${mixed.output}`);
  mixedSummary = mixed.summary;
  if (mixed.code !== 0) failed = true;
} finally {
  for (const tree of worktrees) {
    try {
      git('worktree', 'remove', '--force', tree);
    } catch {
      /* removed with the scratch folder; `git worktree prune` forgets it */
    }
  }
  rmSync(scratch, { recursive: true, force: true });
  git('worktree', 'prune');
}
if (mixedSummary) console.log(`\n${mixedSummary}`);
console.log(`${mixedSummary ? '' : '\n'}compat: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
