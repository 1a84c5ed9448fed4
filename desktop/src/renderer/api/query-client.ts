/**
 * One QueryClient for the console. A 401 from any call means the session is over (expired, password
 * reset elsewhere, account deactivated): the session is forgotten and the route guard shows the login.
 */
import { ApiError, CACHE_LIFETIMES_S } from '@npo/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { clearSession } from '../session/session-store';
import { isUnauthorized } from './errors';

function endSessionOnUnauthorized(error: unknown): void {
  if (isUnauthorized(error)) clearSession();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOnUnauthorized }),
    mutationCache: new MutationCache({ onError: endSessionOnUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: CACHE_LIFETIMES_S.default * 1000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // A refusal or a missing row will not change on a second try.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
