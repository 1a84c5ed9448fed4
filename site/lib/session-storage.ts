/**
 * The member session as SPEC 3 keeps it: the token and the user object in localStorage under the keys
 * `token` and `user`. Reads are cached by the stored strings so React sees one stable snapshot until
 * something actually changes (here, or in another tab).
 */
import { STORAGE_KEYS, type User } from '@npo/shared';

export interface StoredSession {
  token: string;
  user: User | null;
}

const listeners = new Set<() => void>();
let cached: { token: string | null; user: string | null; session: StoredSession | null } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the visitor is then simply logged out.
    return null;
  }
}

/** Where the member login keeps its device tokens (see @npo/shared device-tokens.ts). */
export function deviceTokenStorage(): {
  get(key: string): string | null;
  set(key: string, value: string): void;
} | null {
  const store = storage();
  return store && { get: (key) => store.getItem(key), set: (key, value) => store.setItem(key, value) };
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as User) : null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession | null {
  const store = storage();
  const token = store?.getItem(STORAGE_KEYS.token) ?? null;
  const user = store?.getItem(STORAGE_KEYS.user) ?? null;
  if (cached && cached.token === token && cached.user === user) return cached.session;
  const session = token ? { token, user: parseUser(user) } : null;
  cached = { token, user, session };
  return session;
}

export function readToken(): string | null {
  return readSession()?.token ?? null;
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function writeSession(token: string, user: User): void {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, token);
  store?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  changed();
}

export function writeUser(user: User): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  changed();
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.user);
  changed();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
