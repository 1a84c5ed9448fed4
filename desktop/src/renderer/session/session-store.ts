/**
 * The admin session of SPEC 4: a token and a user kept in the platform's storage under `token` and
 * `user`. It starts authenticated when both are stored; signing out only forgets them (no request).
 */
import { STORAGE_KEYS, type User } from '@npo/shared';
import { useSyncExternalStore } from 'react';
import { platform } from '../platform';

export interface Session {
  token: string;
  user: User;
}

function readStoredSession(): Session | null {
  const token = platform.storage.get(STORAGE_KEYS.token);
  const userText = platform.storage.get(STORAGE_KEYS.user);
  if (!token || !userText) return null;
  try {
    const user = JSON.parse(userText) as User;
    return user && typeof user === 'object' ? { token, user } : null;
  } catch {
    return null;
  }
}

let current: Session | null = readStoredSession();
/** Who was signed in last: screens still on display while a sign-out redirects keep rendering with it. */
let lastUser: User | null = current?.user ?? null;
const listeners = new Set<() => void>();

function publish(next: Session | null): void {
  current = next;
  if (next) lastUser = next.user;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function setCredentials(user: User, token: string): void {
  platform.storage.set(STORAGE_KEYS.token, token);
  platform.storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  publish({ token, user });
}

/** The profile refreshed from /auth/me replaces the stored one (permissions may have changed). */
export function replaceUser(user: User): void {
  if (!current) return;
  platform.storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  publish({ ...current, user });
}

export function clearSession(): void {
  platform.storage.remove(STORAGE_KEYS.token);
  platform.storage.remove(STORAGE_KEYS.user);
  if (current) publish(null);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user inside the shell, where the route guard guarantees one. */
export function useCurrentUser(): User {
  const user = useSession()?.user ?? lastUser;
  if (!user) throw new Error('useCurrentUser needs a session: render it inside the admin guard');
  return user;
}
