import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

/**
 * What the home page's islands run (components/islands/hydrate-islands.tsx): kept out of the shared
 * chunk below, so the home page loads it without the code of the sections it does not hydrate.
 * A component an island imports must be listed here, or that whole chunk (with the sections'
 * built-in texts) comes back to the home page: e2e/home-weight.spec.ts checks it.
 */
const ISLAND_CODE =
  /[\\/]site[\\/](lib|components[\\/](islands|forms|icons|layout[\\/](Header|Logo|sections|UserMenu)|home[\\/](ContactForm|ActivitiesSection|ActivityCard|ActivityModal|CalendarLink|CardRegistration|RegisterButton|register-actions|Section)))\b/;

/**
 * The island code every page loads at once: the header (its session, navigation, logo and icons),
 * the content store, the form helpers and the contact form (the home page's island, and on every
 * other page with the Connect section). Left to themselves they split into a dozen files of 0.2 to
 * 2 kB, each shared by a different set of pages; together they compress better: every page's first
 * load was about a kilobyte smaller with the first seven, and a further 1.0 to 1.25 kB with the
 * contact form and the shared helpers (the home page's 1.15 kB). What loads on demand (the user
 * menu, the API client, the proof of work) and what only the home page's islands use stay out.
 */
const ISLAND_FOUNDATION =
  /[\\/]site[\\/](lib[\\/](navigation|content|auth|session-storage|api|form|send-proven)|components[\\/](icons|forms[\\/](Field|Form)|layout[\\/](Header|Logo|sections)|home[\\/](Section|ContactForm)))\.tsx?$/;
/**
 * The small @npo/shared helpers that code uses (constants, dates, phone numbers, failure texts), each
 * a file of its own before. Not every page shows a failure text (0.1 kB more on those that do not);
 * the home page and most of the others do.
 */
const SHARED_FOUNDATION = /[\\/]shared[\\/]dist[\\/](constants|format|phone|failure-text)\.js$/;

/**
 * The site's own code that the home page shares with other pages: layout, home sections, forms and
 * the shared helpers. Left out: the auth screens' parts and what only they or the policy pages use
 * (the zod schemas, the policy texts), so the home page's first load does not carry them.
 */
function isHomeSharedCode(id: string): boolean {
  if (ISLAND_CODE.test(id)) return false;
  const ownCode = /[\\/]site[\\/](lib|components[\\/](layout|home|forms|content|page-icons))/.test(id);
  // Of @npo/shared, the sections' built-in texts; its other helpers go with what uses them (SHARED_FOUNDATION).
  const shared = /[\\/]shared[\\/]dist[\\/]content[\\/]/.test(id) && !/[\\/]policy-defaults[\\/.]/.test(id);
  return (ownCode || shared) && !id.includes('node_modules');
}

/** Vike's client runtime and vike-react's, except the page-context hook the home page's islands use. */
const REACT_FOR_ISLANDS =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|vike-react[\\/]dist[\\/](hooks[\\/](usePageContext|useData)|utils[\\/]getGlobalObject)\.js)/;
/** Vite's helper for dynamic imports: the islands load their modal, menu and schema with it. */
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
function isVikeRuntime(id: string): boolean {
  return /[\\/]node_modules[\\/](vike|vike-react|@brillout)[\\/]/.test(id) && !REACT_FOR_ISLANDS.test(id);
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
                  // React alone (with vike-react's small hooks): the home page's islands
                  // (components/islands) need it without Vike's client runtime.
                  name: 'react',
                  test: (id: string) => REACT_FOR_ISLANDS.test(id) || PRELOAD_HELPER.test(id),
                  tags: ['$initial'],
                  includeDependenciesRecursively: false,
                  priority: 3,
                },
                {
                  name: 'framework',
                  test: isVikeRuntime,
                  tags: ['$initial'],
                  priority: 2,
                },
                {
                  name: 'islands',
                  test: (id: string) => ISLAND_FOUNDATION.test(id) || SHARED_FOUNDATION.test(id),
                  includeDependenciesRecursively: false,
                  priority: 1,
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
