/**
 * Attendance, CPD hours and certificates (issue 58) through the real server on each engine: staff
 * mark attendance (one, all, by check-in code, a walk-in) and are refused for someone not registered
 * with nothing changed; hours are checked; the member's /account/activities and its CSV; the PDF
 * certificate read back (pdf-lib, and its text), issued once, its code verified publicly, refused for
 * an activity not attended, and no longer verifying once the member is erased; two instances issue
 * one certificate; the check's rate limit.
 */
import type { MemberDataExport } from '@npo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toIso } from '../../db/rows.js';
import { parseCsv } from '../../test-support/csv.js';
import { describeEngines } from '../../test-support/databases.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { sampleBodies } from '../../test-support/samples.js';
import { serveRuntime, type ServedRuntime } from '../../test-support/runtime-harness.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { NOT_REGISTERED, UNKNOWN_CHECK_IN_CODE, WALK_IN_REGISTERED } from '../activities/attendance.js';
import { NOT_ATTENDED } from './service.js';

const MINUTE = 60_000;

describeEngines('attendance, CPD and certificates on %s', (engine) => {
  let app: TestApp;
  let editor: string;
  let superToken: string;
  let unique = 0;

  const createActivity = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.request('POST', '/api/admin/activities', {
      token: editor,
      body: { ...sampleBodies.activity, cpdHours: 1.5, ...overrides },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data.id as number;
  };
  const newMember = async (name: string) => {
    const account = await app.createUser({ role: 'member', name, email: `cpd${(unique += 1)}-${engine}@example.org` });
    return { token: account.token, id: account.user.id, email: account.email };
  };
  const register = async (activityId: number, token: string) => {
    expect((await app.request('POST', `/api/activities/${activityId}/register`, { token })).status).toBe(201);
  };
  const setPast = async (activityId: number) => {
    const current = await app.request('GET', `/api/activities/${activityId}`);
    const {
      id: _id,
      revision,
      participants: _p,
      attended: _a,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = current.body.data;
    const response = await app.request('PUT', `/api/admin/activities/${activityId}`, {
      token: editor,
      headers: { 'if-match': `"${revision}"` },
      body: { ...fields, status: 'past' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const mark = (activityId: number, userIds: number[], attended = true) =>
    app.request('POST', `/api/admin/activities/${activityId}/attendance`, {
      token: editor,
      body: { userIds, attended },
    });
  const counts = async (activityId: number) => {
    const { participants, attended } = (await app.request('GET', `/api/activities/${activityId}`)).body.data;
    return { participants, attended };
  };
  const attendedAt = async (activityId: number) =>
    (await app.runtime.deps.db('activity_registrations').where({ activity_id: activityId }).orderBy('user_id')).map(
      (row: { attended_at: unknown }) => row.attended_at !== null,
    );
  const accountActivities = async (token: string) => {
    const response = await app.request('GET', '/api/account/activities', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    return response.body.data;
  };
  /** The PDF as bytes (app.request reads answers as text). */
  const download = async (activityId: number, token: string) => {
    const response = await fetch(`${app.baseUrl}/api/account/activities/${activityId}/certificate.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    editor = (
      await app.createUser({ role: 'admin', permissions: { activities: { view: true, edit: true, delete: false } } })
    ).token;
    superToken = (await app.createUser({ role: 'super_admin' })).token;
  });
  beforeEach(async () => {
    await app.runtime.deps.db('activities').delete();
    // Each test starts in a new rate-limit window.
    app.clock.advance(MINUTE);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('CPD hours on an activity', () => {
    it('takes 0 to 100 hours with one decimal, and refuses negative, absurd or finer ones with nothing saved', async () => {
      const id = await createActivity({ cpdHours: 2.5 });
      expect((await app.request('GET', `/api/activities/${id}`)).body.data).toMatchObject({
        cpdHours: 2.5,
        attended: 0,
      });
      expect((await createActivity({ cpdHours: null })) > 0).toBe(true);
      for (const cpdHours of [-1, 100.5, 1000, 1.25, 'two']) {
        const before = await app.count('activities');
        const response = await app.request('POST', '/api/admin/activities', {
          token: editor,
          body: { ...sampleBodies.activity, cpdHours },
        });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([expect.objectContaining({ field: 'cpdHours' })]);
        expect(await app.count('activities')).toBe(before);
      }
    });
  });

  describe('attendance', () => {
    it('marks one, unmarks, marks all, and refuses someone not registered with nothing changed', async () => {
      const activity = await createActivity();
      const [ann, ben, cat] = [
        await newMember('Ann Attends'),
        await newMember('Ben Busy'),
        await newMember('Cat Late'),
      ];
      await register(activity, ann.token);
      await register(activity, ben.token);
      const stranger = await newMember('Stranger');

      expect((await mark(activity, [ann.id])).status).toBe(200);
      expect(await counts(activity)).toEqual({ participants: 2, attended: 1 });
      const list = await app.request('GET', `/api/admin/activities/${activity}/registrations`, { token: editor });
      const annRow = list.body.data.registrations.find((row: { userId: number }) => row.userId === ann.id);
      expect(annRow.attendedAt).not.toBeNull();

      const refused = await mark(activity, [ben.id, stranger.id]);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'userIds', message: `${NOT_REGISTERED}: account ${stranger.id}` }]);
      expect(await counts(activity)).toEqual({ participants: 2, attended: 1 });

      expect((await mark(activity, [ann.id], false)).status).toBe(200);
      expect(await counts(activity)).toEqual({ participants: 2, attended: 0 });

      await register(activity, cat.token);
      const all = await app.request('POST', `/api/admin/activities/${activity}/attendance/all`, { token: editor });
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ participants: 3, attended: 3 });
      expect(await attendedAt(activity)).toEqual([true, true, true]);

      for (const body of [{ userIds: [], attended: true }, { userIds: [ann.id] }, { userIds: ['x'], attended: true }]) {
        const bad = await app.request('POST', `/api/admin/activities/${activity}/attendance`, { token: editor, body });
        expect(bad.status).toBe(400);
        expect(bad.body.errors.length).toBeGreaterThan(0);
      }
    });

    it('checks a registrant in by the code shown to them, in any case, and refuses an unknown code', async () => {
      const activity = await createActivity();
      const ann = await newMember('Ann Checks In');
      await register(activity, ann.token);
      const [own] = (await accountActivities(ann.token)).upcoming;
      expect(own.checkInCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);

      const wrong = await app.request('POST', `/api/admin/activities/${activity}/check-in`, {
        token: editor,
        body: { code: own.checkInCode === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([{ field: 'code', message: UNKNOWN_CHECK_IN_CODE }]);
      expect(await counts(activity)).toEqual({ participants: 1, attended: 0 });

      const typed = `${own.checkInCode.slice(0, 3).toLowerCase()}-${own.checkInCode.slice(3)}`;
      const checked = await app.request('POST', `/api/admin/activities/${activity}/check-in`, {
        token: editor,
        body: { code: typed },
      });
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body.data).toMatchObject({ userId: ann.id, name: 'Ann Checks In' });
      expect(checked.body.data.attendedAt).not.toBeNull();
      expect(await counts(activity)).toEqual({ participants: 1, attended: 1 });
    });

    it('adds a walk-in: a new account without a password, or the existing one, registered and attended at once', async () => {
      const activity = await createActivity({ capacity: 1 });
      const ann = await newMember('Ann Registered');
      await register(activity, ann.token);
      const email = `walkin-${engine}@example.org`;
      const walkIn = await app.request('POST', `/api/admin/activities/${activity}/walk-ins`, {
        token: editor,
        body: { name: 'Wanda Walkin', email: email.toUpperCase() },
      });
      expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
      expect(walkIn.body.data).toMatchObject({ name: 'Wanda Walkin', email });
      const account = await app.runtime.deps.db('users').where({ email }).first();
      expect(account).toMatchObject({ role: 'member', password_hash: null });
      // Past the capacity: they are in the room.
      expect(await counts(activity)).toEqual({ participants: 2, attended: 1 });

      const again = await app.request('POST', `/api/admin/activities/${activity}/walk-ins`, {
        token: editor,
        body: { name: 'Ann Registered', email: ann.email },
      });
      expect(again.status).toBe(409);
      expect(again.body.errors).toEqual([{ field: 'email', message: WALK_IN_REGISTERED }]);
      const bad = await app.request('POST', `/api/admin/activities/${activity}/walk-ins`, {
        token: editor,
        body: { name: 'X', email: 'not-an-address' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['email', 'name']);
      expect(await counts(activity)).toEqual({ participants: 2, attended: 1 });
    });
  });

  describe('the member’s activities and certificates', () => {
    it('lists upcoming and past, counts CPD hours per year, exports them, and issues one certificate per registration', async () => {
      const member = await newMember('Zoë Ångström');
      const webinar = await createActivity({
        title: 'Renal diets webinar',
        date: '2026-12-14T10:00:00Z',
        cpdHours: 1.5,
      });
      const congress = await createActivity({ title: 'Winter congress', date: '2027-01-20T09:00:00Z', cpdHours: 6 });
      const noHours = await createActivity({ title: 'Members social', date: '2026-11-02T18:00:00Z', cpdHours: null });
      const missed = await createActivity({ title: 'Missed workshop', date: '2026-10-01T09:00:00Z', cpdHours: 2 });
      const coming = await createActivity({ title: 'Spring workshop', date: '2030-04-01T09:00:00Z', cpdHours: 3 });
      for (const id of [webinar, congress, noHours, missed, coming]) await register(id, member.token);
      for (const id of [webinar, congress, noHours]) expect((await mark(id, [member.id])).status).toBe(200);
      for (const id of [webinar, congress, noHours, missed]) await setPast(id);

      const mine = await accountActivities(member.token);
      expect(mine.upcoming.map((row: { title: string }) => row.title)).toEqual(['Spring workshop']);
      expect(mine.past.map((row: { title: string }) => row.title)).toEqual([
        'Winter congress',
        'Renal diets webinar',
        'Members social',
        'Missed workshop',
      ]);
      expect(mine.past.map((row: { certificateAvailable: boolean }) => row.certificateAvailable)).toEqual([
        true,
        true,
        false,
        false,
      ]);
      expect(mine.cpd).toEqual([
        { year: 2027, hours: 6, activities: [expect.objectContaining({ title: 'Winter congress', hours: 6 })] },
        { year: 2026, hours: 1.5, activities: [expect.objectContaining({ title: 'Renal diets webinar', hours: 1.5 })] },
      ]);

      // Not attended, or no hours: refused, and nothing issued.
      for (const id of [missed, noHours]) {
        const refused = await app.request('GET', `/api/account/activities/${id}/certificate.pdf`, {
          token: member.token,
        });
        expect(refused.status).toBe(409);
      }
      expect(
        (await app.request('GET', `/api/account/activities/${missed}/certificate.pdf`, { token: member.token })).body
          .message,
      ).toBe(NOT_ATTENDED);
      expect(await app.count('activity_certificates')).toBe(0);

      const first = await download(webinar, member.token);
      expect(first.status).toBe(200);
      expect(first.type).toBe('application/pdf');
      const { document, lines } = await pdfText(first.bytes);
      expect(document.getPageCount()).toBe(1);
      const code = /^Verification code ([A-Z2-7]{16})$/.exec(document.getSubject() ?? '')?.[1];
      expect(code).toBeDefined();
      expect(lines).toEqual(
        expect.arrayContaining([
          'Global Nutrition Network',
          'Zoë Ångström',
          'Renal diets webinar',
          'on 14 December 2026',
          '1.5 h of CPD',
          `Verification code: ${code!.match(/.{4}/g)!.join('-')}`,
          `Check it at http://localhost:3000/certificates/${code}`.replace(
            'http://localhost:3000',
            app.runtime.deps.config.publicUrl,
          ),
        ]),
      );

      // Downloading again gives the same certificate; the page lists it with its link.
      const second = await pdfText((await download(webinar, member.token)).bytes);
      expect(second.document.getSubject()).toBe(document.getSubject());
      expect(await app.count('activity_certificates')).toBe(1);
      const listed = (await accountActivities(member.token)).past.find(
        (row: { title: string }) => row.title === 'Renal diets webinar',
      );
      expect(listed.certificate).toEqual({ code, url: `${app.runtime.deps.config.publicUrl}/certificates/${code}` });

      // The public check tells the certificate's words, nothing else; a wrong code answers alike whatever it is.
      const verified = await app.request('GET', `/api/certificates/${code!.toLowerCase()}`);
      expect(verified.status).toBe(200);
      expect(verified.headers.get('cache-control')).toBe('private, no-store');
      expect(verified.body.data).toEqual({
        name: 'Zoë Ångström',
        activity: 'Renal diets webinar',
        date: '2026-12-14T10:00:00.000Z',
        hours: 1.5,
      });
      const near = `${code!.slice(0, 15)}${code!.endsWith('A') ? 'B' : 'A'}`;
      const answers = await Promise.all(
        [near, 'AAAAAAAAAAAAAAAA', 'x', '%27%20or%201%3D1'].map((wrong) =>
          app.request('GET', `/api/certificates/${wrong}`),
        ),
      );
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
        answers.map(() => [404, { success: false, code: 'not_found', message: 'Certificate not found' }]),
      );

      const csv = await app.request('GET', '/api/account/activities/cpd.csv', { token: member.token });
      expect(csv.status).toBe(200);
      expect(parseCsv(csv.body as string)).toEqual([
        ['Year', 'Date', 'Activity', 'Hours', 'Certificate'],
        ['2026', '14 December 2026', 'Renal diets webinar', '1.5', code],
        ['2027', '20 January 2027', 'Winter congress', '6', ''],
      ]);

      // Staff see the attended activities and the total in the member's detail.
      const detail = await app.request('GET', `/api/admin/members/${member.id}`, { token: superToken });
      expect(detail.body.data.cpdHoursTotal).toBe(7.5);
      expect(detail.body.data.registrations.past.filter((row: { attendedAt: unknown }) => row.attendedAt).length).toBe(
        3,
      );

      // Unmarking withdraws the certificate: it no longer verifies.
      expect((await mark(webinar, [member.id], false)).status).toBe(200);
      expect((await app.request('GET', `/api/certificates/${code}`)).status).toBe(404);
    });

    it('writes names in any Latin, Greek, Cyrillic or Vietnamese letters exactly, and others as the fonts allow', async () => {
      const activity = await createActivity({ title: 'Ernährung für Ärztinnen: Σίτιση και διατροφή' });
      // Each name as the certificate reads it back: exact where an embedded font has the script;
      // Arabic is laid right to left (so read back reversed, letter by letter); CJK is in no font.
      const names: Array<[string, string]> = [
        ['Đặng Thị Hương', 'Đặng Thị Hương'],
        ['Łukasz Żółć', 'Łukasz Żółć'],
        ['Σοφία Παπαδοπούλου', 'Σοφία Παπαδοπούλου'],
        ['Анна Иванова', 'Анна Иванова'],
        // ă after ặ: a glyph first written as a part of another still reads as its own letter.
        ['Ștefan Țăranu-Öztürk', 'Ștefan Țăranu-Öztürk'],
        ['فاطمة الزهراء', Array.from('فاطمة الزهراء').reverse().join('')],
        ['王小明', '???'],
      ];
      for (const [name, shown] of names) {
        const member = await newMember(name);
        await register(activity, member.token);
        expect((await mark(activity, [member.id])).status).toBe(200);
        const pdf = await download(activity, member.token);
        expect(pdf.status).toBe(200);
        // Subset fonts: a certificate stays small whatever it draws.
        expect(pdf.bytes.byteLength).toBeLessThan(40_000);
        const { document, lines } = await pdfText(pdf.bytes);
        expect(lines, name).toContain(shown);
        expect(lines).toContain('Ernährung für Ärztinnen: Σίτιση και διατροφή');
        const code = document.getSubject()!.split(' ').pop()!;
        expect((await app.request('GET', `/api/certificates/${code}`)).body.data.name).toBe(name);
      }
    });

    it('goes with “Download my data”: registrations, attendance, certificates as issued, waitlists and CPD hours', async () => {
      const member = await newMember('Dana Download');
      const other = await newMember('Olga Other');
      const webinar = await createActivity({ title: 'Data webinar', date: '2026-12-14T10:00:00Z', cpdHours: 1.5 });
      const course = await createActivity({ title: 'Data course', date: '2027-02-01T09:00:00Z', cpdHours: 2 });
      const missed = await createActivity({ title: 'Data missed', date: '2027-03-01T09:00:00Z', cpdHours: 3 });
      const full = await createActivity({ title: 'Data full', date: '2030-05-01T09:00:00Z', capacity: 1 });
      for (const id of [webinar, course, missed]) await register(id, member.token);
      await register(full, other.token);
      expect(
        (await app.request('POST', `/api/activities/${full}/waitlist`, { token: member.token })).status,
      ).toBeLessThan(300);
      for (const id of [webinar, course]) expect((await mark(id, [member.id])).status).toBe(200);
      const { document } = await pdfText((await download(webinar, member.token)).bytes);
      const code = document.getSubject()!.split(' ').pop()!;

      const response = await fetch(`${app.baseUrl}/api/account/data`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(response.status).toBe(200);
      const data = (await response.json()) as MemberDataExport;
      const stored = await app.runtime.deps.db('activity_registrations').where({ user_id: member.id });
      const checkIn = new Map(stored.map((row) => [row.activity_id, row.check_in_code]));
      expect(
        data.registrations.map(({ title, attendedAt, cpdHours, checkInCode }) => [
          title,
          attendedAt !== null,
          cpdHours,
          checkInCode,
        ]),
      ).toEqual([
        ['Data webinar', true, 1.5, checkIn.get(webinar)],
        ['Data course', true, 2, checkIn.get(course)],
        ['Data missed', false, 3, checkIn.get(missed)],
      ]);
      expect(data.registrations.map((registration) => registration.certificate?.code ?? null)).toEqual([
        code,
        null,
        null,
      ]);
      expect(data.registrations[0]!.certificate).toEqual({
        code,
        url: `${app.runtime.deps.config.publicUrl}/certificates/${code}`,
        issuedAt: toIso((await app.runtime.deps.db('activity_certificates').where({ code }).first())!.issued_at),
        name: 'Dana Download',
        activity: 'Data webinar',
        date: '2026-12-14T10:00:00.000Z',
        hours: 1.5,
      });
      expect(data.waitlist).toEqual([
        expect.objectContaining({ activityId: full, title: 'Data full', offeredAt: null, offerExpiresAt: null }),
      ]);
      expect(data.cpd).toEqual({
        totalHours: 3.5,
        years: [
          { year: 2027, hours: 2, activities: [expect.objectContaining({ activityId: course, hours: 2 })] },
          { year: 2026, hours: 1.5, activities: [expect.objectContaining({ activityId: webinar, hours: 1.5 })] },
        ],
      });
      // The same record as the member's own page.
      expect(data.cpd.years).toEqual((await accountActivities(member.token)).cpd);
    });

    it("stops verifying an erased member's certificates", async () => {
      const member = await newMember('Erin Erased');
      const activity = await createActivity({ title: 'Ethics seminar' });
      await register(activity, member.token);
      await mark(activity, [member.id]);
      const { document } = await pdfText((await download(activity, member.token)).bytes);
      const code = document.getSubject()!.split(' ').pop()!;
      expect((await app.request('GET', `/api/certificates/${code}`)).status).toBe(200);

      const detail = await app.request('GET', `/api/admin/members/${member.id}`, { token: superToken });
      const erased = await app.request('DELETE', `/api/admin/members/${member.id}`, {
        token: superToken,
        headers: { 'if-match': detail.headers.get('etag')! },
      });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect((await app.request('GET', `/api/certificates/${code}`)).status).toBe(404);
      expect(await app.count('activity_certificates')).toBe(0);
      expect(await counts(activity)).toEqual({ participants: 1, attended: 1 });
    });

    it('issues one certificate when two instances on the database are asked at the same moment', async () => {
      const member = await newMember('Ravi Race');
      const activity = await createActivity({ title: 'Race seminar' });
      await register(activity, member.token);
      await mark(activity, [member.id]);
      const second: ServedRuntime = await serveRuntime(
        {
          engine,
          dataDir: app.runtime.deps.config.dataDir,
          databaseUrl: app.runtime.deps.config.databaseUrl,
          drop: async () => {},
        },
        {},
        app.clock,
      );
      try {
        const fromBoth = await Promise.all(
          [app.baseUrl, second.baseUrl, app.baseUrl, second.baseUrl].map(async (baseUrl) => {
            const response = await fetch(`${baseUrl}/api/account/activities/${activity}/certificate.pdf`, {
              headers: { authorization: `Bearer ${member.token}` },
            });
            expect(response.status).toBe(200);
            return (await pdfText(new Uint8Array(await response.arrayBuffer()))).document.getSubject();
          }),
        );
        expect(new Set(fromBoth).size).toBe(1);
        expect(await app.runtime.deps.db('activity_certificates').where({ user_id: member.id })).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it('refuses staff accounts, and a registration that is not theirs', async () => {
      const activity = await createActivity();
      expect((await app.request('GET', '/api/account/activities', { token: editor })).status).toBe(403);
      const member = await newMember('Not Registered');
      expect(
        (await app.request('GET', `/api/account/activities/${activity}/certificate.pdf`, { token: member.token }))
          .status,
      ).toBe(404);
    });
  });

  it('limits certificate checks per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await app.request('GET', '/api/certificates/AAAAAAAAAAAAAAAA')).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    const limited = await app.request('GET', '/api/certificates/AAAAAAAAAAAAAAAA');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
    expect(statuses[30]).toBe(429);
  });
});
