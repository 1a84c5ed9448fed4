import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter, HashRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { platform } from './platform';
import { AppRoutes } from './routes';
import { ConfirmProvider } from './ui/ConfirmProvider';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Loading } from './ui/states';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const routes = (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
  return (
    <BlueprintProvider>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          {platform.routing === 'hash' ? (
            <HashRouter>{routes}</HashRouter>
          ) : (
            <BrowserRouter basename="/admin">{routes}</BrowserRouter>
          )}
        </ConfirmProvider>
      </QueryClientProvider>
    </BlueprintProvider>
  );
}
