/**
 * The console's one QueryClient, shared by the signed-in console and the reset-password screen. It
 * lives as long as the page: signing out and back in keeps the same client, emptied in between.
 */
import { getSession, subscribeSession } from '../session/session-store';
import { createQueryClient } from './query-client';

export const queryClient = createQueryClient();

// What one staff member's session read is not left for the next one to see.
subscribeSession(() => {
  if (!getSession()) queryClient.clear();
});
