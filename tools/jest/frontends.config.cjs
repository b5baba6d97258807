/** The frontend suites in one Jest run, so that one pool of workers takes the tests of all four. */
module.exports = {
  rootDir: '../..',
  // Jest's default on a 2-core machine is one worker.
  maxWorkers: 2,
  testSequencer: '<rootDir>/tools/jest/longest-first.cjs',
  projects: [
    '<rootDir>/libs/jest.config.cjs',
    '<rootDir>/shell/jest.config.cjs',
    '<rootDir>/storefront-mfe/jest.config.cjs',
    '<rootDir>/admin-mfe/jest.config.cjs',
  ],
};
