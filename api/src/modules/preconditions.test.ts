/**
 * "No lost updates": every admin route that changes or deletes one item honours If-Match. The routes
 * come from the policy table the permission matrix reads; a route without a fixture below fails the
 * suite, so a new item write cannot be added without its precondition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PROFILE_INPUT } from '@npo/shared';
import { EDIT_CONFLICT, IF_MATCH_FORMAT } from '../errors.js';
import type { AdminRoute } from '../policy.js';
import { describeEngines } from '../test-support/databases.js';
import { insertFailedMail } from '../test-support/failed-mail.js';
import { MALFORMED_IF_MATCH } from '../test-support/expectations.js';
import { sampleBodies, samplePhoto, versionedSamples } from '../test-support/samples.js';
import { PUBLIC_URL, startTestApp, SUPER_ADMIN, type ApiResponse, type TestApp } from '../test-support/test-app.js';

/**
 * Writes to a whole collection name no item, so there is no revision to match. The FAQ and card
 * reorders rewrite every position at once from the full list of ids (and raise the revision of each
 * item they move, checked below). The security settings are one switch of the whole site, not an item.
 */
const COLLECTION_WRITES = new Set([
  'put /api/admin/faqs/reorder',
  'put /api/admin/membership-cards/reorder',
  'put /api/admin/settings/security',
]);

const routeKey = (route: AdminRoute) => `${route.method} ${route.path}`;
const isItemWrite = (route: AdminRoute) =>
  (route.method === 'put' || route.method === 'patch' || route.method === 'delete') &&
  !COLLECTION_WRITES.has(routeKey(route));

interface Item {
  id: number;
  revision: number;
}

interface ItemWrite {
  table: string;
  /** The column of `table` that holds the item's id: `id` unless the item is a member's profile. */
  key?: string;
  /** A fresh item this route may act on; answers its id. */
  create(): Promise<number>;
  /** The request body, for PUT. */
  body?: () => unknown;
  /** The item as the console reads it now (GET /:id where there is one, else its list); undefined once gone. */
  read(id: number): Promise<Item | undefined>;
  /** After a delete, the row as the item (undefined once gone); the table's row by default. */
  stored?: (id: number) => Promise<unknown>;
  /** A DELETE of a part of the item (a profile's photo): the item stays, one revision up, like an edit. */
  removesPart?: true;
}

let counter = 0;
const unique = () => `${Date.now()}-${(counter += 1)}`;

describeEngines('If-Match on admin item writes on %s', (engine) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    // Dozens of contact messages from one address, far beyond what one visitor may send.
    app = await startTestApp(engine, { RATE_LIMIT_FACTOR: '100' });
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.runtime.deps.db;

  async function make(path: string, body: unknown): Promise<number> {
    const response = await app.request('POST', path, { token, body });
    if (response.status !== 201)
      throw new Error(`fixture ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data.id;
  }
  /** A second version is inactive, so it may be activated or deleted. */
  async function inactiveVersion(path: string, body: unknown): Promise<number> {
    await make(path, body);
    return make(path, body);
  }
  async function contactMessage(): Promise<number> {
    const response = await app.request('POST', '/api/contact-messages', {
      body: { name: 'Visitor', email: `v${unique()}@example.org`, phone: '+911234567890', message: 'A question.' },
    });
    return response.body.data.id;
  }
  const staff = async () => (await app.createUser({ role: 'admin', name: 'Staff Person' })).user.id;
  const member = async () => (await app.createUser({ role: 'member', name: 'Member Person' })).user.id;

  /**
   * A member whose profile was saved once, so that its row in member_profiles exists, set back to
   * revision 1 like every other fixture (a first save makes 2).
   */
  async function profiledMember(): Promise<number> {
    const id = await member();
    const saved = await app.request('PUT', `/api/admin/members/${id}/profile`, { token, body: EMPTY_PROFILE_INPUT });
    if (saved.status !== 200) throw new Error(`fixture profile: ${saved.status} ${JSON.stringify(saved.body)}`);
    await db()('member_profiles').where({ user_id: id }).update({ revision: 1 });
    return id;
  }

  /** A profiled member with a photo, back at revision 1. */
  async function memberWithPhoto(): Promise<number> {
    const id = await profiledMember();
    const path = `/api/admin/members/${id}/profile/photo`;
    const saved = await app.request('PUT', path, { token, body: { image: samplePhoto } });
    if (saved.status !== 200) throw new Error(`fixture photo: ${saved.status} ${JSON.stringify(saved.body)}`);
    await db()('member_profiles').where({ user_id: id }).update({ revision: 1 });
    return id;
  }

  async function specialty(): Promise<number> {
    return make('/api/admin/specialties', { name: `Specialty ${unique()}` });
  }
  async function fromSpecialties(id: number): Promise<Item | undefined> {
    const { data } = (await app.request('GET', '/api/admin/specialties', { token })).body;
    return (data as Item[]).find((candidate) => candidate.id === id);
  }

  async function fromItemRoute(path: string, id: number, suffix = ''): Promise<Item | undefined> {
    const response = await app.request('GET', `${path}/${id}${suffix}`, { token });
    return response.status === 404 ? undefined : response.body.data;
  }
  async function fromList(path: string, collection: string, id: number): Promise<Item | undefined> {
    for (let page = 1; ; page += 1) {
      const { data } = (await app.request('GET', `${path}?page=${page}&limit=100`, { token })).body;
      const item = (data[collection] as Item[]).find((candidate) => candidate.id === id);
      if (item || page >= data.pagination.pages) return item;
    }
  }

  let sampleTagId: number | undefined;
  /** A tag as the tags list answers it (the list is not paged). */
  async function fromItemTag(id: number): Promise<Item | undefined> {
    const { data } = (await app.request('GET', '/api/admin/tags', { token })).body;
    return (data as Item[]).find((candidate) => candidate.id === id);
  }

  /** PUT and DELETE of a plain content list, read back from that list. */
  function plainContent(path: string, collection: string, table: string, body: unknown): Record<string, ItemWrite> {
    const base = `/api/admin/${path}`;
    const write = { table, create: () => make(base, body), read: (id: number) => fromList(base, collection, id) };
    return { [`put ${base}/:id`]: { ...write, body: () => body }, [`delete ${base}/:id`]: write };
  }

  async function quietAnnouncement(): Promise<number> {
    const activityId = await make('/api/admin/activities', sampleBodies.activity);
    return make('/api/admin/announcements', { ...sampleBodies.announcement, audience: 'activity', activityId });
  }

  const fixtures: Record<string, ItemWrite> = {
    ...plainContent('membership-cards', 'cards', 'membership_cards', sampleBodies.card),
    ...plainContent('activities', 'activities', 'activities', sampleBodies.activity),
    ...plainContent('testimonials', 'testimonials', 'testimonials', sampleBodies.testimonial),
    'patch /api/admin/testimonials/:id/featured': {
      table: 'testimonials',
      create: () => make('/api/admin/testimonials', sampleBodies.testimonial),
      read: (id) => fromList('/api/admin/testimonials', 'testimonials', id),
    },
    ...plainContent('faqs', 'faqs', 'faqs', sampleBodies.faq),

    'patch /api/admin/contact-messages/:id/read': {
      table: 'contact_messages',
      create: contactMessage,
      read: (id) => fromList('/api/admin/contact-messages', 'messages', id),
    },
    'patch /api/admin/contact-messages/:id/state': {
      table: 'contact_messages',
      create: contactMessage,
      // Read keeps the message in the default (active) list that `read` looks in.
      body: () => ({ state: 'read' }),
      read: (id) => fromList('/api/admin/contact-messages', 'messages', id),
    },
    'delete /api/admin/contact-messages/:id': {
      table: 'contact_messages',
      create: contactMessage,
      read: (id) => fromList('/api/admin/contact-messages', 'messages', id),
    },

    'delete /api/admin/mail/:id': {
      table: 'mail_queue',
      create: () => insertFailedMail(db(), app.clock.now()),
      read: (id) => fromList('/api/admin/mail', 'mails', id),
    },

    'put /api/admin/announcements/:id': {
      table: 'announcements',
      create: () => make('/api/admin/announcements', sampleBodies.announcement),
      body: () => ({ ...sampleBodies.announcement, subject: 'Changed subject' }),
      read: (id) => fromItemRoute('/api/admin/announcements', id),
    },
    // To an activity nobody registered for: no mail, so the counts the answer holds stay what GET reads.
    'patch /api/admin/announcements/:id/send': {
      table: 'announcements',
      create: quietAnnouncement,
      body: () => ({ scheduledAt: null }),
      read: (id) => fromItemRoute('/api/admin/announcements', id),
    },
    'patch /api/admin/announcements/:id/unschedule': {
      table: 'announcements',
      // Scheduled in the database, so that it is at revision 1 like every other fixture.
      create: async () => {
        const id = await quietAnnouncement();
        const at = new Date(app.clock.now().getTime() + 24 * 60 * 60 * 1000);
        await db()('announcements').where({ id }).update({ state: 'scheduled', scheduled_at: at });
        return id;
      },
      read: (id) => fromItemRoute('/api/admin/announcements', id),
    },
    'delete /api/admin/announcements/:id': {
      table: 'announcements',
      create: () => make('/api/admin/announcements', sampleBodies.announcement),
      read: (id) => fromItemRoute('/api/admin/announcements', id),
    },

    'put /api/admin/users/:id': {
      table: 'users',
      create: staff,
      body: () => ({ name: 'Renamed Admin', email: `renamed${unique()}@example.org`, role: 'admin' }),
      read: (id) => fromItemRoute('/api/admin/users', id),
    },
    'patch /api/admin/users/:id/toggle-status': {
      table: 'users',
      create: staff,
      read: (id) => fromItemRoute('/api/admin/users', id),
    },
    'delete /api/admin/users/:id': {
      table: 'users',
      create: staff,
      read: (id) => fromItemRoute('/api/admin/users', id),
    },

    'patch /api/admin/members/:id/deactivate': {
      table: 'users',
      create: member,
      read: (id) => fromList('/api/admin/members', 'members', id),
    },
    'patch /api/admin/members/:id/reactivate': {
      table: 'users',
      create: async () => {
        const id = await member();
        await db()('users').where({ id }).update({ is_active: false });
        return id;
      },
      read: (id) => fromList('/api/admin/members', 'members', id),
    },
    // A member's profile is the item, at the member's id; it is saved once so that its row exists.
    'put /api/admin/members/:id/profile': {
      table: 'member_profiles',
      key: 'user_id',
      create: profiledMember,
      body: () => ({ ...EMPTY_PROFILE_INPUT, city: `Pune ${unique()}` }),
      read: (id) => fromItemRoute('/api/admin/members', id, '/profile'),
    },
    'put /api/admin/members/:id/verification': {
      table: 'member_profiles',
      key: 'user_id',
      create: profiledMember,
      body: () => ({ status: 'verified' }),
      read: (id) => fromItemRoute('/api/admin/members', id, '/profile'),
    },
    'put /api/admin/members/:id/profile/photo': {
      table: 'member_profiles',
      key: 'user_id',
      create: profiledMember,
      body: () => ({ image: samplePhoto }),
      read: (id) => fromItemRoute('/api/admin/members', id, '/profile'),
    },
    'delete /api/admin/members/:id/profile/photo': {
      table: 'member_profiles',
      key: 'user_id',
      create: memberWithPhoto,
      read: (id) => fromItemRoute('/api/admin/members', id, '/profile'),
      removesPart: true,
    },
    'put /api/admin/specialties/:id': {
      table: 'specialties',
      create: specialty,
      body: () => ({ name: `Renamed specialty ${unique()}` }),
      read: fromSpecialties,
    },
    'delete /api/admin/specialties/:id': { table: 'specialties', create: specialty, read: fromSpecialties },
    // A change of the member's tags raises the member's revision: each fixture member gets a new tag.
    'patch /api/admin/members/:id/tags': {
      table: 'users',
      create: async () => {
        sampleTagId ??= await make('/api/admin/tags', { name: `Precondition member tag ${unique()}` });
        return member();
      },
      body: () => ({ add: [sampleTagId] }),
      // The answer is the member of the list with their tags, which the detail holds.
      read: async (id) => {
        const listed = await fromList('/api/admin/members', 'members', id);
        const detail = await fromItemRoute('/api/admin/members', id);
        return listed && detail && { ...listed, tags: (detail as Item & { tags: unknown }).tags };
      },
    },
    'put /api/admin/tags/:id': {
      table: 'tags',
      create: () => make('/api/admin/tags', { name: `Precondition tag ${unique()}` }),
      body: () => ({ name: `Renamed tag ${unique()}` }),
      read: (id) => fromItemTag(id),
    },
    'delete /api/admin/tags/:id': {
      table: 'tags',
      create: () => make('/api/admin/tags', { name: `Precondition tag ${unique()}` }),
      read: (id) => fromItemTag(id),
    },
    // The renewal date is written to the member's own row: If-Match is the member's revision.
    'put /api/admin/members/:id/membership': {
      table: 'users',
      create: member,
      body: () => ({ renewalDate: `2027-01-${String(((counter += 1) % 28) + 1).padStart(2, '0')}` }),
      read: (id) => fromList('/api/admin/members', 'members', id),
    },
    // Erased, the member leaves the list (their row stays as an anonymous stand-in).
    'delete /api/admin/members/:id': {
      table: 'users',
      create: member,
      read: (id) => fromList('/api/admin/members', 'members', id),
      stored: (id) => db()('users').where({ id }).whereNull('erased_at').first(),
    },
  };
  for (const [path, body] of versionedSamples) {
    const base = `/api/admin/${path}`;
    const table = `${path.replaceAll('-', '_')}_versions`;
    const read = (id: number) => fromItemRoute(base, id);
    fixtures[`put ${base}/:id`] = { table, create: () => make(base, body), body: () => body, read };
    fixtures[`patch ${base}/:id/activate`] = { table, create: () => inactiveVersion(base, body), read };
    fixtures[`put ${base}/:id/schedule`] = {
      table,
      create: () => inactiveVersion(base, body),
      body: () => ({ activateAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString() }),
      read,
    };
    fixtures[`patch ${base}/:id/unschedule`] = { table, create: () => inactiveVersion(base, body), read };
    fixtures[`delete ${base}/:id`] = { table, create: () => inactiveVersion(base, body), read };
  }

  it('has a fixture for every item write of the policy table, and none for a route that does not exist', () => {
    const itemWrites = app.runtime.api.adminRoutes.filter(isItemWrite).map(routeKey).sort();
    expect(itemWrites.length).toBeGreaterThan(20);
    expect(Object.keys(fixtures).sort()).toEqual(itemWrites);
    for (const key of itemWrites) expect(key, 'an item write names its item').toContain('/:id');
  });

  describe.each(Object.keys(fixtures))('%s', (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const fixture = fixtures[key]!;
    const isDelete = method === 'delete' && !fixture.removesPart;

    const send = (id: number | string, ifMatch?: string) =>
      app.request(method.toUpperCase(), path.replace(':id', String(id)), {
        token,
        ...(ifMatch !== undefined && { headers: { 'If-Match': ifMatch } }),
        ...(fixture.body && { body: fixture.body() }),
      });
    const rowOf = (id: number) =>
      db()(fixture.table)
        .where({ [fixture.key ?? 'id']: id })
        .first();

    /** Applied: the revision went up by one and the answer is the item as the console now reads it, or it is gone. */
    async function expectApplied(id: number, seen: Item, response: ApiResponse): Promise<void> {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      if (isDelete) {
        expect(await fixture.read(id)).toBeUndefined();
        expect(await (fixture.stored ?? rowOf)(id)).toBeUndefined();
        return;
      }
      const now = await fixture.read(id);
      expect(now?.revision).toBe(seen.revision + 1);
      expect(response.body.data).toEqual(now);
      expect(response.headers.get('etag')).toBe(`"${seen.revision + 1}"`);
    }

    it('refuses a stale If-Match with 409 and the item as it is now, changing nothing', async () => {
      const id = await fixture.create();
      // Someone else's edit, made in the database so that every route shares one way of making it.
      await db()(fixture.table)
        .where({ [fixture.key ?? 'id']: id })
        .increment('revision', 1);
      const current = await fixture.read(id);
      const before = await rowOf(id);

      const response = await send(id, '"1"');
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ success: false, code: 'edit_conflict', message: EDIT_CONFLICT, current });
      expect(response.headers.get('etag')).toBe('"2"');
      expect(await rowOf(id)).toEqual(before);
    });

    it('applies a fresh If-Match and raises the revision', async () => {
      const id = await fixture.create();
      const seen = (await fixture.read(id))!;
      await expectApplied(id, seen, await send(id, `"${seen.revision}"`));
    });

    it('applies a write without If-Match, as SPEC has it', async () => {
      const id = await fixture.create();
      const seen = (await fixture.read(id))!;
      await expectApplied(id, seen, await send(id));
    });

    it.each([
      ['the weak form', (revision: number) => `W/"${revision}"`],
      ['a list holding it', (revision: number) => `"${revision + 5}", "${revision}"`],
      ['*', () => '*'],
    ])('applies an If-Match of %s', async (_label, ifMatch) => {
      const id = await fixture.create();
      const seen = (await fixture.read(id))!;
      await expectApplied(id, seen, await send(id, ifMatch(seen.revision)));
    });

    it('refuses a malformed If-Match with 400 naming the header, changing nothing', async () => {
      const id = await fixture.create();
      const before = await rowOf(id);
      for (const value of MALFORMED_IF_MATCH) {
        const response = await send(id, value);
        expect(response.status, value).toBe(400);
        expect(response.body.errors, value).toEqual([{ field: 'If-Match', message: IF_MATCH_FORMAT }]);
      }
      expect(await rowOf(id)).toEqual(before);
    });

    it('answers 404 for an item that does not exist, whatever If-Match says', async () => {
      for (const ifMatch of [undefined, '"1"', '*']) {
        expect((await send(999_999, ifMatch)).status, String(ifMatch)).toBe(404);
      }
    });

    it(`lets exactly one of two simultaneous writes with the same If-Match through (the other: ${isDelete ? 404 : 409})`, async () => {
      for (let round = 1; round <= 3; round += 1) {
        const id = await fixture.create();
        const seen = (await fixture.read(id))!;
        const answers = await Promise.all([send(id, `"${seen.revision}"`), send(id, `"${seen.revision}"`)]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses, `round ${round}`).toEqual([200, isDelete ? 404 : 409]);
        if (!isDelete) expect((await fixture.read(id))?.revision, `round ${round}`).toBe(seen.revision + 1);
      }
    });
  });

  describe('revisions', () => {
    it('start at 1: a created item and its GET carry ETag "1"', async () => {
      const created = await app.request('POST', '/api/admin/about-us', { token, body: sampleBodies.about });
      expect(created.status).toBe(201);
      expect(created.body.data.revision).toBe(1);
      expect(created.headers.get('etag')).toBe('"1"');
      const read = await app.request('GET', `/api/admin/about-us/${created.body.data.id}`, { token });
      expect(read.headers.get('etag')).toBe('"1"');

      const id = await staff();
      const user = await app.request('GET', `/api/admin/users/${id}`, { token });
      expect(user.body.data.revision).toBe(1);
      expect(user.headers.get('etag')).toBe('"1"');
    });

    it('go up on the version an activation deactivates, and on no other', async () => {
      const base = '/api/admin/contact-info';
      const [first, second, third] = [
        await make(base, sampleBodies.contact),
        await make(base, sampleBodies.contact),
        await make(base, sampleBodies.contact),
      ];
      const revisionOf = async (id: number) => (await fromItemRoute(base, id))!.revision;
      const active = (await app.request('GET', '/api/contact-info')).body.data.id as number;
      const before = new Map([[active, await revisionOf(active)]]);
      for (const id of [first, second, third]) before.set(id, await revisionOf(id));

      expect((await app.request('PATCH', `${base}/${second}/activate`, { token })).status).toBe(200);
      for (const id of [first, second, third]) {
        const raised = id === second || (id === active && active !== second);
        expect(await revisionOf(id), `version ${id}`).toBe(before.get(id)! + (raised ? 1 : 0));
      }
    });

    it('go up on the FAQs a reorder or a deletion moves, and on no other', async () => {
      await db()('faqs').delete();
      const ids = [];
      for (let n = 0; n < 4; n += 1) ids.push(await make('/api/admin/faqs', sampleBodies.faq));
      const [a, b, c, d] = ids as [number, number, number, number];
      const revisions = async () =>
        Object.fromEntries((await db()('faqs').select<Item[]>('id', 'revision')).map((row) => [row.id, row.revision]));

      // Swapping the middle two moves b and c only.
      const reordered = await app.request('PUT', '/api/admin/faqs/reorder', { token, body: { ids: [a, c, b, d] } });
      expect(reordered.status).toBe(200);
      expect(await revisions()).toEqual({ [a]: 1, [b]: 2, [c]: 2, [d]: 1 });

      // Deleting c (position 1) moves b and d up a place.
      expect((await app.request('DELETE', `/api/admin/faqs/${c}`, { token })).status).toBe(200);
      expect(await revisions()).toEqual({ [a]: 1, [b]: 3, [d]: 2 });
    });
  });

  describe('membership card positions', () => {
    it('raise the revision of the cards a reorder or a deletion moves, and of no other', async () => {
      await db()('membership_cards').delete();
      const ids = [];
      for (let n = 0; n < 4; n += 1) ids.push(await make('/api/admin/membership-cards', sampleBodies.card));
      const [a, b, c, d] = ids as [number, number, number, number];
      const revisions = async () =>
        Object.fromEntries(
          (await db()('membership_cards').select<Item[]>('id', 'revision')).map((row) => [row.id, row.revision]),
        );
      const reordered = await app.request('PUT', '/api/admin/membership-cards/reorder', {
        token,
        body: { ids: [a, c, b, d] },
      });
      expect(reordered.status).toBe(200);
      expect(await revisions()).toEqual({ [a]: 1, [b]: 2, [c]: 2, [d]: 1 });

      // An editor holding b's old revision is now refused; the current one goes through.
      const stale = await app.request('PUT', `/api/admin/membership-cards/${b}`, {
        token,
        body: sampleBodies.card,
        headers: { 'if-match': '"1"' },
      });
      expect(stale.status).toBe(409);
      expect((await app.request('DELETE', `/api/admin/membership-cards/${c}`, { token })).status).toBe(200);
      expect(await revisions()).toEqual({ [a]: 1, [b]: 3, [d]: 2 });
    });
  });

  describe('the precondition comes before the business rules', () => {
    it('a stale editor deleting the active version sees the change; a fresh one sees the rule', async () => {
      const base = '/api/admin/terms-of-service';
      const id = await make(base, sampleBodies.policy);
      await app.request('PATCH', `${base}/${id}/activate`, { token });
      const current = (await fromItemRoute(base, id))!;

      const stale = await app.request('DELETE', `${base}/${id}`, {
        token,
        headers: { 'If-Match': `"${current.revision - 1}"` },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'edit_conflict', current });

      const fresh = await app.request('DELETE', `${base}/${id}`, {
        token,
        headers: { 'If-Match': `"${current.revision}"` },
      });
      expect(fresh.status).toBe(409);
      expect(fresh.body).toMatchObject({ code: 'conflict', message: expect.stringMatching(/active version/) });
      expect(await fromItemRoute(base, id)).toEqual(current);
    });
  });

  describe('writes that are not admin edits leave the revision alone', () => {
    it('signing in, and a password reset, do not make an open edit form stale', async () => {
      const account = await app.createUser({ role: 'admin', name: 'Signing In' });
      const revision = async () => (await fromItemRoute('/api/admin/users', account.user.id))!.revision;
      const seen = await revision();

      const login = await app.request('POST', '/api/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(200);
      expect((await fromItemRoute('/api/admin/users', account.user.id)) as unknown).toMatchObject({
        lastLogin: expect.any(String),
      });
      expect(await revision()).toBe(seen);

      await app.request('POST', '/api/auth/forgot-password', { body: { email: account.email } });
      const mail = await app.smtp.waitForMail((m) => m.to.includes(account.email));
      const resetToken = new RegExp(`${PUBLIC_URL}/admin/reset-password\\?token=([\\w-]+)`).exec(mail.text)?.[1];
      const reset = await app.request('POST', `/api/auth/reset-password/${resetToken}`, {
        body: { password: 'a-new-password', confirmPassword: 'a-new-password' },
      });
      expect(reset.status).toBe(200);
      expect(await revision()).toBe(seen);

      const edit = await app.request('PATCH', `/api/admin/users/${account.user.id}/toggle-status`, {
        token,
        headers: { 'If-Match': `"${seen}"` },
      });
      expect(edit.status).toBe(200);
    });

    it('a registration starts at revision 1', async () => {
      const email = `member${unique()}@example.org`;
      const response = await app.request('POST', '/api/auth/register', {
        body: { name: 'New Member', email, password: 'member-password' },
      });
      expect(response.status).toBe(201);
      expect(await db()('users').where({ email }).first('revision')).toEqual({ revision: 1 });
    });
  });
});
