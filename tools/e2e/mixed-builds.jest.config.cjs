/**
 * The compatibility gate's mixed-builds proof (mixed-builds.compat.ts), which tools/scripts/mixed-builds.mjs
 * runs against a cluster it starts: not one of `npm run e2e`'s journeys, and without their shop set-up.
 */
const journeys = require('./jest.config.cjs');

module.exports = {
  displayName: 'mixed-builds',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/mixed-builds.compat.ts'],
  transform: journeys.transform,
  moduleFileExtensions: journeys.moduleFileExtensions,
  moduleNameMapper: journeys.moduleNameMapper,
  testTimeout: 300000,
};
