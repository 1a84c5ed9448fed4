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
    '**/data/',
    '**/coverage/',
    '**/*.tsbuildinfo',
    '**/test-results/',
    '**/playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
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
);
