/**
 * The Electron build: main process → out/main, sandboxed preload → out/preload/index.cjs, and the
 * same renderer as the web build → out/renderer, with the `@platform` alias on the Electron variant.
 * `electron-vite build` needs no Electron binary; `electron-vite dev` runs it against a dev server.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { lightIconNames } from './light-icon-names.ts';
import { purgeBlueprintCss } from './blueprint-css.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The name the main process reads the dev nonce from (see src/main/runtime.ts). */
const DEV_NONCE_ENV = 'NPO_DEV_CSP_NONCE';

const sharedSource = { '@npo/shared': here('../shared/src/index.ts') };

export default defineConfig(({ command }) => {
  // In development Vite injects inline scripts (React Refresh) and styles; they carry this nonce so
  // the CSP can stay without 'unsafe-inline'. The spawned Electron inherits it through the environment.
  const devNonce = command === 'serve' ? randomBytes(18).toString('base64url') : undefined;
  if (devNonce) process.env[DEV_NONCE_ENV] = devNonce;

  return {
    main: {
      resolve: { alias: sharedSource },
      build: {
        outDir: here('./out/main'),
        // One self-contained file (only electron and Node built-ins stay external): the packaged app
        // then ships without node_modules.
        externalizeDeps: false,
        rolldownOptions: { input: { index: here('./src/main/index.ts') }, output: { codeSplitting: false } },
      },
    },
    preload: {
      resolve: { alias: sharedSource },
      build: {
        outDir: here('./out/preload'),
        // A sandboxed preload can require only 'electron': everything else is bundled, as CommonJS
        // (the package is "type": "module", hence the explicit .cjs name).
        externalizeDeps: false,
        rolldownOptions: {
          input: { index: here('./src/preload/index.ts') },
          output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
        },
      },
    },
    renderer: {
      root: here('./src/renderer'),
      base: './',
      plugins: [react(), lightIconNames(), purgeBlueprintCss()],
      resolve: {
        alias: { ...sharedSource, '@platform': here('./src/renderer/platform/electron.ts') },
      },
      html: devNonce ? { cspNonce: devNonce } : undefined,
      server: { host: 'localhost', port: 5173, strictPort: true },
      build: {
        outDir: here('./out/renderer'),
        emptyOutDir: true,
        rolldownOptions: {
          input: here('./src/renderer/index.html'),
          // As in vite.web.config.ts: the login screen must not pull in every shared zod schema.
          treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
        },
        // Blueprint and recharts are large; pages are split per route already.
        chunkSizeWarningLimit: 900,
      },
    },
  };
});
