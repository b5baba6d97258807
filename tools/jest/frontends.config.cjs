/** The frontend suites in one Jest run, so that one pool of workers takes the tests of all four. */
module.exports = {
  rootDir: '../..',
  // Jest's default on a 2-core machine is one worker. The tests wait a good deal (rendering, the mocked
  // API's answers): three workers ran them in 25 s instead of 32 on 2 cores, for the same CPU.
  maxWorkers: 3,
  testSequencer: '<rootDir>/tools/jest/longest-first.cjs',
  projects: [
    '<rootDir>/libs/jest.config.cjs',
    '<rootDir>/shell/jest.config.cjs',
    '<rootDir>/storefront-mfe/jest.config.cjs',
    '<rootDir>/admin-mfe/jest.config.cjs',
  ],
};
