/** Browser journeys on the production build: puppeteer-core driving Debian's Chromium. */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/support/jest.setup.ts'],
  transform: { '^.+\\.m?ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  // support/early-taps.mts is shared with the bench, which Node runs as it is (an .mts is a module without a package.json saying so).
  moduleFileExtensions: ['ts', 'mts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '^(\\./.*)\\.mjs$': '$1.mts' },
  testTimeout: 180000,
  // Each journey runs its own shop on its own port and data directory: three run side by side, as
  // much of a journey is waiting on the browser, its shop or a slowed network (docs/testing.md).
  maxWorkers: 3,
  // The longest journeys first, as the other suites run: the longest, the taps, spends most of its
  // time waiting on its slowed phone's network, and started last it ran alone for a minute at the end.
  testSequencer: '<rootDir>/../jest/longest-first.cjs',
};
