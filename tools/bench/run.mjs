// `npm run bench [-- <section>… ] [--quick] [--no-build] [--duration=<s>] [--warmup=<s>] [--db=postgres|embedded] [--profile] [--cpu-slowdown=<n>]`
//
// Every figure is measured next to its reference in the same run (ratios, not absolute numbers,
// are what carries over between machines). Prints a table and writes bench/results.json; a section
// run alone replaces only its own entry there.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from './lib/api-server.mjs';
import { markdownTable, printTable, SkipError, skippedRow, writeResults } from './lib/report.mjs';
import { buildAll } from './lib/build.mjs';
import { removeDistSnapshot, snapshotDist } from './lib/dist-snapshot.mjs';
import catalog from './sections/catalog.mjs';
import checkout from './sections/checkout.mjs';
import invoice from './sections/invoice.mjs';
import signedIn from './sections/signed-in.mjs';
import scale from './sections/scale.mjs';
import frontend from './sections/frontend.mjs';
import start from './sections/start.mjs';
import dev from './sections/dev.mjs';
import subscriptions from './sections/subscriptions.mjs';

const SECTIONS = [catalog, checkout, invoice, signedIn, scale, frontend, start, dev, subscriptions];
const RESULTS_FILE = join(workspaceRoot, 'bench/results.json');

function parseArgs(argv) {
  const flags = new Map();
  const names = [];
  for (const arg of argv) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(arg);
    if (match) flags.set(match[1], match[2] ?? 'true');
    else names.push(arg);
  }
  const known = ['quick', 'no-build', 'duration', 'warmup', 'db', 'profile', 'cpu-slowdown', 'help'];
  const unknown = [...names.filter((name) => !SECTIONS.some((section) => section.name === name)), ...[...flags.keys()].filter((flag) => !known.includes(flag))];
  if (unknown.length > 0 || flags.has('help')) {
    console.log(
      `usage: npm run bench -- [${SECTIONS.map((s) => s.name).join('|')} …] [--quick] [--no-build] [--duration=<s>] [--warmup=<s>] [--db=postgres|embedded] [--profile] [--cpu-slowdown=<n>]`,
    );
    process.exit(unknown.length > 0 ? 2 : 0);
  }
  const quick = flags.has('quick');
  const db = flags.get('db') ?? 'postgres';
  if (!['postgres', 'embedded'].includes(db)) throw new Error('--db must be postgres or embedded');
  const cpuSlowdown = flags.has('cpu-slowdown') ? Number(flags.get('cpu-slowdown')) : null;
  if (cpuSlowdown !== null && !(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown must be a number ≥ 1 (Lighthouse’s mobile default is 4)');
  return {
    sections: names.length > 0 ? SECTIONS.filter((s) => names.includes(s.name)) : SECTIONS,
    options: {
      quick,
      build: !flags.has('no-build'),
      profile: flags.has('profile'),
      // Lighthouse's CPU slowdown in place of its mobile default (4×): how the pages would fare on a
      // slower phone, or on a machine this much slower than this one.
      cpuSlowdown,
      durationSeconds: Number(flags.get('duration') ?? (quick ? 3 : 8)),
      warmupSeconds: Number(flags.get('warmup') ?? (quick ? 1 : 2)),
      // Catalogue and invoice reads run on PostgreSQL as in production (falling back to the embedded
      // database when PostgreSQL is unreachable); --db=embedded measures what `npm start` runs by default.
      database: db === 'postgres' ? 'prefer-postgres' : 'embedded',
    },
  };
}

function previousResults() {
  if (!existsSync(RESULTS_FILE)) return null;
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
  } catch {
    return null;
  }
}

const { sections, options } = parseArgs(process.argv.slice(2));
const startedAt = new Date();
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverageAtStart: loadavg().map((v) => +v.toFixed(2)),
};
console.log(`Benchmarks: ${sections.map((s) => s.name).join(', ')} on ${machine.cpus} CPUs (load average ${machine.loadAverageAtStart.join(' ')})`);
machine.busy = machine.loadAverageAtStart[0] > machine.cpus * 0.75;
if (machine.busy) console.log('The machine is busy: absolute figures are noisy; each ratio compares figures taken side by side in this run.');

const build = options.build ? await buildAll() : { skipped: true };
if (build.ok === false) console.error(`The build failed; running against whatever is in dist/.\n${build.outputTail}`);

snapshotDist();
const sectionResults = {};
for (const section of sections) {
  const sectionStarted = Date.now();
  const log = (message) => console.log(`[${section.name}] ${message}`);
  console.log(`\n▶ ${section.name}: ${section.title}`);
  let rows;
  let status = 'ran';
  let reason;
  try {
    rows = await section.run({ options, log });
  } catch (error) {
    status = error instanceof SkipError ? 'skipped' : 'error';
    reason = error instanceof SkipError ? error.message : `error: ${error.message.split('\n')[0]}`;
    if (!(error instanceof SkipError)) console.error(error);
    rows = [skippedRow(section.name, 'all', reason)];
  }
  const seconds = +((Date.now() - sectionStarted) / 1000).toFixed(1);
  log(`${status} in ${seconds} s`);
  sectionResults[section.name] = {
    status,
    ...(reason ? { reason } : {}),
    seconds,
    measuredAt: new Date().toISOString(),
    loadAverageAfter: loadavg().map((v) => +v.toFixed(2)),
    rows,
  };
}

removeDistSnapshot();
const rows = Object.values(sectionResults).flatMap((s) => s.rows);
printTable(rows);
machine.loadAverageAtEnd = loadavg().map((v) => +v.toFixed(2));
const totalSeconds = (Date.now() - startedAt.getTime()) / 1000;
console.log(
  `\n${rows.filter((r) => r.status === 'pass').length} pass, ${rows.filter((r) => r.status === 'fail').length} fail, ${rows.filter((r) => r.status === 'skipped').length} skipped in ${totalSeconds.toFixed(0)} s (load average at end ${machine.loadAverageAtEnd.join(' ')})`,
);

if (options.profile || options.cpuSlowdown !== null) {
  console.log(
    `${options.profile ? 'Profiled run (the profiler slows the API down)' : `Lighthouse at ${options.cpuSlowdown}× CPU slowdown, not its default`}: bench/results.json left as it was.`,
  );
  process.exit(0);
}
const previous = previousResults();
const merged = { ...(previous?.sections ?? {}), ...sectionResults };
const ordered = Object.fromEntries(SECTIONS.filter((s) => merged[s.name]).map((s) => [s.name, merged[s.name]]));
writeResults(RESULTS_FILE, {
  lastRun: { startedAt: startedAt.toISOString(), seconds: +totalSeconds.toFixed(1), sections: sections.map((s) => s.name), options, machine, build },
  sections: ordered,
  markdown: markdownTable(Object.values(ordered).flatMap((s) => s.rows)),
});
console.log(`Results written to ${RESULTS_FILE}`);
