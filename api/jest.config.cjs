const { transformIgnorePatterns } = require('../tools/jest/esm-packages.cjs');

const swcConfig = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
  transform: {
    // Mail templates are TSX (react-email); everything else is plain TypeScript.
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        ...swcConfig,
        jsc: { ...swcConfig.jsc, parser: { ...swcConfig.jsc.parser, tsx: true }, transform: { ...swcConfig.jsc.transform, react: { runtime: 'automatic' } } },
      },
    ],
    '^.+\\.(t|j)s$': ['@swc/jest', swcConfig],
  },
  transformIgnorePatterns: transformIgnorePatterns(),
  moduleNameMapper: {
    '^@thalir/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^@thalir/contracts/countries$': '<rootDir>/../libs/contracts/src/countries.ts',
    '^@thalir/pages$': '<rootDir>/../libs/pages/src/index.ts',
  },
  setupFiles: ['<rootDir>/test/pg-boss-delay.setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/money-check.setup.ts'],
  testTimeout: 60000,
  // Three on 2 cores: the suites wait on PostgreSQL, child processes and sockets a good deal; a third
  // worker fills those waits for the same CPU (docs/performance.md#ci).
  maxWorkers: 3,
  testSequencer: '<rootDir>/../tools/jest/longest-first.cjs',
};
