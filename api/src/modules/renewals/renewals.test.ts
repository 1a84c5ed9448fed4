/**
 * Memberships that renew (issue 57) over real HTTP on each engine, with the test clock (2026-06-17 in
 * the organisation's zone, Asia/Kolkata): the renewal date staff set (If-Match, audited, field messages
 * that change nothing), the status derived from it, the members list's filter and the export, the
 * member's own status, the directory's "not lapsed" condition, and the reminders: at their offsets,
 * once per member, date and offset with two instances on one database, a changed date reminded again,
 * and none for the deactivated, the erased, or an open-ended membership.
 */
import { RENEWAL_DATE_MESSAGE } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../runtime.js';
import { createLogger } from '../../lib/logger.js';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';
import { membershipNotLapsed, membershipTerms } from './terms.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** TEST_START (10:00 UTC) is 15:30 in Asia/Kolkata: still 17 June there. */
const TODAY = '2026-06-17';

describeEngines('memberships that renew on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let viewerToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    viewerToken = (
      await app.createUser({ role: 'admin', permissions: { members: { view: true, edit: false, delete: false } } })
    ).token;
  });
  afterAll(() => app.close());

  const setDate = (id: number, renewalDate: unknown, headers: Record<string, string> = {}, token = superToken) =>
    app.request('PUT', `/api/admin/members/${id}/membership`, { token, body: { renewalDate }, headers });

  it('derives the status from the renewal date and today; the member reads theirs', async () => {
    expect(membershipTerms(app.runtime.deps)).toEqual({ today: TODAY, expiringUntil: '2026-07-17' });
    const cases: [string | null, string][] = [
      [null, 'active'],
      ['2026-07-18', 'active'],
      ['2026-07-17', 'expiring'],
      [TODAY, 'expiring'],
      ['2026-06-16', 'lapsed'],
    ];
    for (const [renewalDate, status] of cases) {
      const { user, token } = await app.createUser({ role: 'member' });
      const before = await app.request('GET', `/api/admin/members/${user.id}`, { token: superToken });
      expect(before.body.data).toMatchObject({ renewalDate: null, membershipStatus: 'active' });
      const saved = await setDate(user.id, renewalDate, { 'if-match': before.headers.get('etag')! });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ renewalDate, membershipStatus: status });
      const mine = await app.request('GET', '/api/account/membership', { token });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.body.data).toEqual({ status, renewalDate });
      // And it goes with "Download my data".
      expect((await app.request('GET', '/api/account/data', { token })).body.membership).toEqual({
        status,
        renewalDate,
      });
    }
  });

  it('saves with If-Match on the member, audited; the same date again changes nothing', async () => {
    const { user } = await app.createUser({ role: 'member' });
    const saved = await setDate(user.id, '2027-01-31', { 'if-match': '"1"', 'x-request-id': `renewal-${user.id}` });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Renewal date saved');
    expect(saved.headers.get('etag')).toBe('"2"');
    const entries = await app.runtime.deps.db(AUDIT_TABLE).where({ request_id: `renewal-${user.id}` });
    expect(entries).toEqual([
      expect.objectContaining({ module: 'members', action: 'update', entity_id: String(user.id) }),
    ]);
    expect(JSON.parse(entries[0]!.changes ?? '{}').renewal_date).toEqual({ before: null, after: '2027-01-31' });
    const stale = await setDate(user.id, '2027-02-01', { 'if-match': '"1"' });
    expect(stale.status).toBe(409);
    const same = await setDate(user.id, '2027-01-31', { 'if-match': '"2"' });
    expect(same.headers.get('etag')).toBe('"2"');
    const cleared = await setDate(user.id, null);
    expect(cleared.body).toMatchObject({
      message: 'Renewal date removed: the membership is open-ended',
      data: { renewalDate: null, membershipStatus: 'active', revision: 3 },
    });
  });

  it('refuses a bad date with the field message and changes nothing; checks rights and ids', async () => {
    const { user, token } = await app.createUser({ role: 'member' });
    await setDate(user.id, '2026-09-01');
    const before = (await app.request('GET', `/api/admin/members/${user.id}`, { token: superToken })).body.data;
    for (const bad of ['2026-02-30', '2026-9-1', 'next year', '1999-12-31', 20260901, '', true]) {
      const refused = await setDate(user.id, bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'renewalDate', message: RENEWAL_DATE_MESSAGE }]);
    }
    const missing = await app.request('PUT', `/api/admin/members/${user.id}/membership`, {
      token: superToken,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('renewalDate');
    const extra = await app.request('PUT', `/api/admin/members/${user.id}/membership`, {
      token: superToken,
      body: { renewalDate: '2026-10-01', status: 'active' },
    });
    expect(extra.status).toBe(400);
    expect((await app.request('GET', `/api/admin/members/${user.id}`, { token: superToken })).body.data).toEqual(
      before,
    );
    expect((await setDate(user.id, '2026-10-01', {}, viewerToken)).status).toBe(403);
    expect((await setDate(user.id, '2026-10-01', {}, token)).status).toBe(403);
    expect((await setDate(999_999, '2026-10-01')).status).toBe(404);
    const staff = await app.createUser({ role: 'admin' });
    expect((await setDate(staff.user.id, '2026-10-01')).status).toBe(404);
    expect((await app.request('GET', '/api/account/membership')).status).toBe(401);
    expect((await app.request('GET', '/api/account/membership', { token: viewerToken })).status).toBe(403);
  });

  it('the members list and its export filter by membership status', async () => {
    const make = async (name: string, renewalDate: string | null) => {
      const { user } = await app.createUser({ role: 'member', name });
      if (renewalDate) expect((await setDate(user.id, renewalDate)).status).toBe(200);
    };
    await make('Renewing Asha Open', null);
    await make('Renewing Bala Later', '2026-12-01');
    await make('Renewing Chitra Soon', '2026-06-20');
    await make('Renewing Dev Lapsed', '2026-05-01');
    const names = async (membership: string) => {
      const response = await app.request('GET', `/api/admin/members?q=Renewing&membership=${membership}`, {
        token: viewerToken,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.members.map((member: { name: string }) => member.name);
    };
    expect(await names('active')).toEqual(['Renewing Asha Open', 'Renewing Bala Later']);
    expect(await names('expiring')).toEqual(['Renewing Chitra Soon']);
    expect(await names('lapsed')).toEqual(['Renewing Dev Lapsed']);
    // Without a search the count is the filter's, not the kept tally of all members.
    const lapsed = await app.request('GET', '/api/admin/members?membership=lapsed&limit=100', { token: viewerToken });
    expect(lapsed.body.data.pagination.total).toBe(lapsed.body.data.members.length);
    expect(
      lapsed.body.data.members.every((member: { membershipStatus: string }) => member.membershipStatus === 'lapsed'),
    ).toBe(true);
    const csv = await app.request('GET', '/api/admin/members/export.csv?q=Renewing&membership=expiring', {
      token: viewerToken,
    });
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The renewal date is the last column, after the profile's and the tags'.
    expect(lines[0]).toMatch(/^Name,E-mail,Status,Joined at,Last sign-in,Title,.*,Tags,Renewal date$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Renewing Chitra Soon,.*,2026-06-20$/);
    const bad = await app.request('GET', '/api/admin/members?membership=overdue', { token: viewerToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'membership', message: 'Membership must be active, expiring or lapsed' },
    ]);
  });

  it('the import takes a renewal date column; a bad date makes the row invalid; the export reads back', async () => {
    const csv = [
      'Name,E-mail,Renewal date',
      'Imported Ira,ira.renewal@example.org,2026-07-01',
      'Imported Jo,jo.renewal@example.org,',
      'Imported Kay,kay.renewal@example.org,01/07/2026',
    ].join('\r\n');
    const dryRun = await app.request('POST', '/api/admin/members/import/dry-run', { token: superToken, body: { csv } });
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.data.rows).toEqual([
      { line: 2, name: 'Imported Ira', email: 'ira.renewal@example.org', outcome: 'new', renewalDate: '2026-07-01' },
      { line: 3, name: 'Imported Jo', email: 'jo.renewal@example.org', outcome: 'new' },
      {
        line: 4,
        name: 'Imported Kay',
        email: 'kay.renewal@example.org',
        outcome: 'invalid',
        reason: 'The renewal date must be a date written YYYY-MM-DD (such as 2027-03-31)',
        fieldErrors: [
          { field: 'renewalDate', message: 'The renewal date must be a date written YYYY-MM-DD (such as 2027-03-31)' },
        ],
      },
    ]);
    const imported = await app.request('POST', '/api/admin/members/import', { token: superToken, body: { csv } });
    expect(imported.body.data.imported).toBe(2);
    const listed = await app.request('GET', '/api/admin/members?q=Imported', { token: superToken });
    expect(
      listed.body.data.members.map((member: { name: string; renewalDate: string | null; membershipStatus: string }) => [
        member.name,
        member.renewalDate,
        member.membershipStatus,
      ]),
    ).toEqual([
      ['Imported Ira', '2026-07-01', 'expiring'],
      ['Imported Jo', null, 'active'],
    ]);
    const csvOut = await app.request('GET', '/api/admin/members/export.csv?q=Imported', { token: superToken });
    expect(String(csvOut.body)).toMatch(
      /Imported Ira,ira\.renewal@example\.org,Active,[^,]+,,(?:[^,\r\n]*,){11}2026-07-01\r\n/,
    );
  });

  it('membershipNotLapsed: the directory’s one-line condition', async () => {
    const { db } = app.runtime.deps;
    const ids: Record<string, number> = {};
    for (const [key, date] of [
      ['open', null],
      ['today', TODAY],
      ['yesterday', '2026-06-16'],
    ] as const) {
      const { user } = await app.createUser({ role: 'member' });
      ids[key] = user.id;
      await db('users').where({ id: user.id }).update({ renewal_date: date });
    }
    const listed = await db('users')
      .whereIn('users.id', Object.values(ids))
      .where(membershipNotLapsed(membershipTerms(app.runtime.deps).today))
      .orderBy('id')
      .pluck('id');
    expect(listed).toEqual([ids.open, ids.today]);
    // Joined under another name, as a directory query over profiles may name it.
    const joined = await db('member_profiles')
      .rightJoin('users as u', 'u.id', 'member_profiles.user_id')
      .whereIn('u.id', Object.values(ids))
      .where(membershipNotLapsed('2026-06-17', 'u.renewal_date'))
      .pluck('u.id');
    expect(joined.sort((a, b) => a - b)).toEqual([ids.open, ids.today]);
  });
});

/** A further instance of the app's database, as a second server would run it, on the same clock. */
const anotherInstance = (app: TestApp): Promise<Runtime> =>
  startRuntime(app.runtime.deps.config, createLogger('silent'), app.clock);

describeEngines('renewal reminders with two instances on %s', (engine) => {
  let app: TestApp;
  let second: Runtime;
  let superToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine, { RENEWAL_REMINDER_DAYS: '7, 30' });
    second = await anotherInstance(app);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  const member = async (renewalDate: string | null) => {
    const created = await app.createUser({ role: 'member' });
    if (renewalDate) {
      const saved = await app.request('PUT', `/api/admin/members/${created.user.id}/membership`, {
        token: superToken,
        body: { renewalDate },
      });
      expect(saved.status).toBe(200);
    }
    return created;
  };
  /**
   * Both instances look, at once on PostgreSQL. SQLite serves one process (better-sqlite3 waits for a
   * lock on the event loop, so two instances in one test process cannot wait for each other): there
   * they look one after the other, and the second finds the first's claims.
   */
  const lookTwice = async (): Promise<[number, number]> => {
    if (engine === 'postgres') {
      return Promise.all([app.runtime.renewalReminders.runDue(), second.renewalReminders.runDue()]);
    }
    const first = await app.runtime.renewalReminders.runDue();
    return [first, await second.renewalReminders.runDue()];
  };
  const reminders = (email: string) =>
    app.runtime.deps.db('mail_queue').where({ recipient: email, kind: 'renewal_reminder' }).orderBy('id');

  it('queues each reminder once at its offset, through the mail queue, and none for the others', async () => {
    const in30 = await member('2026-07-17');
    const in12 = await member('2026-06-29');
    const in5 = await member('2026-06-22');
    const lapsed = await member('2026-06-16');
    const open = await member(null);
    const far = await member('2026-09-01');
    const deactivated = await member('2026-06-22');
    const erased = await member('2026-06-22');
    const staff = await app.createUser({ role: 'admin' });
    await app.runtime.deps.db('users').where({ id: staff.user.id }).update({ renewal_date: '2026-06-22' });
    expect(
      (await app.request('PATCH', `/api/admin/members/${deactivated.user.id}/deactivate`, { token: superToken }))
        .status,
    ).toBe(200);
    expect((await app.request('DELETE', `/api/admin/members/${erased.user.id}`, { token: superToken })).status).toBe(
      200,
    );

    const queued = await lookTwice();
    expect(queued[0] + queued[1]).toBe(3);
    expect(await lookTwice()).toEqual([0, 0]);
    for (const { email } of [in30, in12, in5]) expect(await reminders(email)).toHaveLength(1);
    for (const { email } of [lapsed, open, far, deactivated, erased, staff]) expect(await reminders(email)).toEqual([]);
    const claims = await app.runtime.deps
      .db('renewal_reminders')
      .orderBy('user_id')
      .select('user_id', 'renewal_date', 'offset_days');
    expect(claims).toEqual([
      { user_id: in30.user.id, renewal_date: '2026-07-17', offset_days: 30 },
      { user_id: in12.user.id, renewal_date: '2026-06-29', offset_days: 30 },
      { user_id: in5.user.id, renewal_date: '2026-06-22', offset_days: 7 },
    ]);

    await Promise.all([app.runtime.deps.mailer.drain(), second.deps.mailer.drain()]);
    const mail = await app.smtp.waitForMail((candidate) => candidate.to.includes(in5.email));
    expect(mail.subject).toBe('Your membership renews in 5 days');
    expect(mail.text).toContain('on 2026-06-22');
    expect(mail.text).toContain('http://site.test/account/profile');
    expect(app.smtp.mails.filter((candidate) => candidate.to.includes(in30.email))).toHaveLength(1);
  });

  it('a later day brings the next offset; a changed date gets its own reminders', async () => {
    const renewing = await member('2026-07-17');
    await lookTwice();
    expect(await reminders(renewing.email)).toHaveLength(1);
    // 23 days on it is 7 days before the date: the 7-day reminder, once.
    app.clock.advance(23 * DAY_MS);
    try {
      await lookTwice();
      expect(await lookTwice()).toEqual([0, 0]);
      const sent = await reminders(renewing.email);
      expect(sent.map((row) => row.subject)).toEqual([
        'Your membership renews in 30 days',
        'Your membership renews in 7 days',
      ]);
      // Renewed (a new date within 7 days, say): its own reminder, though this offset was sent for the old one.
      // 23 days on, the session of the morning has expired: sign in again.
      const token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
      const renewed = await app.request('PUT', `/api/admin/members/${renewing.user.id}/membership`, {
        token,
        body: { renewalDate: '2026-07-12' },
      });
      expect(renewed.body.data).toMatchObject({ renewalDate: '2026-07-12', membershipStatus: 'expiring' });
      const queued = await lookTwice();
      expect(queued[0] + queued[1]).toBeGreaterThanOrEqual(1);
      expect((await reminders(renewing.email)).map((row) => row.subject).at(-1)).toBe(
        'Your membership renews in 2 days',
      );
      expect(await lookTwice()).toEqual([0, 0]);
    } finally {
      app.clock.advance(-23 * DAY_MS);
    }
  });
});
