/**
 * Issue 19, no query string bypasses the page cache: a page renders the same for any query parameter
 * its render does not read, so the HTML cache keys a page on its path and the parameters it reads
 * (queryKey), and renders it from that very URL. The canonical link (+Head.tsx) is the path alone.
 * A new page that reads a parameter on the server must be listed here.
 */
import { queryKey } from '@npo/api';
import { DIRECTORY_READS } from '@npo/shared';

interface PageQuery {
  /** Parameters the render reads: each value is its own cached page. */
  keyed?: readonly string[];
  /** Parameters that make the page one of a kind (a secret token): with one, the page is not cached. */
  uncached?: readonly string[];
}

export const PAGE_QUERIES: Readonly<Record<string, PageQuery>> = {
  // The home page opens the activity named by ?activity= (components/home/ActivitiesSection.tsx).
  '/': { keyed: ['activity'] },
  // The reset link's token (pages/(auth)/reset-password).
  '/reset-password': { uncached: ['token'] },
  // An imported member's first link (pages/(auth)/welcome), a set-password token as the reset's.
  '/welcome': { uncached: ['token'] },
  // The sign-in page names the activity a ?next= back to one leads to ("Log in to register for …").
  '/login': { keyed: ['next'] },
  // The unsubscribe link's signed token (pages/(auth)/unsubscribe): the page offers its button or says
  // the link is not valid, by the token's shape.
  '/unsubscribe': { uncached: ['token'] },
  // The directory's filters, search and page (pages/(site)/directory): each view is a page of its own.
  '/directory': { keyed: DIRECTORY_READS },
  // A waitlist offer's link (pages/(auth)/activities/accept): its token takes the place.
  '/activities/accept': { uncached: ['token'] },
};

/**
 * Pages of one code each (pages/(site)/certificates/@code): the same HTML for every code, so caching
 * them would only fill the cache with copies, one per code anyone tried.
 */
const UNCACHED_PREFIXES = ['/certificates/'];

/** The HTML cache's key for a URL (path and the parameters the page reads), or null when not cached. */
export function pageCacheKey(url: string): string | null {
  if (!url.startsWith('/')) return null;
  if (UNCACHED_PREFIXES.some((prefix) => url.startsWith(prefix))) return null;
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  const query = PAGE_QUERIES[path];
  if (query?.uncached) {
    const params = new URLSearchParams(url.slice(mark + 1));
    if (query.uncached.some((name) => params.has(name))) return null;
  }
  return queryKey(url, query?.keyed ?? []);
}
