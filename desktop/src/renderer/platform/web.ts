/** The console served at /admin by the production server: same-origin API, localStorage. */
import type { DurableStore, KeyValueStorage, OutboxSender, Platform, StoreName } from './types';

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
const keyOf = (name: StoreName) => DURABLE_PREFIX + name;

export const STORAGE_FULL_MESSAGE = "the browser's storage for this site is full";
export const STORAGE_UNAVAILABLE_MESSAGE = 'this browser does not let the console keep data';

function isQuotaExceeded(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

function setOrThrow(key: string, value: string): void {
  if (value === '') window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
}

/**
 * A durable write says when it did not land (issue 54 item 7): a full storage must not be reported
 * as "Saved on this computer". The outbox matters more than the cache: when storage is full, the
 * cached lists (which the server has) make room for it, once.
 */
function writeDurable(name: StoreName, value: string): Promise<void> {
  try {
    try {
      setOrThrow(keyOf(name), value);
    } catch (error) {
      if (!isQuotaExceeded(error) || name !== 'outbox') throw error;
      window.localStorage.removeItem(keyOf('query-cache'));
      setOrThrow(keyOf(name), value);
    }
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(new Error(isQuotaExceeded(error) ? STORAGE_FULL_MESSAGE : STORAGE_UNAVAILABLE_MESSAGE));
  }
}

/** Web Locks, where the browser has them (every current one, in a secure context or on localhost). */
const locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined;

const durable: DurableStore = {
  read: (name) => Promise.resolve(storage.get(keyOf(name))),
  write: writeDurable,
  // Several tabs of the console write one outbox: each write reads the list again under the lock.
  ...(locks && {
    exclusive: <T>(name: StoreName, task: () => Promise<T>) =>
      locks.request(`${DURABLE_PREFIX}${name}`, task) as Promise<T>,
  }),
  watch(name, listener) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === keyOf(name) || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

/**
 * One tab sends the outbox: the one holding the sender lock, for as long as it is open. When it is
 * closed, the browser gives the lock to the next tab waiting for it, which goes on sending.
 */
function outboxSender(): OutboxSender | undefined {
  if (!locks) return undefined;
  let sending = false;
  const listeners = new Set<() => void>();
  void locks.request(`${DURABLE_PREFIX}outbox-sender`, () => {
    sending = true;
    listeners.forEach((listener) => listener());
    // Held until the tab goes.
    return new Promise<never>(() => undefined);
  });
  return {
    isSending: () => sending,
    onSending(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

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
  sender: outboxSender(),
  publicSiteUrl,
  openPublicSite(path, options) {
    if (options?.sameWindow) window.location.assign(publicSiteUrl(path));
    else window.open(publicSiteUrl(path), '_blank', 'noopener,noreferrer');
  },
};
