import { BlueprintProvider } from '@blueprintjs/core';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, HashRouter } from 'react-router-dom';
import { persistOptions } from './api/persister';
import { createQueryClient } from './api/query-client';
import { ConflictDialog } from './offline/ConflictDialog';
import { startSync } from './offline/sync';
import { platform } from './platform';
import { AppRoutes } from './routes';
import { getSession, subscribeSession } from './session/session-store';
import { ConfirmProvider } from './ui/ConfirmProvider';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Loading } from './ui/states';

/**
 * The cache from the last run is on screen at once; it is then refetched (a reload shows current
 * content; offline, the refetch waits and the cached content stays). The outbox is sent only now,
 * so that its changes are shown on top of the restored lists.
 */
function onRestored(queryClient: QueryClient): void {
  startSync(queryClient);
  void queryClient.invalidateQueries();
}

export function App() {
  const [queryClient] = useState(createQueryClient);

  // What one staff member's session read is not left for the next one to see.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getSession()) queryClient.clear();
      }),
    [queryClient],
  );

  const routes = (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
  return (
    <BlueprintProvider>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        onSuccess={() => onRestored(queryClient)}
        onError={() => onRestored(queryClient)}
      >
        <ConfirmProvider>
          {platform.routing === 'hash' ? (
            <HashRouter>{routes}</HashRouter>
          ) : (
            <BrowserRouter basename="/admin">{routes}</BrowserRouter>
          )}
          <ConflictDialog />
        </ConfirmProvider>
      </PersistQueryClientProvider>
    </BlueprintProvider>
  );
}
