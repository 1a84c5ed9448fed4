/**
 * The console as a web app, served by the production server at /admin.
 * The Electron build (a later issue) reuses src/renderer and only swaps the `@platform` alias.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src/renderer'),
  base: '/admin/',
  plugins: [react()],
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
  },
  server: {
    // `npm run dev -w @npo/desktop` against a server started with `npm start` (port 3000).
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
