/** Forgets what the console kept for offline use: when it is pointed at another server. */
import { platform } from '../platform';
import { loadOutbox } from './outbox';

export async function clearOfflineData(): Promise<void> {
  await Promise.all([platform.durable.write('query-cache', ''), platform.durable.write('outbox', '')]);
  await loadOutbox();
}
