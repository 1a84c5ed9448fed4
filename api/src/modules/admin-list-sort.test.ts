/**
 * Issue 21 item 6, every console list sorts by its columns: `sort` names an allow-listed column
 * (anything else is a 400 naming the field, nothing read), `order` its way; the id breaks ties the
 * same way, and items without a value (a FAQ without category, an admin who never signed in) come
 * last either way. Without `sort` each list keeps its own order: FAQs and cards their manual
 * position, testimonials featured first, activities the next upcoming first and then the most
 * recent past ones, the inbox and the activity log newest first, admins by name.
 */
import {
  ACTIVITY_SORTS,
  AUDIT_SORTS,
  CONTACT_MESSAGE_SORTS,
  FAQ_SORTS,
  MEMBERSHIP_CARD_SORTS,
  TESTIMONIAL_SORTS,
  USER_SORTS,
} from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TABLES } from '../db/tables.js';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../test-support/test-app.js';

type Item = Record<string, unknown> & { id: number };

interface SortCase {
  name: string;
  path: string;
  collection: string;
  sorts: readonly string[];
  /** The value a sort name reads on an item of the answer (null: none, listed last). */
  valueOf(item: Item, sort: string): unknown;
}

const LISTS: SortCase[] = [
  {
    name: 'FAQs',
    path: '/api/admin/faqs',
    collection: 'faqs',
    sorts: FAQ_SORTS,
    valueOf: (item, sort) => (sort === 'position' ? item.order : item[sort]),
  },
  {
    name: 'membership cards',
    path: '/api/admin/membership-cards',
    collection: 'cards',
    sorts: MEMBERSHIP_CARD_SORTS,
    valueOf: (item, sort) => (sort === 'position' ? item.order : item[sort]),
  },
  {
    name: 'testimonials',
    path: '/api/admin/testimonials',
    collection: 'testimonials',
    sorts: TESTIMONIAL_SORTS,
    valueOf: (item, sort) => item[sort],
  },
  {
    name: 'activities',
    path: '/api/admin/activities',
    collection: 'activities',
    sorts: ACTIVITY_SORTS,
    valueOf: (item, sort) => item[sort],
  },
  {
    name: 'admins',
    path: '/api/admin/users',
    collection: 'users',
    sorts: USER_SORTS,
    valueOf: (item, sort) => item[sort],
  },
  {
    name: 'messages',
    path: '/api/admin/contact-messages',
    collection: 'messages',
    sorts: CONTACT_MESSAGE_SORTS,
    valueOf: (item, sort) => item[sort],
  },
  {
    name: 'activity log',
    path: '/api/admin/audit',
    collection: 'entries',
    sorts: AUDIT_SORTS,
    valueOf: (item, sort) => (sort === 'actor' ? item.actorEmail : item[sort]),
  },
];

const compare = (a: unknown, b: unknown) => (a === b ? 0 : (a as string) < (b as string) ? -1 : 1);

/** The order the server promises: values without one last, then the value and the id the chosen way. */
function expectedOrder(listCase: SortCase, items: Item[], sort: string, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  const keyed = items.map((item) => ({ id: item.id, value: listCase.valueOf(item, sort) ?? null }));
  keyed.sort((a, b) => {
    if ((a.value === null) !== (b.value === null)) return a.value === null ? 1 : -1;
    return sign * (compare(a.value, b.value) || a.id - b.id);
  });
  return keyed.map((item) => item.id);
}

const ACTIVITY = { description: 'Fuelling endurance athletes, with case studies.', tags: ['Workshop'] };

describeEngines('admin list sorting on %s', (engine) => {
  let app: TestApp;
  let token: string;
  const ids: Record<string, number> = {};

  const request = (path: string, query: string) => app.request('GET', `${path}?${query}`, { token });
  async function itemsOf(listCase: SortCase, query: string): Promise<Item[]> {
    const response = await request(listCase.path, query);
    expect(response.status).toBe(200);
    return response.body.data[listCase.collection];
  }
  const post = async (path: string, body: unknown) => {
    app.clock.advance(60_000);
    const response = await app.request('POST', path, { token, body });
    expect(response.status).toBe(201);
    return response.body.data.id as number;
  };

  async function seed() {
    for (const [index, [question, category]] of [
      ['Bravo question?', 'Events'],
      ['Alpha question?', null],
      ['Charlie question?', 'Membership'],
    ].entries())
      ids[`faq${index}`] = await post('/api/admin/faqs', {
        question,
        answer: 'An answer long enough for the schema.',
        category,
        isActive: true,
      });
    for (const [title, type] of [
      ['Bravo card', 'Student'],
      ['Alpha card', 'Professional'],
      ['Charlie card', 'Community'],
    ])
      await post('/api/admin/membership-cards', {
        type,
        title,
        subtitle: 'Meet colleagues.',
        points: [{ value: 'Calls' }],
      });
    for (const [name, role] of [
      ['Bravo Person', 'Nurse'],
      ['Alpha Person', 'Clinical dietitian'],
      ['Charlie Person', 'Researcher'],
    ] as const)
      ids[name] = await post('/api/admin/testimonials', { name, role, quote: 'A quote long enough for the schema.' });
    const now = app.clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    for (const [key, title, location, offset, status] of [
      ['pastOld', 'Delta talk', 'Berlin', -20, 'past'],
      ['soon', 'Bravo talk', 'Online', 2, 'upcoming'],
      ['pastRecent', 'Alpha talk', 'Cairo', -3, 'past'],
      ['later', 'Charlie talk', 'Athens', 9, 'upcoming'],
    ] as const)
      ids[key] = await post('/api/admin/activities', {
        ...ACTIVITY,
        title,
        location,
        status,
        date: new Date(now + offset * day).toISOString(),
      });
    await app.createUser({ role: 'admin', name: 'Bravo Staffer', email: 'bravo@example.org' });
    await app.createUser({ role: 'admin', name: 'Alpha Staffer', email: 'zulu@example.org' });
    for (const [index, name] of ['Bravo Visitor', 'Alpha Visitor', 'Charlie Visitor'].entries()) {
      app.clock.advance(60_000);
      const sent = await app.request('POST', '/api/contact-messages', {
        body: {
          name,
          email: `visitor${index}@example.org`,
          phone: '+919876543210',
          message: 'A question about membership, please.',
        },
      });
      expect(sent.status).toBe(201);
    }
  }

  beforeAll(async () => {
    app = await startTestApp(engine, { RATE_LIMIT_FACTOR: '100' });
    const login = await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN });
    token = login.body.data.token;
    for (const table of LIST_TABLES) await app.runtime.deps.db(table).delete();
    await seed();
    // A failed sign-in: an audit entry without an actor, listed last when sorted by person.
    await app.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.org', password: 'wrong-password-1' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe.each(LISTS.map((listCase) => [listCase.name, listCase] as const))('%s', (_name, listCase) => {
    it.each(listCase.sorts.map((sort) => [sort]))('sorts by %s either way, the id breaking ties', async (sort) => {
      const all = await itemsOf(listCase, 'limit=100');
      expect(all.length).toBeGreaterThan(1);
      for (const order of ['asc', 'desc'] as const) {
        const sorted = await itemsOf(listCase, `sort=${sort}&order=${order}&limit=100`);
        expect(sorted.map((item) => item.id)).toEqual(expectedOrder(listCase, all, sort, order));
      }
      // A page of the sorted list is that part of it.
      const whole = (await itemsOf(listCase, `sort=${sort}&order=desc&limit=100`)).map((item) => item.id);
      const second = (await itemsOf(listCase, `sort=${sort}&order=desc&limit=1&page=2`)).map((item) => item.id);
      expect(second).toEqual(whole.slice(1, 2));
    });

    it('refuses a column outside the allow-list, or another order, with a 400 naming the field', async () => {
      for (const sort of ['id;drop table users', 'created_at', 'password']) {
        const answer = await request(listCase.path, `sort=${encodeURIComponent(sort)}`);
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual([{ field: 'sort', message: expect.stringMatching(/^Sort must be /) }]);
      }
      const order = await request(listCase.path, `sort=${listCase.sorts[0]}&order=up`);
      expect(order.status).toBe(400);
      expect(order.body.errors).toEqual([{ field: 'order', message: 'Order must be asc or desc' }]);
    });
  });

  it('names the allowed columns in the message', async () => {
    const answer = await request('/api/admin/faqs', 'sort=answer');
    expect(answer.body.errors).toEqual([
      { field: 'sort', message: 'Sort must be position, question, category or updatedAt' },
    ]);
  });

  it('lists activities by default with the next upcoming first, then the most recent past ones', async () => {
    const listed = (await itemsOf(LISTS[3]!, 'limit=100')).map((item) => item.id);
    expect(listed).toEqual([ids.soon, ids.later, ids.pastRecent, ids.pastOld]);
    // The status filter keeps that order within its status; the public list keeps its own.
    expect((await itemsOf(LISTS[3]!, 'status=past')).map((item) => item.id)).toEqual([ids.pastRecent, ids.pastOld]);
    const shown = await app.request('GET', '/api/activities?limit=100');
    expect(shown.body.data.activities.map((item: Item) => item.id)).toEqual([
      ids.later,
      ids.soon,
      ids.pastRecent,
      ids.pastOld,
    ]);
  });

  it('keeps the manual order of FAQs and cards, and featured testimonials first, without a sort', async () => {
    for (const listCase of [LISTS[0]!, LISTS[1]!]) {
      const orders = (await itemsOf(listCase, 'limit=100')).map((item) => item.order as number);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
    const featured = await app.request('PATCH', `/api/admin/testimonials/${ids['Alpha Person']}/featured`, { token });
    expect(featured.status).toBe(200);
    const listed = (await itemsOf(LISTS[2]!, 'limit=100')).map((item) => item.id);
    expect(listed).toEqual([ids['Alpha Person'], ids['Charlie Person'], ids['Bravo Person']]);
  });

  it('sorts a search of the admins and of the inbox too', async () => {
    const admins = await itemsOf(LISTS[4]!, 'q=staffer&sort=email&order=asc');
    expect(admins.map((user) => user.email)).toEqual(['bravo@example.org', 'zulu@example.org']);
    const messages = await itemsOf(LISTS[5]!, 'q=visitor&sort=name&order=desc');
    expect(messages.map((message) => message.name)).toEqual(['Charlie Visitor', 'Bravo Visitor', 'Alpha Visitor']);
  });

  it('sorts a search of the admins by last sign-in, the never signed in last either way', async () => {
    // The search keeps only the ids and the sorted column (users/repository.ts filterUsers): this one is nullable.
    const users = () => app.runtime.deps.db('users').where({ email: 'zulu@example.org' });
    await users().update({ last_login_at: new Date('2026-03-04T05:06:07.000Z') });
    try {
      for (const order of ['asc', 'desc']) {
        const admins = await itemsOf(LISTS[4]!, `q=staffer&sort=lastLogin&order=${order}`);
        expect(admins.map((user) => user.email)).toEqual(['zulu@example.org', 'bravo@example.org']);
      }
    } finally {
      await users().update({ last_login_at: null });
    }
  });
});
