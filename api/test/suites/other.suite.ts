import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runSuite, SUITES } from './suite-files';

runSuite('other');

describe('the suites of api/test', () => {
  const named = Object.values(SUITES).flat();

  it('name each test file once at most', () => {
    expect(named.filter((file, index) => named.indexOf(file) !== index)).toEqual([]);
  });

  it('name only test files that exist', () => {
    expect(named.filter((file) => !existsSync(join(__dirname, '..', `${file}.test.ts`)))).toEqual([]);
  });
});
