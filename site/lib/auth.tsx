/**
 * Client auth state of SPEC 4: authenticated when a stored token exists. The server render (and the
 * hydration that must match it) always sees a visitor; the stored session applies right after.
 */
import type { User } from '@npo/shared';
import { useSyncExternalStore } from 'react';
import { clearSession, readSession, subscribeToSession, writeSession, writeUser } from './session-storage';

export interface Auth {
  isAuthenticated: boolean;
  user: User | null;
  token: string | null;
  setCredentials(user: User, token: string): void;
  setUser(user: User): void;
  /** Local only: clears the stored credentials, no request is made. */
  logout(): void;
}

const noSession = () => null;

export function useAuth(): Auth {
  const session = useSyncExternalStore(subscribeToSession, readSession, noSession);
  return {
    isAuthenticated: session !== null,
    user: session?.user ?? null,
    token: session?.token ?? null,
    setCredentials: (user, token) => writeSession(token, user),
    setUser: writeUser,
    logout: clearSession,
  };
}
