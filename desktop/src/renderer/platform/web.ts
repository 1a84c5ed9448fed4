/** The console served at /admin by the production server: same-origin API, localStorage. */
import type { KeyValueStorage, Platform } from './types';

// Storage can throw (private mode, disabled storage); the console then simply forgets between loads.
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

function publicSiteUrl(path = '/'): string {
  return new URL(path, window.location.origin).toString();
}

export const platform: Platform = {
  kind: 'web',
  apiBaseUrl: '',
  routing: 'browser',
  storage,
  publicSiteUrl,
  openPublicSite(path, options) {
    if (options?.sameWindow) window.location.assign(publicSiteUrl(path));
    else window.open(publicSiteUrl(path), '_blank', 'noopener,noreferrer');
  },
};
