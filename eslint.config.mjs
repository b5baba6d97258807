// ESLint for the whole repository: `npm run lint` (with `prettier --check`), fixes with `npx eslint --fix .`.
// Layout and formatting are Prettier's (.prettierrc.json); eslint-config-prettier, last, turns off
// the rules that would argue with it. See docs/code-style.md.
import js from '@eslint/js';
import { createProjectGraphAsync } from '@nx/devkit';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './tools/eslint/feature-boundaries.mjs';

// @nx/enforce-module-boundaries reads Nx's cached project graph and skips itself when there is none
// (a fresh clone): build or refresh it first, so the tags in each project.json are the ones checked.
await createProjectGraphAsync({ exitOnError: true });

const [, RECOMMENDED_INTERACTIONS] = jsxA11y.flatConfigs.recommended.rules['jsx-a11y/no-noninteractive-element-interactions'];
const TEST_ONLY = 'The API double is for tests (*.test.ts(x) and test helpers) only.';
const FRONTEND_CODE = ['shell/src/**/*.{ts,tsx}', 'storefront-mfe/src/**/*.{ts,tsx}', 'admin-mfe/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'];

export default defineConfig(
  globalIgnores(['**/dist/', '.nx/', '**/coverage/', '.data/', '.e2e-data/', 'bench/out/', 'docs/samples/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The `_` prefix marks a deliberately unused binding, as TypeScript's noUnusedLocals/Parameters accept.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Build and test configuration for webpack and Jest, which load it with require().
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // A classic script the browser runs as it is (see its header).
    files: ['shell/src/start-app.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },

  {
    // Wrong for the NestJS API: a value read only by a parameter decorator counts as unread (eslint/eslint#20947).
    files: ['api/**/*.ts'],
    rules: { 'no-useless-assignment': 'off' },
  },
  {
    // Tests read JSON answers and DOM stand-ins loosely; their assertions are the type check.
    files: ['**/*.test.{ts,tsx}', 'api/test/**/*.ts', 'tools/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    files: FRONTEND_CODE,
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useFetch (admin-mfe) takes a dependency list like useEffect: its callers are checked too.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useFetch$' }],
      // Key handlers may sit on a container (Escape closes a menu or form): keys bubble up from the
      // focused control inside. Pointer handlers on non-interactive elements stay forbidden.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { ...RECOMMENDED_INTERACTIONS, handlers: ['onClick', 'onError', 'onLoad', 'onMouseDown', 'onMouseUp'] },
      ],
    },
  },

  {
    // The API double answers fetch for tests only; webpack does not resolve it, so app code importing it would break the build.
    files: FRONTEND_CODE,
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-utils/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@thalir/api-client/testing', message: TEST_ONLY }],
          patterns: [{ group: ['**/testing/mock-api'], message: TEST_ONLY }],
        },
      ],
    },
  },

  {
    // Apps and libraries: the tags in each project.json say who may import whom. Project code is
    // TypeScript; the .js/.cjs files in project folders are build configuration that uses tools/.
    files: ['**/*.{ts,tsx}'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // Apps are joined at run time (Module Federation, HTTP), never by imports.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            // The API's build compiles only the libraries that run anywhere (contracts, pages).
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:any'] },
            { sourceTag: 'platform:any', onlyDependOnLibsWithTags: ['platform:any'] },
            { sourceTag: 'platform:browser', onlyDependOnLibsWithTags: ['platform:browser', 'platform:any'] },
          ],
        },
      ],
    },
  },
  {
    // Features inside an app: see tools/eslint/feature-boundaries.mjs.
    files: ['{shell,storefront-mfe,admin-mfe}/src/features/**/*.{ts,tsx}'],
    plugins: { thalir: featureBoundaries },
    rules: { 'thalir/no-cross-feature-imports': 'error' },
  },

  prettier,
);
