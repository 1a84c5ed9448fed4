/**
 * SPEC 9's cache lifetimes as TanStack Query options. Membership cards, FAQs and the policies refetch
 * on mount once older than 30 s and on reconnect; the other lists only refetch when stale or invalidated.
 */
import { CACHE_LIFETIMES_S, REFETCH_ON_MOUNT_AFTER_S } from '@npo/shared';
import { queryKeys } from './query-keys';

type Lifetime = keyof typeof CACHE_LIFETIMES_S;

const EAGER: ReadonlySet<Lifetime> = new Set(['membershipCards', 'faqs', 'privacyPolicy', 'termsOfService']);

const olderThanThreshold = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > REFETCH_ON_MOUNT_AFTER_S * 1000 ? ('always' as const) : false;

export function cachePolicy(lifetime: Lifetime) {
  const staleTime = CACHE_LIFETIMES_S[lifetime] * 1000;
  if (!EAGER.has(lifetime)) return { staleTime };
  return { staleTime, refetchOnMount: olderThanThreshold, refetchOnReconnect: 'always' as const };
}

/** How long a persisted cache may be read back (persister.ts): content older than a day is not restored. */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Queries holding other people's personal data: the audit log, contact messages, user accounts (also
 * the dashboard's recent sign-ups), members, sessions and the mail queue's recipients. They are kept on disk only where the desktop shell
 * encrypts its stores with the OS keychain; in a browser or without a keychain they stay in memory.
 */
export const PERSONAL_QUERY_ROOTS: ReadonlySet<string> = new Set(
  (['audit', 'contactMessages', 'users', 'members', 'accountSessions', 'dashboard', 'mail'] as const).map((name) =>
    queryKeys[name].join('/'),
  ),
);

export function holdsPersonalData(queryKey: readonly unknown[]): boolean {
  return [...PERSONAL_QUERY_ROOTS].some((root) => {
    const parts = root.split('/');
    return parts.every((part, index) => queryKey[index] === part);
  });
}

/**
 * Which queries are written to disk: the successful ones (TanStack's default), less personal data when
 * not encrypted. Typed by shape: the persister brings its own copy of TanStack's Query class.
 */
export function shouldPersistQuery(
  query: { readonly queryKey: readonly unknown[]; readonly state: { readonly status: string } },
  encryptedAtRest: boolean,
): boolean {
  return query.state.status === 'success' && (encryptedAtRest || !holdsPersonalData(query.queryKey));
}
