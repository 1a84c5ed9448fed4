/**
 * The Members module (issue 22) over real HTTP: who may do what, the search in any case and accents,
 * the filters and sorts with the console's pager, the detail, the CSV export with its formula cells
 * neutralised, and deactivation, which ends the member's sessions and is audited like any staff write.
 */
import type { Member, MemberDetail } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';

interface MembersPage {
  members: Member[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;

describeEngines('members on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  /** members: view only. */
  let viewerToken: string;
  /** members: view and edit. */
  let editorToken: string;
  /** Every permission but the members module's. */
  let outsiderToken: string;

  /** The five members the search, filter and sort tests read, by name. */
  const ids = { renee: 0, soren: 0, ida: 0, zoe: 0, bob: 0 };
  let pastActivity: number;
  let upcomingActivity: number;

  const list = async (query: string, token = superToken): Promise<MembersPage> => {
    const response = await app.request('GET', `/api/admin/members?${query}`, { token });
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.data;
  };
  const names = async (query: string) => (await list(query)).members.map((member) => member.name);
  const sorted = (values: string[]) => [...values].sort();
  /** The CSV as its bytes say, BOM included (response.text() would drop the BOM). */
  async function download(query: string, token: string): Promise<{ response: Response; text: string }> {
    const url = `${app.baseUrl}/api/admin/members/export.csv${query}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { response, text };
  }

  /** A member who joined `daysAgo` days before the test clock's now. */
  async function member(name: string, email: string, daysAgo: number): Promise<number> {
    const { user } = await app.createUser({ role: 'member', name, email });
    const joined = new Date(app.clock.now().getTime() - daysAgo * DAY_MS);
    await app.runtime.deps.db('users').where({ id: user.id }).update({ created_at: joined });
    return user.id;
  }

  async function activity(status: 'upcoming' | 'past', title: string, date: string): Promise<number> {
    const body = { ...sampleBodies.activity, status, title, date };
    const response = await app.request('POST', '/api/admin/activities', { token: superToken, body });
    expect(response.status).toBe(201);
    return response.body.data.id;
  }

  const register = (activityId: number, userId: number) =>
    app.runtime.deps
      .db('activity_registrations')
      .insert({ activity_id: activityId, user_id: userId, created_at: app.clock.now() });

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    const members = (view: boolean, edit: boolean) => ({ members: { view, edit, delete: false } });
    viewerToken = (await app.createUser({ role: 'admin', permissions: members(true, false) })).token;
    editorToken = (await app.createUser({ role: 'admin', permissions: members(true, true) })).token;
    const everythingElse = Object.fromEntries(
      ['membership', 'about', 'activities', 'connect', 'testimonials', 'faqs'].map((module) => [
        module,
        { view: true, edit: true, delete: true },
      ]),
    );
    outsiderToken = (await app.createUser({ role: 'admin', name: 'Staff Only', permissions: everythingElse })).token;

    // Joined 40, 30, 20, 10 and 1 days ago.
    ids.renee = await member('Renée Lefèvre', 'renee@example.org', 40);
    ids.soren = await member('Søren Dvořák', 'sd@example.org', 30);
    ids.ida = await member('Ida Nash', 'ida_n@example.org', 20);
    ids.zoe = await member('zoë Adams', 'zoe@nutrition.example', 10);
    ids.bob = await member('Bob Ellis', 'bob@example.org', 1);
    await app.runtime.deps.db('users').where({ id: ids.ida }).update({ is_active: false });

    pastActivity = await activity('past', 'Spring clinic', '2026-03-01T09:00:00Z');
    upcomingActivity = await activity('upcoming', 'Autumn congress', '2026-10-01T09:00:00Z');
    await register(pastActivity, ids.renee);
    await register(upcomingActivity, ids.renee);
    await register(upcomingActivity, ids.zoe);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('permissions', () => {
    it('lets a viewer list, read and export, but not deactivate or reactivate', async () => {
      expect((await list('', viewerToken)).pagination.total).toBe(5);
      const detail = await app.request('GET', `/api/admin/members/${ids.bob}`, { token: viewerToken });
      expect(detail.status).toBe(200);
      const csv = await app.request('GET', '/api/admin/members/export.csv', { token: viewerToken });
      expect(csv.status).toBe(200);
      for (const action of ['deactivate', 'reactivate']) {
        const refused = await app.request('PATCH', `/api/admin/members/${ids.bob}/${action}`, { token: viewerToken });
        expect(refused.status, action).toBe(403);
      }
      const bob = await app.runtime.deps.db('users').where({ id: ids.bob }).first('is_active');
      expect(Boolean(bob?.is_active)).toBe(true);
    });

    it('refuses staff without the members module, members themselves and anonymous callers', async () => {
      expect((await app.request('GET', '/api/admin/members', { token: outsiderToken })).status).toBe(403);
      const memberToken = await app.newSession(ids.bob);
      expect((await app.request('GET', '/api/admin/members', { token: memberToken })).status).toBe(403);
      expect((await app.request('GET', '/api/admin/members')).status).toBe(401);
    });

    it('lists members only: a staff account is no member (404)', async () => {
      const all = await list('limit=100');
      expect(all.members.map((member) => member.id).sort((a, b) => a - b)).toEqual(
        Object.values(ids).sort((a, b) => a - b),
      );
      const staff = await app.createUser({ role: 'admin', name: 'Renée Staff' });
      expect(await names('q=renee')).toEqual(['Renée Lefèvre']);
      expect((await app.request('GET', `/api/admin/members/${staff.user.id}`, { token: superToken })).status).toBe(404);
      const deactivateStaff = await app.request('PATCH', `/api/admin/members/${staff.user.id}/deactivate`, {
        token: editorToken,
      });
      expect(deactivateStaff.status).toBe(404);
    });
  });

  it('searches the name or e-mail in any case and accents, % and _ being plain characters', async () => {
    expect(await names('q=LEFEVRE')).toEqual(['Renée Lefèvre']); // trigram: accents left out
    expect(await names('q=l%C3%A9f%C3%A8')).toEqual(['Renée Lefèvre']); // "léfè", typed with accents
    expect(await names('q=dvorak')).toEqual(['Søren Dvořák']);
    expect(await names('q=%C3%98')).toEqual(['Søren Dvořák']); // "Ø": one character
    expect(await names('q=EE')).toEqual(['Renée Lefèvre']); // two characters, below the trigram
    expect(await names('q=ZOE')).toEqual(['zoë Adams']);
    expect(await names('q=NUTRITION.EXAMPLE')).toEqual(['zoë Adams']); // the e-mail
    expect(await names('q=SD%40')).toEqual(['Søren Dvořák']);
    expect(await names('q=_')).toEqual(['Ida Nash']);
    expect(await names('q=%25')).toEqual([]);
    expect((await list('q=ee')).pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });
  });

  it('filters by status, join days (both included), activity, and with a search', async () => {
    expect(sorted(await names('status=deactivated'))).toEqual(['Ida Nash']);
    expect((await list('status=active')).pagination.total).toBe(4);
    const day = (daysAgo: number) => new Date(app.clock.now().getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    expect(sorted(await names(`joinedFrom=${day(30)}&joinedTo=${day(10)}`))).toEqual([
      'Ida Nash',
      'Søren Dvořák',
      'zoë Adams',
    ]);
    expect(await names(`joinedTo=${day(40)}`)).toEqual(['Renée Lefèvre']);
    expect(sorted(await names(`activityId=${upcomingActivity}`))).toEqual(['Renée Lefèvre', 'zoë Adams']);
    expect(await names(`activityId=${pastActivity}&joinedFrom=${day(39)}`)).toEqual([]);
    expect(await names(`activityId=${upcomingActivity}&q=adams`)).toEqual(['zoë Adams']);
    expect(await names(`status=deactivated&q=nash`)).toEqual(['Ida Nash']);
    expect(await names(`status=active&q=nash`)).toEqual([]);

    const bad = await app.request('GET', `/api/admin/members?joinedFrom=${day(1)}&joinedTo=${day(30)}`, {
      token: superToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ field: 'joinedTo', message: 'Joined from must not be after joined to' }),
    ]);
    for (const query of ['status=gone', 'joinedFrom=2026-02-30', 'activityId=x', 'sort=email']) {
      expect((await app.request('GET', `/api/admin/members?${query}`, { token: superToken })).status, query).toBe(400);
    }
  });

  it('sorts by name or join date, either way, and pages with the console pager', async () => {
    // Sorted as the admins list sorts names (the stored text): "zoë" after the capitals on both engines.
    expect(await names('')).toEqual(['Bob Ellis', 'Ida Nash', 'Renée Lefèvre', 'Søren Dvořák', 'zoë Adams']);
    expect(await names('sort=name&order=desc')).toEqual([
      'zoë Adams',
      'Søren Dvořák',
      'Renée Lefèvre',
      'Ida Nash',
      'Bob Ellis',
    ]);
    expect(await names('sort=joinedAt')).toEqual([
      'Renée Lefèvre',
      'Søren Dvořák',
      'Ida Nash',
      'zoë Adams',
      'Bob Ellis',
    ]);
    expect(await names('sort=joinedAt&order=desc&limit=2&page=2')).toEqual(['Ida Nash', 'Søren Dvořák']);
    expect((await list('sort=joinedAt&order=desc&limit=2&page=2')).pagination).toEqual({
      page: 2,
      limit: 2,
      total: 5,
      pages: 3,
    });
    // The short search walks the list order too.
    expect(await names('q=e&sort=joinedAt&order=desc')).toEqual([
      'Bob Ellis',
      'zoë Adams',
      'Ida Nash',
      'Søren Dvořák',
      'Renée Lefèvre',
    ]);
  });

  it('shows the detail: profile, join date, last sign-in, registrations and, once the address is proved, contact messages', async () => {
    const now = app.clock.now();
    await app.runtime.deps.db('contact_messages').insert(
      [1, 2, 3].map((index) => ({
        name: 'Renée',
        email: 'renee@example.org',
        phone: '+911234567890',
        message: `Question number ${index} about membership.`,
        state: 'new' as const,
        created_at: new Date(now.getTime() + index * 1000),
      })),
    );
    // Until Renée proves her address (a completed reset link: erasure.test.ts), the messages are not hers.
    const unproved = await app.request('GET', `/api/admin/members/${ids.renee}`, { token: viewerToken });
    expect(unproved.body.data).toMatchObject({ emailVerified: false, contactMessages: [], contactMessageCount: 0 });
    await app.runtime.deps.db('users').where({ id: ids.renee }).update({ email_verified_at: now });
    const response = await app.request('GET', `/api/admin/members/${ids.renee}`, { token: viewerToken });
    expect(response.status).toBe(200);
    const detail: MemberDetail = response.body.data;
    expect(detail.emailVerified).toBe(true);
    expect(response.headers.get('etag')).toBe(`"${detail.revision}"`);
    expect(detail).toMatchObject({ id: ids.renee, name: 'Renée Lefèvre', email: 'renee@example.org', isActive: true });
    expect(detail.lastLogin).toBeNull();
    expect(new Date(detail.joinedAt).getTime()).toBeLessThan(now.getTime() - 39 * DAY_MS);
    expect(detail.registrations.upcoming.map((registration) => registration.title)).toEqual(['Autumn congress']);
    expect(detail.registrations.past).toEqual([
      expect.objectContaining({ activityId: pastActivity, title: 'Spring clinic', status: 'past' }),
    ]);
    expect(detail.contactMessageCount).toBe(3);
    expect(detail.contactMessages.map((message) => message.message)).toEqual([
      'Question number 3 about membership.',
      'Question number 2 about membership.',
      'Question number 1 about membership.',
    ]);
    expect(detail).not.toHaveProperty('permissions');

    // A sign-in is recorded as the last one.
    const { email, password } = await app.createUser({ role: 'member', name: 'Signs In' });
    const before = app.clock.now().getTime();
    const login = await app.request('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const signedIn = await app.request('GET', `/api/admin/members/${login.body.data.user.id}`, { token: superToken });
    const lastLogin = Date.parse(signedIn.body.data.lastLogin);
    expect(lastLogin).toBeGreaterThanOrEqual(before);
    expect(lastLogin).toBeLessThanOrEqual(app.clock.now().getTime());
    expect(signedIn.body.data.registrations).toEqual({ upcoming: [], past: [] });
    await app.runtime.deps.db('users').where({ id: login.body.data.user.id }).delete();

    expect((await app.request('GET', '/api/admin/members/999999', { token: superToken })).status).toBe(404);
  });

  it('exports the filter as RFC 4180 CSV, in its order, with formula cells neutralised', async () => {
    const formula = await member('=HYPERLINK("http://evil.example","Click")', 'formula@example.org', 5);
    const plus = await member('+Plus, "Quoted" Name', 'plus@example.org', 4);
    try {
      const { response, text } = await download('?sort=joinedAt&order=desc&status=active', viewerToken);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="members.csv"');
      expect(text.startsWith('\uFEFFName,E-mail,Status,Joined at,Last sign-in,Title,Country,')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
        'Bob Ellis',
        `"'+Plus`,
        `"'=HYPERLINK(""http://evil.example""`,
        'zoë Adams',
        'Søren Dvořák',
        'Renée Lefèvre',
      ]);
      // The profile's and tags' cells are empty for a member without them.
      expect(lines[2]).toMatch(/^"'\+Plus, ""Quoted"" Name",plus@example\.org,Active,\d{4}-\d\d-\d\dT[\d:.]+Z,,{12}$/);
      expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",formula@example.org,Active,`);
      expect(text).not.toContain('Ida Nash');

      const searched = await download('?q=L%C3%89FEVRE', superToken);
      expect(searched.text.slice(1).split('\r\n').slice(1, -1)).toEqual([
        expect.stringMatching(/^Renée Lefèvre,renee@example\.org,Active,/),
      ]);
    } finally {
      await app.runtime.deps.db('users').whereIn('id', [formula, plus]).delete();
    }
  });

  describe('deactivation', () => {
    it('ends every session of the member, refuses their token, and is audited; reactivation lets them in', async () => {
      const { user, email, password, token } = await app.createUser({ role: 'member', name: 'Leaving Member' });
      const second = await app.newSession(user.id);
      expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);

      const detail = await app.request('GET', `/api/admin/members/${user.id}`, { token: editorToken });
      const response = await app.request('PATCH', `/api/admin/members/${user.id}/deactivate`, {
        token: editorToken,
        headers: { 'if-match': detail.headers.get('etag')!, 'x-request-id': 'deactivate-member-1' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ message: 'Member deactivated', data: { id: user.id, isActive: false } });
      expect(response.headers.get('etag')).toBe(`"${response.body.data.revision}"`);

      for (const signedIn of [token, second]) {
        expect((await app.request('GET', '/api/auth/me', { token: signedIn })).status).toBe(401);
      }
      const live = await app.runtime.deps.db('sessions').where({ user_id: user.id }).whereNull('ended_at');
      expect(live).toEqual([]);
      expect((await app.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);

      const entries = await app.runtime.deps.db(AUDIT_TABLE).where({ request_id: 'deactivate-member-1' });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        module: 'members',
        action: 'account_deactivated',
        entity_id: String(user.id),
      });
      const changes = JSON.parse(entries[0]!.changes ?? '{}');
      expect([changes.is_active.before, changes.is_active.after].map(Boolean)).toEqual([true, false]);

      // Asked again: nothing changes and nothing more is audited.
      const again = await app.request('PATCH', `/api/admin/members/${user.id}/deactivate`, {
        token: editorToken,
        headers: { 'x-request-id': 'deactivate-member-2' },
      });
      expect(again.status).toBe(200);
      expect(again.body.data.revision).toBe(response.body.data.revision);
      expect(await app.runtime.deps.db(AUDIT_TABLE).where({ request_id: 'deactivate-member-2' })).toEqual([]);

      const back = await app.request('PATCH', `/api/admin/members/${user.id}/reactivate`, {
        token: editorToken,
        headers: { 'x-request-id': 'reactivate-member-1' },
      });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ message: 'Member reactivated', data: { isActive: true } });
      const reactivated = await app.runtime.deps.db(AUDIT_TABLE).where({ request_id: 'reactivate-member-1' });
      expect(reactivated).toEqual([
        expect.objectContaining({ module: 'members', action: 'account_activated', entity_id: String(user.id) }),
      ]);
      // Tokens from before the deactivation stay dead; a new sign-in works.
      expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await app.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
    });

    it('refuses a stale If-Match with 409 and replays an Idempotency-Key', async () => {
      const { user } = await app.createUser({ role: 'member', name: 'Stale Member' });
      const stale = await app.request('PATCH', `/api/admin/members/${user.id}/deactivate`, {
        token: editorToken,
        headers: { 'if-match': `"${user.revision + 5}"` },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('edit_conflict');

      const headers = { 'idempotency-key': `deactivate-${user.id}` };
      const first = await app.request('PATCH', `/api/admin/members/${user.id}/deactivate`, {
        token: editorToken,
        headers,
      });
      const repeat = await app.request('PATCH', `/api/admin/members/${user.id}/deactivate`, {
        token: editorToken,
        headers,
      });
      expect(first.status).toBe(200);
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(repeat.body).toEqual(first.body);
    });
  });
});
