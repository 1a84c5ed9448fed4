import type { PublicContent } from '@npo/api';

declare global {
  namespace Vike {
    interface PageContext {
      /**
       * The current content, read in-process by the server render (server/site-renderer.ts passes it
       * to renderPage). Absent in the browser: after client-side navigation the pages' queries fetch.
       */
      publicContent?: PublicContent;
      /** PUBLIC_URL, the base of canonical and Open Graph URLs (server render only). */
      publicUrl?: string;
    }
    interface Config {
      /** Keeps a page out of search engines (password screens). */
      noindex?: boolean;
    }
  }
}

export {};
