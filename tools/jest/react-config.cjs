const path = require('node:path');
const { transformIgnorePatterns } = require('./esm-packages.cjs');
const { linguiMacros } = require('../webpack/create-config.js');

const workspaceRoot = path.resolve(__dirname, '../..');

/** Jest for a React project of the workspace: jsdom, swc with Lingui's macros, the libs from source, CSS ignored. */
function reactJestConfig(projectDir, displayName) {
  return {
    displayName,
    rootDir: projectDir,
    testEnvironment: 'jsdom',
    // Jest's 5 s is too tight for a form typed key by key on a busy 2-core machine: the longest tests
    // take 1.2–1.9 s in a usual CI run, and 3–5 s in a slow one (the shell and storefront build beside them).
    testTimeout: 30_000,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: [path.join(__dirname, 'react-setup.ts'), path.join(__dirname, 'i18n-setup.ts')],
    transform: {
      // .mjs too: Lingui's packages are ES modules only.
      '^.+\\.[cm]?[tj]sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
            experimental: { plugins: [linguiMacros(false)] },
          },
          module: { type: 'commonjs' },
        },
      ],
      '\\.po$': path.join(__dirname, 'po-transform.cjs'),
    },
    transformIgnorePatterns: transformIgnorePatterns(),
    moduleNameMapper: {
      '^@thalir/(contracts|auth|cart|api-client|ui|pages)$': path.join(workspaceRoot, 'libs/$1/src/index.ts'),
      '^@thalir/contracts/countries$': path.join(workspaceRoot, 'libs/contracts/src/countries.ts'),
      '^@thalir/api-client/testing$': path.join(workspaceRoot, 'libs/api-client/src/testing/mock-api.ts'),
      // Components draw in a language, as in the apps (tools/jest/testing-library.tsx).
      '^@testing-library/react$': path.join(__dirname, 'testing-library.tsx'),
      '\\.css$': path.join(__dirname, 'style-stub.cjs'),
      '\\.(svg|png|webp|jpe?g)$': path.join(__dirname, 'file-stub.cjs'),
    },
  };
}

module.exports = { reactJestConfig };
