import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test-support/csv.js';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { CANCEL_IS_ATTENDED, CANCEL_IS_CLOSED } from './service.js';

type Attendee = { userId: number; name: string; email: string; registeredAt: string; attendedAt: string | null };

describeEngines('activity registrations on %s', (engine) => {
  let app: TestApp;
  let editor: string;
  let viewer: string;
  let member: { token: string; id: number };
  let unique = 0;

  const createActivity = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.request('POST', '/api/admin/activities', {
      token: editor,
      body: { ...sampleBodies.activity, ...overrides },
    });
    expect(response.status).toBe(201);
    return response.body.data.id as number;
  };
  const newMember = async (name: string, email = `m${(unique += 1)}-${engine}@example.org`) => {
    const account = await app.createUser({ role: 'member', name, email });
    return { token: account.token, id: account.user.id };
  };
  const register = async (activityId: number, token: string) => {
    expect((await app.request('POST', `/api/activities/${activityId}/register`, { token })).status).toBe(201);
  };
  const attendees = async (activityId: number, query = '') => {
    const response = await app.request('GET', `/api/admin/activities/${activityId}/registrations${query}`, {
      token: viewer,
    });
    expect(response.status).toBe(200);
    return response.body.data as { registrations: Attendee[]; pagination: unknown };
  };
  const participants = async (activityId: number) =>
    (await app.request('GET', `/api/activities/${activityId}`)).body.data.participants as number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    const permissions = (edit: boolean) => ({ activities: { view: true, edit, delete: false } });
    editor = (await app.createUser({ role: 'admin', permissions: permissions(true) })).token;
    viewer = (await app.createUser({ role: 'admin', permissions: permissions(false) })).token;
    member = await newMember('Member Person');
  });
  beforeEach(async () => {
    await app.runtime.deps.db('activities').delete();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('the attendee list', () => {
    let activity: number;
    let bob: { id: number; token: string };
    let charlie: { id: number; token: string };
    let alice: { id: number; token: string };

    beforeEach(async () => {
      activity = await createActivity();
      bob = await newMember('Bob Jones');
      charlie = await newMember('Charlie Brown', `cb-${(unique += 1)}-${engine}@example.org`);
      alice = await newMember('alice Smith');
      // Registered a minute apart, in the order Bob, Charlie, alice.
      for (const person of [bob, charlie, alice]) {
        await register(activity, person.token);
        app.clock.advance(60_000);
      }
    });

    it('sorts by name (any case) or by registration time, both ways', async () => {
      const ids = (list: { registrations: Attendee[] }) => list.registrations.map((row) => row.userId);
      expect(ids(await attendees(activity))).toEqual([alice.id, bob.id, charlie.id]);
      expect(ids(await attendees(activity, '?sort=name&order=desc'))).toEqual([charlie.id, bob.id, alice.id]);
      expect(ids(await attendees(activity, '?sort=registeredAt'))).toEqual([bob.id, charlie.id, alice.id]);
      expect(ids(await attendees(activity, '?sort=registeredAt&order=desc'))).toEqual([alice.id, charlie.id, bob.id]);
      const [first] = (await attendees(activity, '?sort=registeredAt')).registrations;
      expect(first).toEqual({
        userId: bob.id,
        name: 'Bob Jones',
        email: expect.stringMatching(/@example\.org$/),
        registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        attendedAt: null,
      });
    });

    it('searches name and e-mail in any case, wildcards taken literally', async () => {
      const names = async (q: string) =>
        (await attendees(activity, `?q=${encodeURIComponent(q)}`)).registrations.map((row) => row.name);
      expect(await names('ALICE')).toEqual(['alice Smith']);
      expect(await names('CB-')).toEqual(['Charlie Brown']);
      expect(await names('jOnEs')).toEqual(['Bob Jones']);
      expect(await names('%')).toEqual([]);
      expect(await names('_')).toEqual([]);
      expect(await names('ÁLÍCE')).toEqual(['alice Smith']);
    });

    it('pages like the other admin lists', async () => {
      const second = await attendees(activity, '?limit=2&page=2');
      expect(second.registrations.map((row) => row.userId)).toEqual([charlie.id]);
      expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
      const filtered = await attendees(activity, '?q=bob');
      expect(filtered.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });
    });

    it('refuses a bad sort (400) and an unknown activity (404)', async () => {
      const path = `/api/admin/activities/${activity}/registrations`;
      expect((await app.request('GET', `${path}?sort=email`, { token: viewer })).status).toBe(400);
      expect((await app.request('GET', `${path}?order=up`, { token: viewer })).status).toBe(400);
      expect((await app.request('GET', '/api/admin/activities/999999/registrations', { token: viewer })).status).toBe(
        404,
      );
      expect((await app.request('GET', path)).status).toBe(401);
      expect((await app.request('GET', path, { token: member.token })).status).toBe(403);
    });
  });

  it('lets an admin with edit permission remove an attendee, freeing the seat', async () => {
    const activity = await createActivity({ capacity: 1 });
    await register(activity, member.token);
    const path = `/api/admin/activities/${activity}/registrations/${member.id}/remove`;

    expect((await app.request('POST', path)).status).toBe(401);
    expect((await app.request('POST', path, { token: member.token })).status).toBe(403);
    expect((await app.request('POST', path, { token: viewer })).status).toBe(403);
    expect(await participants(activity)).toBe(1);

    const removed = await app.request('POST', path, { token: editor });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: activity, participants: 0 });
    // The public answer (cached before) shows the freed seat, and someone else can take it.
    expect(await participants(activity)).toBe(0);
    expect((await attendees(activity)).registrations).toEqual([]);
    await register(activity, (await newMember('Next Person')).token);

    expect((await app.request('POST', path, { token: editor })).status).toBe(404);
    const unknown = `/api/admin/activities/999999/registrations/${member.id}/remove`;
    expect((await app.request('POST', unknown, { token: editor })).status).toBe(404);
  });

  describe('a member cancelling', () => {
    const cancel = (activity: number | string, token?: string) =>
      app.request('DELETE', `/api/activities/${activity}/register`, token ? { token } : {});
    const registration = (activity: number | string, token?: string) =>
      app.request('GET', `/api/activities/${activity}/registration`, token ? { token } : {});

    it('frees the seat, and the member sees they are no longer registered', async () => {
      const activity = await createActivity({ capacity: 1 });
      expect((await registration(activity, member.token)).body.data).toEqual({ registered: false, waitlist: null });
      await register(activity, member.token);
      const state = await registration(activity, member.token);
      expect(state.body.data).toEqual({ registered: true, waitlist: null });
      expect(state.headers.get('cache-control')).toBe('private, no-store');
      expect(await participants(activity)).toBe(1);

      const cancelled = await cancel(activity, member.token);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ id: activity, participants: 0 });
      expect(await participants(activity)).toBe(0);
      expect((await registration(activity, member.token)).body.data).toEqual({ registered: false, waitlist: null });
      // Registering again works: the seat is free.
      await register(activity, member.token);
    });

    it('answers 401 logged out, 404 when not registered or unknown, 409 once past', async () => {
      const activity = await createActivity();
      expect((await cancel(activity)).status).toBe(401);
      expect((await registration(activity)).status).toBe(401);
      expect((await cancel(activity, member.token)).status).toBe(404);
      expect((await cancel(999999, member.token)).status).toBe(404);
      expect((await registration(999999, member.token)).status).toBe(404);

      await register(activity, member.token);
      const update = await app.request('PUT', `/api/admin/activities/${activity}`, {
        token: editor,
        body: { ...sampleBodies.activity, status: 'past' },
      });
      expect(update.status).toBe(200);
      const refused = await cancel(activity, member.token);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CANCEL_IS_CLOSED);
      expect(await participants(activity)).toBe(1);
    });

    it('answers 409 once staff marked the member attended, even before the activity is over, and keeps it', async () => {
      const activity = await createActivity();
      const attendee = await newMember('Checked In Early');
      await register(activity, attendee.token);
      const marked = await app.request('POST', `/api/admin/activities/${activity}/attendance`, {
        token: editor,
        body: { userIds: [attendee.id], attended: true },
      });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const row = () =>
        app.runtime.deps
          .db('activity_registrations')
          .where({ activity_id: activity, user_id: attendee.id })
          .first('attended_at', 'check_in_code');
      const before = await row();
      expect(before?.attended_at).toBeTruthy();

      const refused = await cancel(activity, attendee.token);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CANCEL_IS_ATTENDED);
      expect(await row()).toEqual(before);
      expect(await participants(activity)).toBe(1);
      expect((await registration(activity, attendee.token)).body.data).toEqual({ registered: true, waitlist: null });

      // Marked not attended again, the member may cancel as before.
      const unmarked = await app.request('POST', `/api/admin/activities/${activity}/attendance`, {
        token: editor,
        body: { userIds: [attendee.id], attended: false },
      });
      expect(unmarked.status).toBe(200);
      expect((await cancel(activity, attendee.token)).status).toBe(200);
      expect(await participants(activity)).toBe(0);
    });
  });

  it('exports the attendees as CSV that reads back exactly, formulas neutralised', async () => {
    const activity = await createActivity();
    const names = ['=HYPERLINK("x")', 'Say "hi"', 'Doe, Jane', 'Line\nBreak', 'Salad 🥗 Lover'];
    for (const name of names) await register(activity, (await newMember(name)).token);
    const path = `/api/admin/activities/${activity}/registrations.csv?sort=registeredAt`;
    expect((await app.request('GET', path, { token: member.token })).status).toBe(403);

    const response = await app.request('GET', path, { token: viewer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="activity-${activity}-registrations.csv"`,
    );
    // fetch's text() drops the byte-order mark, if any: the rows are what matter here.
    const rows = parseCsv((response.body as string).replace(/^\uFEFF/, ''));
    // Attended at stays empty until staff mark attendance (cpd.test.ts).
    expect(rows[0]).toEqual(['Name', 'E-mail', 'Registered at', 'Attended at']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['\'=HYPERLINK("x")', ...names.slice(1)]);
    expect(rows.slice(1).every((row) => row.length === 4 && row[3] === '' && row[1]!.endsWith('@example.org'))).toBe(
      true,
    );
  });
});
