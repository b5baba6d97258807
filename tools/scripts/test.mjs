// `npm test`: lint (`npm run lint`) and typecheck every project, then run every project's jest suite and
// print one summary line. API tests use the embedded database, or PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, JEST_ESM_ENV, run } from './lib.mjs';

const SUITES = [
  { projects: ['libs', 'shell', 'storefront-mfe', 'admin-mfe'], config: 'tools/jest/frontends.config.cjs' },
  // The API's page tests draw pages with the built shell and storefront: built once here (see api/test/built-frontends.ts).
  { projects: ['api'], config: 'api/jest.suites.config.cjs', env: { ...JEST_ESM_ENV, THALIR_FRONTENDS_BUILT: '1' }, frontends: true },
];

console.log(`Node.js ${process.version}`);
const only = process.argv.slice(2);
// Lint and typecheck side by side (lint's output is printed when it ends): neither keeps both cores busy alone.
const linting = run(process.execPath, ['tools/scripts/lint.mjs'], { quiet: true });
const typecheck = await run(bin('nx'), ['run-many', '-t', 'typecheck', '--parallel=2', '--output-style=static']);
const lint = await linting;
process.stdout.write(lint.output);
if (lint.code !== 0) {
  console.error('Lint failed (`npm run lint`; `npm run format` applies Prettier).');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
if (typecheck.code !== 0) {
  console.error('Typecheck failed.');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

const selectedProjects = (suite) => suite.projects.filter((project) => only.length === 0 || only.includes(project));
// The API's page tests need the built shell and storefront: built beside the frontends' tests, which
// leave a share of the cores idle while they wait.
const frontendsBuild = SUITES.some((suite) => suite.frontends && selectedProjects(suite).length > 0)
  ? run(bin('nx'), ['run-many', '-t', 'build', '--projects=shell,storefront-mfe', '--output-style=static'], { quiet: true })
  : null;

const outDir = mkdtempSync(join(tmpdir(), 'thalir-jest-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;
for (const suite of SUITES) {
  const projects = selectedProjects(suite);
  if (projects.length === 0) continue;
  const outputFile = join(outDir, `${projects.join('+')}.json`);
  console.log(`\n▶ ${projects.join(', ')}`);
  if (suite.frontends) {
    const build = await frontendsBuild;
    if (build.code !== 0) {
      process.stdout.write(build.output);
      failedSuites += 1;
      totals.failed += 1;
      continue;
    }
  }
  const selection = projects.length < suite.projects.length ? ['--selectProjects', ...projects] : [];
  const result = await run(bin('jest'), ['-c', suite.config, ...selection, '--passWithNoTests', '--json', `--outputFile=${outputFile}`], {
    env: { NODE_ENV: 'test', ...(suite.env ?? {}) },
  });
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numFailedTestSuites > 0 || result.code !== 0) failedSuites += 1;
    if (report.numRuntimeErrorTestSuites > 0) totals.failed += report.numRuntimeErrorTestSuites;
  } catch {
    failedSuites += 1;
    totals.failed += 1;
  }
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites > 0 || totals.failed > 0 ? 1 : 0);
