/**
 * SPEC 9's cache lifetimes as TanStack Query options. Membership cards, FAQs and the policies refetch
 * on mount once older than 30 s and on reconnect; the other lists only refetch when stale or invalidated.
 */
import { CACHE_LIFETIMES_S, REFETCH_ON_MOUNT_AFTER_S } from '@npo/shared';

type Lifetime = keyof typeof CACHE_LIFETIMES_S;

const EAGER: ReadonlySet<Lifetime> = new Set(['membershipCards', 'faqs', 'privacyPolicy', 'termsOfService']);

const olderThanThreshold = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > REFETCH_ON_MOUNT_AFTER_S * 1000 ? ('always' as const) : false;

export function cachePolicy(lifetime: Lifetime) {
  const staleTime = CACHE_LIFETIMES_S[lifetime] * 1000;
  if (!EAGER.has(lifetime)) return { staleTime };
  return { staleTime, refetchOnMount: olderThanThreshold, refetchOnReconnect: 'always' as const };
}
