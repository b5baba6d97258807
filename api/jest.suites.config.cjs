// The whole API suite as `npm test` runs it: the files of api/test/ in suites by domain
// (test/suites/suite-files.ts), the unit tests beside the code one file each.
const config = require('./jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...config,
  testMatch: [...config.testMatch.filter((pattern) => !pattern.startsWith('<rootDir>/test/')), '<rootDir>/test/suites/*.suite.ts'],
};
