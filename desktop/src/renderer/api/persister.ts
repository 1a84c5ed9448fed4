/**
 * The query cache kept on disk (the desktop app) or in the browser's storage (/admin), so the last
 * known content can be read when the server cannot be reached, even after a restart. It is kept for
 * a day at most, and personal data (cache-policy.ts holdsPersonalData) only where the desktop shell
 * encrypts it with the OS keychain.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { platform } from '../platform';
import { PERSISTED_CACHE_MAX_AGE_MS, shouldPersistQuery } from './cache-policy';
import { QUERY_CACHE_NAME } from './cache-storage';

/** Unknown until the shell answers: until then personal data is left out, as without a keychain. */
let encryptedAtRest = false;
const encryption = (platform.durable.encrypted?.() ?? Promise.resolve(false)).then(
  (encrypted) => (encryptedAtRest = encrypted),
  () => (encryptedAtRest = false),
);

const persister = createAsyncStoragePersister({
  storage: {
    getItem: () => platform.durable.read(QUERY_CACHE_NAME),
    setItem: async (_key, value) => {
      await encryption;
      return platform.durable.write(QUERY_CACHE_NAME, value);
    },
    removeItem: () => platform.durable.write(QUERY_CACHE_NAME, ''),
  },
  // Written at most once a second: a burst of answers becomes one write.
  throttleTime: 1000,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: PERSISTED_CACHE_MAX_AGE_MS,
  // A console of another shape must not read an old cache: bump when entity shapes change. (3: caches
  // written before personal data was left out of unencrypted stores are not read back.)
  buster: 'console-cache-3',
  dehydrateOptions: { shouldDehydrateQuery: (query) => shouldPersistQuery(query, encryptedAtRest) },
};
