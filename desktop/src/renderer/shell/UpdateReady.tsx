/**
 * Inside the desktop app: once the shell has downloaded an update, a toast offers "Restart to update"
 * (the shell never installs unasked). Renders nothing itself; on the web there are no updates.
 */
import { useEffect } from 'react';
import { platform, type AppUpdates } from '../platform';
import { notifyFailure, notifyWithAction } from '../ui/toaster';

export const RESTART_TO_UPDATE = 'Restart to update';

/** Offers the restart each time an update is ready; returns the function that stops listening. */
export function offerRestartOnUpdate(
  updates: AppUpdates,
  offer: (message: string, action: { text: string; onClick: () => void }) => void,
  fail: (lines: string[]) => void,
): () => void {
  return updates.onReady((version) =>
    offer(`Version ${version} of the console is ready.`, {
      text: RESTART_TO_UPDATE,
      onClick: () => {
        updates.install().catch((error: unknown) => {
          fail([error instanceof Error ? error.message : 'The update could not be installed.']);
        });
      },
    }),
  );
}

export function UpdateReady() {
  useEffect(() => {
    if (!platform.updates) return;
    return offerRestartOnUpdate(platform.updates, notifyWithAction, notifyFailure);
  }, []);
  return null;
}
