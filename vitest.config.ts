import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@npo/shared': source('./shared/src/index.ts'),
      '@npo/api': source('./api/src/index.ts'),
    },
  },
  test: {
    include: [
      'shared/src/**/*.test.ts',
      'api/src/**/*.test.ts',
      'site/server/**/*.test.ts',
      'desktop/src/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // At least two files at a time. Vitest's default is one fewer than the cores, which on a 2-core CI
    // machine is one: the suites mostly wait on their servers, PostgreSQL and SMTP, and one file at a
    // time kept about one core busy. On this 2-core machine, both engines on Node 24 took 17 minutes
    // one at a time and 8.5 two at a time (SQLite alone on Node 22: 8.3 and 4.8).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
