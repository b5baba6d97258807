// Writes expected-durations.json from Jest `--json` reports (npm test writes them to
// /tmp/thalir-jest-*/): `node tools/jest/record-durations.mjs <report.json>...`.
// Only files of a second or more are kept; the rest run in any order after them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const workspaceRoot = resolve(here, '../..');
const target = join(here, 'expected-durations.json');

/** The file's path from the workspace root, also for a report made in another clone. */
function pathInWorkspace(absolute) {
  const segments = absolute.split('/');
  for (let i = 1; i < segments.length; i++) {
    const path = segments.slice(i).join('/');
    if (existsSync(join(workspaceRoot, path))) return path;
  }
  return null;
}

const durations = JSON.parse(readFileSync(target, 'utf8'));
for (const report of process.argv.slice(2)) {
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    const ms = Math.round(file.endTime - file.startTime);
    const path = pathInWorkspace(file.name);
    if (!path) continue;
    if (ms >= 1000) durations[path] = ms;
    else delete durations[path];
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files in ${relative(workspaceRoot, target)}`);
