import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

/**
 * The site's own code that the home page shares with other pages: layout, home sections, forms and
 * the shared helpers. Left out: the auth screens' parts and what only they or the policy pages use
 * (the zod schemas, the policy texts), so the home page's first load does not carry them.
 */
function isHomeSharedCode(id: string): boolean {
  const ownCode = /[\\/]site[\\/](lib|components[\\/](layout|home|forms|content)|components[\\/]icons)/.test(id);
  const shared = /[\\/]shared[\\/]dist[\\/]/.test(id) && !/[\\/](schemas|policy-defaults)[\\/.]/.test(id);
  return (ownCode || shared) && !id.includes('node_modules');
}

export default defineConfig({
  plugins: [vike(), react()],
  build: {
    // Vike writes client/ and server/ under this folder; dist/server holds our own compiled server.
    outDir: 'dist/vike',
    rolldownOptions: {
      treeshake: {
        // @npo/shared's modules only declare things: a page that imports one helper must not pull
        // in every zod schema (and zod) beside it. Only the contact form's schema loads, on demand.
        moduleSideEffects: [{ test: /[\\/]shared[\\/]dist[\\/]/, sideEffects: false }],
      },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Fewer, larger files for the first load: one framework chunk every page needs, and one
              // chunk of the site's own shared code. Compressed together they are smaller than apart.
              groups: [
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|vike|vike-react|@brillout|@tanstack)[\\/]/,
                  tags: ['$initial'],
                  priority: 2,
                },
                {
                  name: 'site',
                  test: isHomeSharedCode,
                  tags: ['$initial'],
                  minShareCount: 2,
                  includeDependenciesRecursively: false,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});
