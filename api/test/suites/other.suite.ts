import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NAMED_FILES, runSuite } from './suite-files';

runSuite('other');

describe('the suites of api/test', () => {
  it('name each test file once at most', () => {
    expect(NAMED_FILES.filter((file, index) => NAMED_FILES.indexOf(file) !== index)).toEqual([]);
  });

  it('name only test files that exist', () => {
    expect(NAMED_FILES.filter((file) => !existsSync(join(__dirname, '..', `${file}.test.ts`)))).toEqual([]);
  });
});
