/**
 * The console as a web app, served by the production server at /admin.
 * The Electron build (a later issue) reuses src/renderer and only swaps the `@platform` alias.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { purgeBlueprintCss } from './purge-blueprint-css.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Writes .br and .gz siblings of the build's files, as the site's build does (the server sends them). */
function precompress(outDir: string): Plugin {
  return {
    name: 'npo-precompress',
    apply: 'build',
    closeBundle() {
      execFileSync(process.execPath, [here('../site/scripts/precompress.mjs'), outDir], { stdio: 'inherit' });
    },
  };
}

/**
 * @npo/shared's modules only declare things: the login screen, which uses the API client and two
 * helpers, must not pull in every zod schema (and zod) beside them.
 */
const sharedWithoutSideEffects = {
  moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
};

export default defineConfig({
  root: here('./src/renderer'),
  base: '/admin/',
  plugins: [react(), purgeBlueprintCss(), precompress(here('./dist/web'))],
  resolve: {
    alias: {
      // The shared sources, so the console never depends on a stale shared/dist.
      '@npo/shared': here('../shared/src/index.ts'),
      '@platform': here('./src/renderer/platform/web.ts'),
    },
  },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    // Blueprint and recharts are large; pages are split per route already.
    chunkSizeWarningLimit: 900,
    rolldownOptions: { treeshake: sharedWithoutSideEffects },
  },
  server: {
    // `npm run dev -w @npo/desktop` against a server started with `npm start` (port 3000).
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
