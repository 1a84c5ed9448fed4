import { dehydrate, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { holdsPersonalData, PERSISTED_CACHE_MAX_AGE_MS, shouldPersistQuery } from './cache-policy';
import { queryKeys } from './query-keys';

function clientWithEveryList(): QueryClient {
  const client = new QueryClient();
  for (const key of Object.values(queryKeys)) client.setQueryData([...key], { rows: [key.join('/')] });
  client.setQueryData([...queryKeys.users, { page: 2, search: 'ada' }], { rows: ['ada@example.org'] });
  client.setQueryData([...queryKeys.contactMessages, 17], { email: 'visitor@example.org' });
  return client;
}

const persistedRoots = (encryptedAtRest: boolean) =>
  dehydrate(clientWithEveryList(), { shouldDehydrateQuery: (query) => shouldPersistQuery(query, encryptedAtRest) })
    .queries.map((query) => (query.queryKey as string[]).slice(0, 2).join('/'))
    .sort();

describe('what the persisted cache keeps', () => {
  it('keeps every successful query where the stores are encrypted', () => {
    const kept = persistedRoots(true);
    expect(kept).toEqual(expect.arrayContaining(['audit', 'contact-messages', 'users', 'account/sessions', 'faqs']));
    expect(kept).toHaveLength(Object.keys(queryKeys).length + 2);
  });

  it('leaves out audit log, contact messages, users, members, sessions, the dashboard and the mail queue without encryption', () => {
    const kept = persistedRoots(false);
    for (const personal of ['audit', 'contact-messages', 'users', 'members', 'account/sessions', 'dashboard', 'mail']) {
      expect(
        // By whole words: 'membership-cards' is not under 'members'.
        kept.some((root) => root === personal || root.startsWith(`${personal}/`)),
        personal,
      ).toBe(false);
    }
    expect(kept).toEqual(
      expect.arrayContaining(['auth/me', 'faqs', 'membership-cards', 'about-us', 'activities', 'contact-info']),
    );
  });

  it('matches a list with its parameters, and nothing by a shared prefix of letters', () => {
    expect(holdsPersonalData(['users', { page: 3 }])).toBe(true);
    expect(holdsPersonalData(['account', 'sessions'])).toBe(true);
    expect(holdsPersonalData(['account'])).toBe(false);
    expect(holdsPersonalData(['users-public'])).toBe(false);
    expect(holdsPersonalData(['auth', 'me'])).toBe(false);
  });

  it('is read back for a day at most: a cache written 23 hours ago is restored, one of 25 hours is not', async () => {
    const HOUR_MS = 60 * 60 * 1000;
    const now = Date.parse('2026-03-02T12:00:00Z');
    const restoredAfter = async (ageMs: number) => {
      const written = new QueryClient();
      written.setQueryData([...queryKeys.faqs], { faqs: ['kept'] });
      const persisted = { timestamp: now - ageMs, buster: '', clientState: dehydrate(written) };
      const persister = {
        persistClient: async () => undefined,
        restoreClient: async () => persisted,
        removeClient: async () => undefined,
      };
      const restored = new QueryClient();
      // The persister package brings its own copy of query-core, whose QueryClient's private fields differ in type only.
      const queryClient = restored as unknown as Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
      await persistQueryClientRestore({ queryClient, persister, maxAge: PERSISTED_CACHE_MAX_AGE_MS });
      return restored.getQueryData([...queryKeys.faqs]);
    };
    vi.useFakeTimers({ now });
    try {
      expect(await restoredAfter(23 * HOUR_MS)).toEqual({ faqs: ['kept'] });
      expect(await restoredAfter(25 * HOUR_MS)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
