import { describe, expect, it } from 'vitest';
import { changeOf, createApiClient } from '../client.js';
import { API, API_OPERATIONS } from './operations.js';
import { pathOf, type Operation } from './operation.js';

describe('the route table', () => {
  it('declares each method and path once, admin operations with their module and action', () => {
    const keys = API_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const operation of API_OPERATIONS) {
      const admin = operation.path.startsWith('/api/admin/');
      expect(operation.access === 'admin', `${operation.method} ${operation.path}`).toBe(admin);
      if (admin) expect([operation.module, operation.action].includes(undefined)).toBe(false);
    }
  });

  it('changes public content only by writes', () => {
    const changing = API_OPERATIONS.filter((operation) => operation.changesPublicContent);
    expect(changing.length).toBeGreaterThan(0);
    expect(changing.filter((operation) => operation.method === 'get')).toEqual([]);
    // Read as the table's entries: a narrow entry's type leaves the flag out where it is not set.
    const flagOf = (operation: Operation) => operation.changesPublicContent;
    expect(flagOf(API.contactMessages.remove)).toBeUndefined();
    expect(flagOf(API.users.update)).toBeUndefined();
  });

  it('fills a path from its values, encoded, and refuses a missing one', () => {
    expect(pathOf(API.auth.checkResetToken, { token: 'a/b c' })).toBe('/api/auth/reset-password/a%2Fb%20c');
    expect(() => pathOf(API.activities.removeRegistration, { id: 1 } as never)).toThrow(/userId/);
  });
});

describe('the console changes and the client built from it', () => {
  it('builds a queued change from a table entry', () => {
    expect(
      changeOf(API.faqs.admin.update, { params: { id: 3 }, body: { question: 'Q?', answer: 'A.' }, revision: 2 }),
    ).toEqual({
      method: 'PUT',
      path: '/admin/faqs/3',
      body: { question: 'Q?', answer: 'A.' },
      revision: 2,
    });
    expect(changeOf(API.activities.removeRegistration, { params: { id: 4, userId: 9 } })).toEqual({
      method: 'POST',
      path: '/admin/activities/4/registrations/9/remove',
    });
  });

  it("sends each call with its entry's method and path", async () => {
    const sent: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async (url, init) => {
        sent.push(`${init?.method ?? 'GET'} ${url instanceof Request ? url.url : url.toString()}`);
        return new Response(JSON.stringify({ success: true, data: null }), { status: 200 });
      },
    });
    await api.admin.users.endSessions(5);
    await api.admin.contactMessages.list({ page: 2, state: 'new', q: '' });
    await api.content.activities({ status: 'past' });
    expect(sent).toEqual([
      'POST http://api.test/api/admin/users/5/end-sessions',
      'GET http://api.test/api/admin/contact-messages?page=2&state=new',
      'GET http://api.test/api/activities?status=past',
    ]);
  });
});
