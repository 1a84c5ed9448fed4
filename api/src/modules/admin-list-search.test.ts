/**
 * Issue 10, every admin list pages and searches: `q` on the cards, activities, testimonials, FAQs
 * and admins lists finds a substring in any case and accents ("É", "é" and "e" meet), takes an
 * apostrophe and LIKE's % and _ as plain characters; a page past the end is empty with the right
 * total, and a limit above the maximum is lowered to it (shared/src/schemas/query.ts).
 */
import { MAX_PAGE_LIMIT } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { LIST_TABLES } from '../db/tables.js';

/** Every list gets these three texts, in the column the list case names; "marker" is in all three. */
const TEXTS = ["Marker Crème brûlée O'Neil", 'Marker 100% pure_fat', 'Marker plain recipe'];

/** A query and the indexes (in TEXTS) of the items it finds. */
const SEARCHES: [string, number[]][] = [
  ['CREME', [0]], // stored with accents, searched without, in capitals
  ['brÛlÉe', [0]], // accents in other cases on both sides
  ['RÉCIPE', [2]], // stored without accents, searched with
  ["o'neil", [0]], // an apostrophe
  ['%', [1]], // % is a character, not "anything"
  ['0%', [1]],
  ['p%e', []], // as a wildcard it would find "pure" and "plain recipe"
  ['_', [1]],
  ['e_o', []], // as a wildcard it would find "brûlée O'Neil"
  ['zzz', []],
];

interface ListCase {
  name: string;
  path: string;
  collection: string;
  /** Creates one item holding `text`; answers its id. */
  create(app: TestApp, token: string, text: string, index: number): Promise<number>;
}

async function created(response: { status: number; body: { data: { id: number } } }): Promise<number> {
  expect(response.status).toBe(201);
  return response.body.data.id;
}

const LISTS: ListCase[] = [
  {
    name: 'membership cards (title)',
    path: '/api/admin/membership-cards',
    collection: 'cards',
    create: async (app, token, text) =>
      created(
        await app.request('POST', '/api/admin/membership-cards', {
          token,
          body: { type: 'Community', title: text, subtitle: 'Meet colleagues.', points: [{ value: 'Calls' }] },
        }),
      ),
  },
  {
    name: 'activities (title, location and tags)',
    path: '/api/admin/activities',
    collection: 'activities',
    create: async (app, token, text) =>
      created(
        await app.request('POST', '/api/admin/activities', {
          token,
          body: {
            title: text,
            description: 'Fuelling endurance athletes, with case studies.',
            date: '2026-12-14T10:00:00.000Z',
            location: 'Online',
            status: 'upcoming',
            tags: ['Workshop'],
          },
        }),
      ),
  },
  {
    name: 'testimonials (quote)',
    path: '/api/admin/testimonials',
    collection: 'testimonials',
    create: async (app, token, text) =>
      created(
        await app.request('POST', '/api/admin/testimonials', {
          token,
          body: { name: 'Amara Okafor', role: 'Clinical dietitian', quote: text },
        }),
      ),
  },
  {
    name: 'FAQs (question)',
    path: '/api/admin/faqs',
    collection: 'faqs',
    create: async (app, token, text) =>
      created(
        await app.request('POST', '/api/admin/faqs', {
          token,
          body: { question: text, answer: 'An answer long enough for the schema.', isActive: true },
        }),
      ),
  },
  {
    name: 'admins (name)',
    path: '/api/admin/users',
    collection: 'users',
    create: async (app, _token, text, index) =>
      (await app.createUser({ role: 'admin', name: text, email: `searched${index}@example.org` })).user.id,
  },
];

describeEngines('admin list search and paging on %s', (engine) => {
  let app: TestApp;
  let token: string;
  const ids = new Map<string, number[]>();

  const list = async (path: string, query: string) => {
    const response = await app.request('GET', `${path}?${query}`, { token });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    // A super admin may use every module.
    token = (await app.createUser({ role: 'super_admin', name: 'Root Account' })).token;
    for (const table of LIST_TABLES) await app.runtime.deps.db(table).delete();
    for (const listCase of LISTS) {
      const created: number[] = [];
      for (const [index, text] of TEXTS.entries()) created.push(await listCase.create(app, token, text, index));
      ids.set(listCase.name, created);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  describe.each(LISTS.map((listCase) => [listCase.name, listCase] as const))('%s', (name, listCase) => {
    it.each(SEARCHES)('q=%s finds %j', async (q, expected) => {
      const data = await list(listCase.path, `q=${encodeURIComponent(q)}`);
      const found = (data[listCase.collection] as { id: number }[]).map((item) => item.id).sort((a, b) => a - b);
      const wanted = expected.map((index) => ids.get(name)![index]!).sort((a, b) => a - b);
      expect(found).toEqual(wanted);
      expect(data.pagination.total).toBe(wanted.length);
      expect(data.pagination.pages).toBe(1);
    });

    it('answers a page past the end empty, with the total and pages of the list', async () => {
      const data = await list(listCase.path, 'q=MARKER&limit=2&page=5');
      expect(data[listCase.collection]).toEqual([]);
      expect(data.pagination).toEqual({ page: 5, limit: 2, total: 3, pages: 2 });
      const last = await list(listCase.path, 'q=marker&limit=2&page=2');
      expect(last[listCase.collection]).toHaveLength(1);
    });

    it('lowers a limit above the maximum to the maximum', async () => {
      const data = await list(listCase.path, 'q=marker&limit=1000');
      expect(data.pagination).toEqual({ page: 1, limit: MAX_PAGE_LIMIT, total: 3, pages: 1 });
    });
  });

  it('finds activities by location and by tag, in any case and accents', async () => {
    const id = await LISTS[1]!.create(app, token, 'Autumn congress', 9);
    await app.request('PUT', `/api/admin/activities/${id}`, {
      token,
      body: {
        title: 'Autumn congress',
        description: 'Fuelling endurance athletes, with case studies.',
        date: '2026-12-14T10:00:00.000Z',
        location: 'Genève',
        status: 'upcoming',
        tags: ['Santé publique'],
      },
    });
    for (const q of ['GENEVE', 'sante pub', 'genÉve'])
      expect(
        (await list('/api/admin/activities', `q=${encodeURIComponent(q)}`)).activities.map((a: { id: number }) => a.id),
      ).toEqual([id]);
    await app.request('DELETE', `/api/admin/activities/${id}`, { token });
  });

  it('takes `search` and `q` alike on the admins list, on the name or the e-mail', async () => {
    const [first] = ids.get('admins (name)')!;
    for (const query of ['search=creme', 'q=creme', 'q=SEARCHED0%40', 'search=ÇRÈME'])
      expect((await list('/api/admin/users', query)).users.map((user: { id: number }) => user.id)).toEqual([first]);
  });
});
