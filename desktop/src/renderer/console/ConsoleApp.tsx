/**
 * The signed-in console, loaded only once someone is signed in: TanStack Query and its persisted
 * cache, the offline outbox, the shell and every module screen. The signed-out screens (login,
 * password reset, server address) stay outside it, so the login screen loads none of this.
 */
import '../styles/console.css';
import '../ui/form/zod-setup';
import { BlueprintProvider } from '@blueprintjs/core';
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { queryClient } from '../api/console-query-client';
import { persistOptions } from '../api/persister';
import { ConflictDialog } from '../offline/ConflictDialog';
import { isOnline, subscribeConnectivity } from '../offline/connectivity';
import { loadOutbox } from '../offline/outbox';
import { startSync } from '../offline/sync';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { UnsavedChangesGuard } from '../ui/form/useUnsavedChanges';
import { ConsoleRoutes } from './ConsoleRoutes';

// Queries follow whether the server answers (offline/connectivity.ts), not the browser's own events.
onlineManager.setEventListener(() => () => {});
onlineManager.setOnline(isOnline());
subscribeConnectivity(() => onlineManager.setOnline(isOnline()));

/** Called before the console first renders: the outbox's changes are shown on top of the lists. */
export const prepareConsole = loadOutbox;

/**
 * The cache from the last run is on screen at once; it is then refetched (a reload shows current
 * content; offline, the refetch waits and the cached content stays). The outbox is sent only now,
 * so that its changes are shown on top of the restored lists.
 */
function onRestored(client: QueryClient): void {
  startSync(client);
  void client.invalidateQueries();
}

export default function ConsoleApp() {
  return (
    <BlueprintProvider>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        onSuccess={() => onRestored(queryClient)}
        onError={() => onRestored(queryClient)}
      >
        <ConfirmProvider>
          <ConsoleRoutes />
          <ConflictDialog />
          <UnsavedChangesGuard />
        </ConfirmProvider>
      </PersistQueryClientProvider>
    </BlueprintProvider>
  );
}
