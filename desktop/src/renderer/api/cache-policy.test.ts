import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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

  it('leaves out audit log, contact messages, users, sessions, the dashboard and the mail queue without encryption', () => {
    const kept = persistedRoots(false);
    for (const personal of ['audit', 'contact-messages', 'users', 'account/sessions', 'dashboard', 'mail']) {
      expect(
        kept.some((root) => root.startsWith(personal)),
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

  it('is read back for a day at most', () => {
    expect(PERSISTED_CACHE_MAX_AGE_MS).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(PERSISTED_CACHE_MAX_AGE_MS).toBeGreaterThan(0);
  });
});
