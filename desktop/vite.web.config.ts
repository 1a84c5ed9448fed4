/**
 * The console as a web app, served by the production server at /admin.
 * The Electron build (a later issue) reuses src/renderer and only swaps the `@platform` alias.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { lightIconNames } from './light-icon-names.ts';
import { purgeBlueprintCss } from './blueprint-css.ts';

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
 * The console starts in two steps (main.tsx, then `import('./boot')` once the platform is ready), so
 * without a hint the browser learns of boot's files only after main's has arrived and run: one more
 * round trip before the first paint. Preloading boot and the chunks it imports lets them all download
 * with main's.
 */
function preloadBoot(): Plugin {
  return {
    name: 'npo-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunkOf = (file: string) => bundle[file] as Rollup.OutputChunk | undefined;
        const boot = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/renderer/boot.tsx'),
        ) as Rollup.OutputChunk | undefined;
        if (!boot) throw new Error('npo-preload-boot: no boot chunk in the bundle');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || !chunkOf(file)) return;
          files.add(file);
          chunkOf(file)!.imports.forEach(visit);
        };
        visit(boot.fileName);
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/admin/${file}` },
            injectTo: 'head' as const,
          }));
      },
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
  plugins: [react(), lightIconNames(), purgeBlueprintCss(), preloadBoot(), precompress(here('./dist/web'))],
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
