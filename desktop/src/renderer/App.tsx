import { Suspense, useState } from 'react';
import { createBrowserRouter, createHashRouter, RouterProvider } from 'react-router-dom';
import { platform } from './platform';
import { AppRoutes } from './routes';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Loading } from './ui/states';

/**
 * The frame every screen shares. The signed-in console's providers (Blueprint's overlays and
 * hotkeys, the query cache, confirmations, conflicts) are in console/ConsoleApp.tsx, loaded after
 * login: the signed-out screens use no overlay.
 *
 * A data router holding one catch-all route: the screens are still declared with <Routes> (routes.tsx,
 * console/ConsoleRoutes.tsx), but a data router lets forms block navigation with unsaved changes
 * (ui/form/useUnsavedChanges.ts).
 */
function Frame() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
}

function createRouter() {
  const routes = [{ path: '*', element: <Frame /> }];
  return platform.routing === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes, { basename: '/admin' });
}

export function App() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}
