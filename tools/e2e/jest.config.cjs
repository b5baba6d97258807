/** Browser journeys on the production build: puppeteer-core driving Debian's Chromium. */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/support/jest.setup.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  testTimeout: 180000,
  maxWorkers: 1,
};
