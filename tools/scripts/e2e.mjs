// `npm run e2e`: build the production bundles (Nx cache), then run the browser journeys.
// `npm run e2e -- --no-build [<jest arguments>]` uses dist/ as it is.
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, JEST_ESM_ENV, run } from './lib.mjs';

const noBuild = process.argv.includes('--no-build');
const jestArguments = process.argv.slice(2).filter((argument) => argument !== '--no-build');
if (!noBuild) {
  const build = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=3', '--output-style=static']);
  if (build.code !== 0) {
    console.log('e2e: 0 passed, 1 failed');
    process.exit(1);
  }
}
const outputFile = join(mkdtempSync(join(tmpdir(), 'thalir-e2e-')), 'report.json');
const result = await run(bin('jest'), ['-c', 'tools/e2e/jest.config.cjs', '--json', `--outputFile=${outputFile}`, ...jestArguments], {
  env: JEST_ESM_ENV,
});
let summary = 'e2e: 0 passed, 1 failed';
try {
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  summary = `e2e: ${report.numPassedTests} passed, ${report.numFailedTests + report.numRuntimeErrorTestSuites} failed, ${report.numPendingTests} skipped`;
} catch {
  /* jest did not write a report: counted as a failure */
}
console.log(`\n${summary}`);
process.exit(result.code);
