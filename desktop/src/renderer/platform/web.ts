/** The console served at /admin by the production server: same-origin API, localStorage. */
import type { DurableStore, KeyValueStorage, Platform } from './types';

// Storage can throw (private mode, disabled storage, quota): the console then simply forgets between loads.
const storage: KeyValueStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* not persisted */
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing stored */
    }
  },
};

const DURABLE_PREFIX = 'npo-console:';

const durable: DurableStore = {
  read: (name) => Promise.resolve(storage.get(DURABLE_PREFIX + name)),
  write: (name, value) => Promise.resolve(storage.set(DURABLE_PREFIX + name, value)),
};

function publicSiteUrl(path = '/'): string {
  return new URL(path, window.location.origin).toString();
}

export const platform: Platform = {
  kind: 'web',
  init: async () => {},
  apiBaseUrl: '',
  routing: 'browser',
  storage,
  durable,
  server: null,
  publicSiteUrl,
  openPublicSite(path, options) {
    if (options?.sameWindow) window.location.assign(publicSiteUrl(path));
    else window.open(publicSiteUrl(path), '_blank', 'noopener,noreferrer');
  },
};
