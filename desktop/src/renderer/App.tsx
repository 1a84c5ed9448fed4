import { Suspense } from 'react';
import { BrowserRouter, HashRouter } from 'react-router-dom';
import { platform } from './platform';
import { AppRoutes } from './routes';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Loading } from './ui/states';

/**
 * The frame every screen shares. The signed-in console's providers (Blueprint's overlays and
 * hotkeys, the query cache, confirmations, conflicts) are in console/ConsoleApp.tsx, loaded after
 * login: the signed-out screens use no overlay.
 */
export function App() {
  const routes = (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
  return platform.routing === 'hash' ? (
    <HashRouter>{routes}</HashRouter>
  ) : (
    <BrowserRouter basename="/admin">{routes}</BrowserRouter>
  );
}
