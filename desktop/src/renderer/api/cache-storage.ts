/**
 * Where the console's query cache is kept between runs (see persister.ts). The signed-out screens
 * forget it through this module alone, so they need not load TanStack Query to do so.
 */
import { platform } from '../platform';

export const QUERY_CACHE_NAME = 'query-cache';

/** What the last session read is not left on disk for the next person at this computer. */
export function forgetStoredQueryCache(): Promise<void> {
  return platform.durable.write(QUERY_CACHE_NAME, '');
}
