/**
 * One QueryClient for the console. A 401 from any call means the session is over (expired, password
 * reset elsewhere, account deactivated): the session is forgotten and the route guard shows the login.
 */
import { ApiError, CACHE_LIFETIMES_S, isNetworkError } from '@npo/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { clearSession } from '../session/session-store';
import { isUnauthorized } from './errors';

function endSessionOnUnauthorized(error: unknown): void {
  if (isUnauthorized(error)) clearSession();
}

/** How long the last known content is kept, in memory and on disk, for reading it offline. */
export const OFFLINE_CACHE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOnUnauthorized }),
    mutationCache: new MutationCache({ onError: endSessionOnUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: CACHE_LIFETIMES_S.default * 1000,
        gcTime: OFFLINE_CACHE_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // A refusal or a missing row will not change on a second try. An unreachable server will:
        // the query waits (paused, showing what it had) until the connection returns.
        retry: (failureCount, error) =>
          isNetworkError(error) ||
          (failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)),
      },
    },
  });
}
