import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOptimistically, isWaitingToSync, patchListAnswer, reorderListAnswer } from './optimistic';

const page = () => ({
  faqs: [
    { id: 1, question: 'One?', order: 0 },
    { id: 2, question: 'Two?', order: 1 },
  ],
  pagination: { page: 1, limit: 20, total: 2, pages: 1 },
});

describe('changes waiting in the outbox show in the cached lists', () => {
  it('replaces the edited fields of one item and leaves the rest alone', () => {
    expect(patchListAnswer(page(), 2, { question: 'Two, edited?' })).toEqual({
      ...page(),
      faqs: [
        { id: 1, question: 'One?', order: 0 },
        { id: 2, question: 'Two, edited?', order: 1 },
      ],
    });
  });

  it('removes a deleted item', () => {
    expect((patchListAnswer(page(), 1, null) as ReturnType<typeof page>).faqs.map((faq) => faq.id)).toEqual([2]);
  });

  it('leaves answers that are not lists untouched', () => {
    expect(patchListAnswer(null, 1, {})).toBeNull();
    expect(patchListAnswer({ stats: { total: 1 } }, 1, null)).toEqual({ stats: { total: 1 } });
  });

  it('applies item edits and deletions to every affected query, and nothing for actions', () => {
    const client = new QueryClient();
    client.setQueryData(['faqs'], page());
    const base = { invalidates: [['faqs']], label: 'x' };
    applyOptimistically(client, { ...base, method: 'PUT', path: '/admin/faqs/1', body: { question: 'New?' } });
    applyOptimistically(client, { ...base, method: 'DELETE', path: '/admin/faqs/2' });
    applyOptimistically(client, { ...base, method: 'PATCH', path: '/admin/faqs/1/activate' });
    expect(client.getQueryData<ReturnType<typeof page>>(['faqs'])?.faqs).toEqual([
      { id: 1, question: 'New?', order: 0 },
    ]);
  });

  it('F: a waiting FAQ reorder shows in the cached list, positions included', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['faqs'], page());
    applyOptimistically(queryClient, {
      method: 'PUT',
      path: '/admin/faqs/reorder',
      body: { ids: [2, 1] },
      label: 'Reorder FAQs',
      invalidates: [['faqs']],
    });
    expect((queryClient.getQueryData(['faqs']) as ReturnType<typeof page>).faqs).toEqual([
      { id: 2, question: 'Two?', order: 0 },
      { id: 1, question: 'One?', order: 1 },
    ]);
    expect(reorderListAnswer({ total: 3 }, [1])).toEqual({ total: 3 });
  });

  it('F: a waiting creation shows on the first page of its list (last in a positioned one), marked as waiting, with no server id', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['faqs', { page: 1 }], page());
    queryClient.setQueryData(['faqs', { page: 2 }], { ...page(), pagination: { ...page().pagination, page: 2 } });
    queryClient.setQueryData(['dashboard'], { recent: [{ id: 1 }] });
    applyOptimistically(queryClient, {
      method: 'POST',
      path: '/admin/faqs',
      body: { question: 'New?', answer: 'Yes.' },
      label: 'New FAQ',
      invalidates: [['faqs'], ['dashboard']],
    });
    const first = (queryClient.getQueryData(['faqs', { page: 1 }]) as { faqs: Record<string, unknown>[] }).faqs;
    expect(first).toHaveLength(3);
    // A positioned list (FAQs, cards) puts a new item last, as the server does.
    expect(first[2]).toMatchObject({ question: 'New?', waitingToSync: true, order: 2 });
    expect(first[2]?.id).toBeLessThan(0);
    expect(isWaitingToSync(first[2])).toBe(true);
    expect(isWaitingToSync(first[0])).toBe(false);
    expect((queryClient.getQueryData(['faqs', { page: 2 }]) as { faqs: unknown[] }).faqs).toHaveLength(2);
    expect(queryClient.getQueryData(['dashboard'])).toEqual({ recent: [{ id: 1 }] });
  });

  it('F: an admin invited while offline shows in the Admins list, marked as waiting', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['users', { page: 1 }], {
      users: [{ id: 1, name: 'Super', email: 'super@example.org', role: 'super_admin' }],
      pagination: { page: 1, limit: 10, total: 1, pages: 1 },
    });
    applyOptimistically(queryClient, {
      method: 'POST',
      path: '/admin/users',
      body: { name: 'Ada', email: 'ada@example.org', role: 'admin', permissions: {} },
      label: 'New admin Ada',
      invalidates: [['users']],
    });
    const users = (queryClient.getQueryData(['users', { page: 1 }]) as { users: Record<string, unknown>[] }).users;
    expect(users.map((user) => user.name)).toEqual(['Ada', 'Super']);
    expect(isWaitingToSync(users[0])).toBe(true);
  });
});
