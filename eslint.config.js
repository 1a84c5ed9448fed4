// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Plain JavaScript files here are Node scripts (TypeScript needs no list: typescript-eslint turns
 * no-undef off there, since the compiler checks names). The `globals` package would give this list,
 * but it is not a dependency of the project.
 */
const nodeGlobals = Object.fromEntries(
  [
    'AbortController',
    'AbortSignal',
    'Buffer',
    'clearImmediate',
    'clearInterval',
    'clearTimeout',
    'console',
    'fetch',
    'process',
    'queueMicrotask',
    'setImmediate',
    'setInterval',
    'setTimeout',
    'structuredClone',
    'TextDecoder',
    'TextEncoder',
    'URL',
    'URLSearchParams',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  globalIgnores([
    '**/dist/',
    'desktop/out/',
    'desktop/release/',
    '**/node_modules/',
    // DATA_DIR's default (the database, backups, outbox); not the console's data/ layer.
    'data/',
    '**/coverage/',
    '**/*.tsbuildinfo',
    '**/test-results/',
    '**/playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    // The type-aware rules read each file's own program: the tsconfig that type-checks it (`npm run
    // typecheck` runs the same ones). A file a program only reaches by import still belongs to it.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        tsconfigRootDir: import.meta.dirname,
        project: [
          'shared/tsconfig.test.json',
          'api/tsconfig.test.json',
          'api/type-tests/tsconfig.json',
          'site/tsconfig.test.json',
          'site/tsconfig.web.json',
          'desktop/tsconfig.json',
          'desktop/tsconfig.node.json',
          'desktop/tsconfig.electron.json',
          'desktop/tsconfig.sync-test.json',
          'tsconfig.tools.json',
        ],
      },
    },
    rules: {
      // A JSX handler may return a promise (react-hook-form's handleSubmit does): React ignores it.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Plain JavaScript (Node scripts, configurations) has no program to read.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The React code of the public site and of the console: the rules of hooks, and the React
    // Compiler's checks the plugin recommends (purity, refs, state set in effects, ...).
    files: ['site/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // Tests get the type-aware rules too, less two families. The no-unsafe-* rules: Supertest's
    // `res.body` and fetch's `json()` are `any` by the libraries' design, and the tests check those
    // answers at run time (about 1,070 findings, all reads of answers). require-await: test doubles
    // implement async interfaces with answers they already hold.
    files: [
      '**/*.test.{ts,tsx}',
      '**/test-support/**',
      '**/test-support.ts',
      '**/e2e/**',
      'vitest.config.ts',
      'playwright.config.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
);
