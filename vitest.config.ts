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
  },
});
