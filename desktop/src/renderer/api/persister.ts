/**
 * The query cache kept on disk (the desktop app) or in the browser's storage (/admin), so the last
 * known content can be read when the server cannot be reached, even after a restart.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { platform } from '../platform';
import { QUERY_CACHE_NAME } from './cache-storage';
import { OFFLINE_CACHE_MS } from './query-client';

const persister = createAsyncStoragePersister({
  storage: {
    getItem: () => platform.durable.read(QUERY_CACHE_NAME),
    setItem: (_key, value) => platform.durable.write(QUERY_CACHE_NAME, value),
    removeItem: () => platform.durable.write(QUERY_CACHE_NAME, ''),
  },
  // Written at most once a second: a burst of answers becomes one write.
  throttleTime: 1000,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: OFFLINE_CACHE_MS,
  // A console of another shape must not read an old cache: bump when entity shapes change.
  buster: 'console-cache-2',
};
