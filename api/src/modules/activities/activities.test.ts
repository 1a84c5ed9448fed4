import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { expectInvalidBodies, expectUnknownIds, malformedIfMatchCases } from '../../test-support/expectations.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { ACTIVITY_IS_FULL, ACTIVITY_IS_PAST, ALREADY_REGISTERED } from './service.js';

const validActivity = {
  title: 'Sports nutrition workshop',
  description: 'Fuelling endurance athletes, with case studies.',
  date: '2026-12-14T10:00:00.000Z',
  location: 'Online',
  status: 'upcoming',
  tags: ['Workshop', 'Sports'],
};

type Listed = { id: number; date: string };

describeEngines('activities on %s', (engine) => {
  let app: TestApp;
  let token: string;
  let memberToken: string;

  const createActivity = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.request('POST', '/api/admin/activities', {
      token,
      body: { ...validActivity, ...overrides },
    });
    expect(response.status).toBe(201);
    return response.body.data as { id: number; participants: number; capacity: number | null };
  };
  const register = (id: number | string, as?: string) =>
    app.request('POST', `/api/activities/${id}/register`, as ? { token: as } : {});

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (
      await app.createUser({ role: 'admin', permissions: { activities: { view: true, edit: true, delete: true } } })
    ).token;
    memberToken = (await app.createUser({ role: 'member' })).token;
  });
  beforeEach(async () => {
    // Lists are checked exactly, so every test starts without activities (registrations follow by cascade).
    await app.runtime.deps.db('activities').delete();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates, lists, updates and deletes an activity, and the public side follows', async () => {
    const create = await app.request('POST', '/api/admin/activities', {
      token,
      body: { ...validActivity, date: '2026-12-14T15:30:00+05:30', tags: ['Workshop', '  ', ''] },
    });
    expect(create.status).toBe(201);
    expect(create.body.data).toMatchObject({
      ...validActivity,
      tags: ['Workshop'],
      capacity: null,
      participants: 0,
      id: expect.any(Number),
    });
    const id = create.body.data.id;

    const adminList = await app.request('GET', '/api/admin/activities', { token });
    expect(adminList.status).toBe(200);
    expect(adminList.body.data.activities.map((activity: Listed) => activity.id)).toEqual([id]);
    expect(adminList.body.data.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });

    const update = await app.request('PUT', `/api/admin/activities/${id}`, {
      token,
      body: { ...validActivity, title: 'Endurance nutrition workshop', status: 'past', capacity: 30 },
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ id, title: 'Endurance nutrition workshop', status: 'past', capacity: 30 });

    const single = await app.request('GET', `/api/activities/${id}`);
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({ id, status: 'past', capacity: 30, participants: 0 });
    expect(single.headers.get('cache-control')).toBe('no-cache');

    const removed = await app.request('DELETE', `/api/admin/activities/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(await app.count('activities')).toBe(0);
    expect((await app.request('GET', `/api/activities/${id}`)).status).toBe(404);
  });

  it('lists upcoming soonest first and past most recent first, by page, with cache headers', async () => {
    const later = await createActivity({ date: '2027-03-01T09:00:00.000Z' });
    const sooner = await createActivity({ date: '2027-01-01T09:00:00.000Z' });
    const older = await createActivity({ status: 'past', date: '2025-01-01T09:00:00.000Z' });
    const recent = await createActivity({ status: 'past', date: '2025-06-01T09:00:00.000Z' });

    const upcoming = await app.request('GET', '/api/activities?status=upcoming');
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data.activities.map((activity: Listed) => activity.id)).toEqual([sooner.id, later.id]);
    expect(upcoming.headers.get('cache-control')).toBe('no-cache');
    expect(upcoming.headers.get('etag')).toBeTruthy();

    const past = await app.request('GET', '/api/activities?status=past');
    expect(past.body.data.activities.map((activity: Listed) => activity.id)).toEqual([recent.id, older.id]);

    const all = await app.request('GET', '/api/activities');
    expect(all.body.data.activities).toHaveLength(4);

    const secondPage = await app.request('GET', '/api/activities?status=upcoming&page=2&limit=1');
    expect(secondPage.body.data.activities.map((activity: Listed) => activity.id)).toEqual([later.id]);
    expect(secondPage.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });

    const adminPast = await app.request('GET', '/api/admin/activities?status=past', { token });
    expect(adminPast.body.data.activities.map((activity: Listed) => activity.id)).toEqual([recent.id, older.id]);
    expect(adminPast.body.data.pagination.total).toBe(2);
    // The console's order is the same with a status filter (read from the index) as without one.
    const adminIds = async (query: string) =>
      (await app.request('GET', `/api/admin/activities${query}`, { token })).body.data.activities.map(
        (activity: Listed) => activity.id,
      );
    expect(await adminIds('')).toEqual([sooner.id, later.id, recent.id, older.id]);
    expect(await adminIds('?status=upcoming')).toEqual([sooner.id, later.id]);
  });

  it('refuses an unknown status filter with the SPEC message', async () => {
    for (const [path, options] of [
      ['/api/activities?status=ongoing', {}],
      ['/api/admin/activities?status=ongoing', { token }],
    ] as const) {
      const response = await app.request('GET', path, options);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'status', message: 'Status must be either upcoming or past.' }]);
    }
    expect((await app.request('GET', '/api/activities?page=0')).status).toBe(400);
  });

  describe('registration', () => {
    it('needs a logged-in user', async () => {
      const activity = await createActivity();
      const response = await register(activity.id);
      expect(response.status).toBe(401);
      expect(await app.count('activity_registrations')).toBe(0);
    });

    it('registers a user once and counts participants', async () => {
      const activity = await createActivity({ capacity: 10 });
      const first = await register(activity.id, memberToken);
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ id: activity.id, participants: 1, capacity: 10 });

      const again = await register(activity.id, memberToken);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_REGISTERED);

      const other = await app.createUser({ role: 'member' });
      expect((await register(activity.id, other.token)).body.data.participants).toBe(2);

      expect((await app.request('GET', `/api/activities/${activity.id}`)).body.data.participants).toBe(2);
      const listed = await app.request('GET', '/api/activities?status=upcoming');
      expect(listed.body.data.activities[0]).toMatchObject({ id: activity.id, participants: 2, capacity: 10 });
      const adminListed = await app.request('GET', '/api/admin/activities', { token });
      expect(adminListed.body.data.activities[0].participants).toBe(2);
      expect(await app.count('activity_registrations')).toBe(2);
    });

    it('refuses past activities', async () => {
      const activity = await createActivity({ status: 'past', date: '2025-01-01T09:00:00.000Z' });
      const response = await register(activity.id, memberToken);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(ACTIVITY_IS_PAST);
      expect(await app.count('activity_registrations')).toBe(0);
    });

    it('refuses full activities', async () => {
      const activity = await createActivity({ capacity: 1 });
      expect((await register(activity.id, memberToken)).status).toBe(201);
      const latecomer = await app.createUser({ role: 'member' });
      const response = await register(activity.id, latecomer.token);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(ACTIVITY_IS_FULL);
      expect(await app.count('activity_registrations')).toBe(1);
    });

    it('lets concurrent registrations take the last place only once', async () => {
      const activity = await createActivity({ capacity: 1 });
      const users = await Promise.all([1, 2, 3, 4, 5].map(() => app.createUser({ role: 'member' })));
      const answers = await Promise.all(users.map((user) => register(activity.id, user.token)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await app.count('activity_registrations')).toBe(1);
    });

    it('answers 404 for unknown and malformed activity ids', async () => {
      await expectUnknownIds(app, {
        method: 'POST',
        path: (id) => `/api/activities/${id}/register`,
        token: memberToken,
      });
    });

    it('drops the registrations of a deleted activity', async () => {
      const activity = await createActivity();
      await register(activity.id, memberToken);
      expect((await app.request('DELETE', `/api/admin/activities/${activity.id}`, { token })).status).toBe(200);
      expect(await app.count('activity_registrations')).toBe(0);
    });
  });

  it('refuses invalid bodies with field messages and changes nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['title', 'description', 'date', 'location', 'tags']],
      [{ ...validActivity, title: 'ab' }, ['title']],
      [{ ...validActivity, title: 'x'.repeat(201) }, ['title']],
      [{ ...validActivity, title: 42 }, ['title']],
      [{ ...validActivity, description: 'too short' }, ['description']],
      [{ ...validActivity, description: 'x'.repeat(5001) }, ['description']],
      [{ ...validActivity, date: '' }, ['date']],
      [{ ...validActivity, date: '14/12/2026' }, ['date']],
      [{ ...validActivity, date: '2026-12-14T10:00:00' }, ['date']],
      [{ ...validActivity, location: 'X' }, ['location']],
      [{ ...validActivity, location: 'x'.repeat(201) }, ['location']],
      [{ ...validActivity, status: 'ongoing' }, ['status']],
      [{ ...validActivity, tags: [] }, ['tags']],
      [{ ...validActivity, tags: ['', '   '] }, ['tags']],
      [{ ...validActivity, tags: 'Workshop' }, ['tags']],
      [{ ...validActivity, tags: ['x'.repeat(51)] }, ['tags']],
      [{ ...validActivity, tags: [7] }, ['tags']],
      [{ ...validActivity, capacity: 0 }, ['capacity']],
      [{ ...validActivity, capacity: 2.5 }, ['capacity']],
      [{ ...validActivity, capacity: 'ten' }, ['capacity']],
    ];
    await expectInvalidBodies(
      app,
      { method: 'POST', path: '/api/admin/activities', token, table: 'activities' },
      cases,
    );
    const { id } = await createActivity();
    await expectInvalidBodies(app, { method: 'PUT', path: `/api/admin/activities/${id}`, token, table: 'activities' }, [
      ...cases,
      ...malformedIfMatchCases(validActivity),
    ]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectUnknownIds(app, { method: 'GET', path: (id) => `/api/activities/${id}`, token });
    await expectUnknownIds(app, {
      method: 'PUT',
      path: (id) => `/api/admin/activities/${id}`,
      token,
      body: validActivity,
    });
    await expectUnknownIds(app, { method: 'DELETE', path: (id) => `/api/admin/activities/${id}`, token });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await app.request('GET', '/api/admin/activities')).status).toBe(401);
    expect((await app.request('POST', '/api/admin/activities', { body: validActivity })).status).toBe(401);
    expect((await app.request('GET', '/api/admin/activities', { token: memberToken })).status).toBe(403);

    const viewer = await app.createUser({
      role: 'admin',
      permissions: { activities: { view: true, edit: false, delete: false } },
    });
    expect((await app.request('GET', '/api/admin/activities', { token: viewer.token })).status).toBe(200);
    const refused = await app.request('POST', '/api/admin/activities', { token: viewer.token, body: validActivity });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permission to edit this module.");
    const { id } = await createActivity();
    expect((await app.request('DELETE', `/api/admin/activities/${id}`, { token: viewer.token })).status).toBe(403);
    expect(await app.count('activities')).toBe(1);
  });

  it('checks the SPEC messages', async () => {
    const response = await app.request('POST', '/api/admin/activities', {
      token,
      body: { title: 'ab', description: 'short', date: '', location: 'X', status: 'ongoing', tags: [''] },
    });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title must be at least 3 characters' },
        { field: 'description', message: 'Description must be at least 10 characters' },
        { field: 'date', message: 'Date is required' },
        { field: 'location', message: 'Location must be at least 2 characters' },
        { field: 'status', message: 'Status must be either upcoming or past.' },
        { field: 'tags', message: 'At least one tag is required' },
      ]),
    );
  });
});
