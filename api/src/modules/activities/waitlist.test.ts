/**
 * Waitlists, reminders and staff's mail to attendees (issue 58), through the real server, the real
 * database and the SMTP capture, with the injected clock: joining a full activity's line (refused
 * while places are left), a cancellation's place offered to the first in line and taken with the
 * mail's link, an offer that runs out going to the next, each offer and reminder made once with two
 * instances on one database, the notice of a moved activity, and the mail to attendees.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import { startRuntime, type Runtime } from '../../runtime.js';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import type { CapturedMail } from '../../test-support/smtp-capture.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { ACTIVITY_IS_FULL } from './service.js';
import { ALREADY_WAITLISTED, OFFER_EXPIRED, PLACES_LEFT, WAITLIST_IS_CLOSED } from './waitlist.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The accept link's token of an offer mail. */
const offerToken = (mail: CapturedMail) =>
  new URL(/https?:\/\/\S+accept\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;

describeEngines('waitlists, reminders and mail to attendees on %s', (engine) => {
  let app: TestApp;
  let editor: string;
  let viewer: string;
  let staffIds: { editor: number; viewer: number };
  let unique = 0;

  /** A wall-clock date (ORGANISATION_TIME_ZONE, Asia/Kolkata by default) `days` from now. */
  const wallClockIn = (days: number) => new Date(app.clock.now().getTime() + days * DAY).toISOString();
  /**
   * Two instances on one database, each doing what is due. On SQLite, one after the other: its file
   * serves one process, and two in one process would wait for each other's lock on the one thread.
   */
  const bothRun = async <T>(first: () => Promise<T>, second: () => Promise<T>): Promise<T[]> =>
    engine === 'postgres' ? Promise.all([first(), second()]) : [await first(), await second()];

  const createActivity = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.request('POST', '/api/admin/activities', {
      token: editor,
      body: { ...sampleBodies.activity, date: wallClockIn(10), ...overrides },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: number; revision: number };
  };
  const newMember = async (name = 'Waiting Person') => {
    const email = `w${(unique += 1)}-${engine}@example.org`;
    const account = await app.createUser({ role: 'member', name, email });
    return { token: account.token, id: account.user.id, email };
  };
  const register = (activityId: number, token: string) =>
    app.request('POST', `/api/activities/${activityId}/register`, { token });
  const join = (activityId: number, token: string) =>
    app.request('POST', `/api/activities/${activityId}/waitlist`, { token });
  const cancel = (activityId: number, token: string) =>
    app.request('DELETE', `/api/activities/${activityId}/register`, { token });
  const accept = (token: string) => app.request('POST', '/api/activities/waitlist/accept', { body: { token } });
  const standing = async (activityId: number, token: string) =>
    (await app.request('GET', `/api/activities/${activityId}/registration`, { token })).body.data;
  const mailsTo = (email: string, kind?: string) =>
    app.smtp.mails.filter((mail) => mail.to.includes(email) && (kind === undefined || mail.subject.startsWith(kind)));
  /** Every background step done: offers made after the answers, the queue sent. */
  const settle = async (runtime: Runtime = app.runtime) => {
    await runtime.deps.mailer.drain();
  };

  /** A full activity of `capacity` places, its registered people and `waiting` people in line. */
  async function fullActivity(capacity: number, waiting: number, overrides: Record<string, unknown> = {}) {
    const activity = await createActivity({ capacity, ...overrides });
    const registered = [];
    for (let n = 0; n < capacity; n += 1) {
      const person = await newMember(`Registered ${n + 1}`);
      expect((await register(activity.id, person.token)).status).toBe(201);
      registered.push(person);
    }
    const line = [];
    for (let n = 0; n < waiting; n += 1) {
      const person = await newMember(`Waiting ${n + 1}`);
      expect((await join(activity.id, person.token)).status).toBe(201);
      line.push(person);
    }
    return { activity, registered, line };
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    const permissions = (edit: boolean) => ({ activities: { view: true, edit, delete: false } });
    staffIds = {
      editor: (await app.createUser({ role: 'admin', permissions: permissions(true) })).user.id,
      viewer: (await app.createUser({ role: 'admin', permissions: permissions(false) })).user.id,
    };
  });
  beforeEach(async () => {
    // Fresh sessions: the tests move the clock by days.
    editor = await app.newSession(staffIds.editor);
    viewer = await app.newSession(staffIds.viewer);
    await app.runtime.deps.db('activities').delete();
    await settle();
    app.smtp.mails.length = 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('joining', () => {
    it('joins a full activity, in order, and counts the line', async () => {
      const { activity, line } = await fullActivity(1, 2);
      const answer = await app.request('GET', `/api/activities/${activity.id}`);
      expect(answer.body.data).toMatchObject({ participants: 1, waitlisted: 2 });
      expect(await standing(activity.id, line[1]!.token)).toEqual({
        registered: false,
        waitlist: { position: 2, offerExpiresAt: null },
      });
      const staff = await app.request('GET', `/api/admin/activities/${activity.id}/waitlist`, { token: viewer });
      expect(staff.status).toBe(200);
      expect(staff.body.data.waitlist.map((entry: { userId: number }) => entry.userId)).toEqual(line.map((p) => p.id));
      expect(staff.body.data.waitlist[0]).toMatchObject({ position: 1, offerExpiresAt: null, email: line[0]!.email });
    });

    it('is refused while places are left, when already in line or registered, and once past', async () => {
      const open = await createActivity({ capacity: 5 });
      const person = await newMember();
      const refused = await join(open.id, person.token);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(PLACES_LEFT);
      expect((await join((await createActivity({ capacity: null })).id, person.token)).status).toBe(409);

      const { activity, registered, line } = await fullActivity(1, 1);
      expect((await join(activity.id, line[0]!.token)).body.message).toBe(ALREADY_WAITLISTED);
      expect((await join(activity.id, registered[0]!.token)).status).toBe(409);
      const past = await createActivity({ capacity: 1, status: 'past', date: wallClockIn(-3) });
      expect((await join(past.id, person.token)).body.message).toBe(WAITLIST_IS_CLOSED);
      expect(await app.count('activity_waitlist')).toBe(1);
    });

    it('answers 4xx for bad input and unknown activities, changing nothing', async () => {
      const person = await newMember();
      expect((await app.request('POST', '/api/activities/abc/waitlist', { token: person.token })).status).toBe(404);
      const typed = await app.request('POST', '/api/activities/waitlist/accept', { body: { token: 42 } });
      expect(typed.status).toBe(400);
      expect(typed.body.errors[0].field).toBe('token');
      expect((await join(999_999, person.token)).status).toBe(404);
      expect((await app.request('POST', '/api/activities/1/waitlist')).status).toBe(401);
      expect((await accept('')).status).toBe(400);
      expect((await accept('not-a-token')).status).toBe(404);
      expect((await app.request('DELETE', '/api/activities/999999/waitlist', { token: person.token })).status).toBe(
        404,
      );
      expect(await app.count('activity_waitlist')).toBe(0);
    });

    it('leaving frees the place offered: the next in line gets it', async () => {
      const { activity, registered, line } = await fullActivity(1, 2);
      expect((await cancel(activity.id, registered[0]!.token)).status).toBe(200);
      await settle();
      expect(mailsTo(line[0]!.email, 'A place is free')).toHaveLength(1);
      expect(
        (await app.request('DELETE', `/api/activities/${activity.id}/waitlist`, { token: line[0]!.token })).status,
      ).toBe(200);
      await settle();
      expect(mailsTo(line[1]!.email, 'A place is free')).toHaveLength(1);
    });
  });

  describe('offers', () => {
    it('a cancellation offers the place to the first in line; newcomers cannot take it; the link registers', async () => {
      const { activity, registered, line } = await fullActivity(1, 2);
      expect((await cancel(activity.id, registered[0]!.token)).status).toBe(200);
      await settle();
      const [offer] = mailsTo(line[0]!.email, 'A place is free');
      expect(offer!.text).toContain('48');
      expect(mailsTo(line[1]!.email)).toHaveLength(0);
      const held = await standing(activity.id, line[0]!.token);
      expect(new Date(held.waitlist.offerExpiresAt).getTime() - app.clock.now().getTime()).toBeGreaterThan(47 * HOUR);

      // The free place is held for the line, not open to a newcomer.
      const newcomer = await newMember();
      expect((await register(activity.id, newcomer.token)).body.message).toBe(ACTIVITY_IS_FULL);

      const taken = await accept(offerToken(offer!));
      expect(taken.status).toBe(200);
      expect(taken.body.data).toMatchObject({ participants: 1, waitlisted: 1 });
      expect(await standing(activity.id, line[0]!.token)).toEqual({ registered: true, waitlist: null });
      // The link is spent.
      expect((await accept(offerToken(offer!))).status).toBe(404);
    });

    it('an offer not taken in time goes to the next in line', async () => {
      const { activity, registered, line } = await fullActivity(1, 2);
      await cancel(activity.id, registered[0]!.token);
      await settle();
      const [offer] = mailsTo(line[0]!.email, 'A place is free');
      app.clock.advance(48 * HOUR + 1000);
      // Past its time the link is refused, even before the schedule has looked.
      const late = await accept(offerToken(offer!));
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(OFFER_EXPIRED);
      expect((await app.runtime.activitySchedule.runDue()).offers).toBe(1);
      await settle();
      expect(await standing(activity.id, line[0]!.token)).toEqual({ registered: false, waitlist: null });
      const [next] = mailsTo(line[1]!.email, 'A place is free');
      expect((await accept(offerToken(next!))).status).toBe(200);
      expect((await app.request('GET', `/api/activities/${activity.id}`)).body.data).toMatchObject({
        participants: 1,
        waitlisted: 0,
      });
    });

    it('a raised capacity offers the new places', async () => {
      const { activity, line } = await fullActivity(1, 3);
      const body = { ...sampleBodies.activity, date: wallClockIn(10), capacity: 3 };
      const edited = await app.request('PUT', `/api/admin/activities/${activity.id}`, {
        token: editor,
        body,
        headers: { 'if-match': `"${activity.revision}"` },
      });
      expect(edited.status).toBe(200);
      await settle();
      expect(line.map((person) => mailsTo(person.email, 'A place is free').length)).toEqual([1, 1, 0]);
    });

    it('two instances on one database make each offer once', async () => {
      const second = await startRuntime(app.runtime.deps.config, createLogger('silent'), app.clock);
      try {
        for (let round = 1; round <= 3; round += 1) {
          const { activity, registered, line } = await fullActivity(2, 3);
          // Both registrations cancelled straight in the database: only the schedules' looks offer.
          await app.runtime.deps.db('activity_registrations').where({ activity_id: activity.id }).delete();
          const runs = await bothRun(
            () => app.runtime.activitySchedule.runDue(),
            () => second.activitySchedule.runDue(),
          );
          // A look of either instance's own may have made some first: never more than the two places.
          expect(runs[0]!.offers + runs[1]!.offers, `round ${round}`).toBeLessThanOrEqual(2);
          await Promise.all([settle(), settle(second)]);
          expect(
            line.map((person) => mailsTo(person.email, 'A place is free').length),
            `round ${round}`,
          ).toEqual([1, 1, 0]);
          expect(registered).toHaveLength(2);
        }
      } finally {
        await second.close();
      }
    });
  });

  describe('reminders', () => {
    it('remind each person registered once, with the calendar file, with two instances on one database', async () => {
      const activity = await createActivity({ date: wallClockIn(3), title: 'Renal diet clinic' });
      const people = [await newMember('Asha'), await newMember('Ravi')];
      for (const person of people) await register(activity.id, person.token);
      // Not yet: the reminder is 24 hours before the activity's instant (its wall clock is IST, UTC+5:30).
      app.clock.advance(3 * DAY - 24 * HOUR - 5.5 * HOUR - HOUR);
      expect((await app.runtime.activitySchedule.runDue()).reminders).toBe(0);
      const late = await newMember('Late');
      app.clock.advance(2 * HOUR);
      await register(activity.id, late.token);

      const second = await startRuntime(app.runtime.deps.config, createLogger('silent'), app.clock);
      try {
        const runs = await bothRun(
          () => app.runtime.activitySchedule.runDue(),
          () => second.activitySchedule.runDue(),
        );
        // The second instance's look at its start may have sent them already: never more than two.
        expect(runs[0]!.reminders + runs[1]!.reminders).toBeLessThanOrEqual(2);
        expect((await second.activitySchedule.runDue()).reminders).toBe(0);
        await Promise.all([settle(), settle(second)]);
      } finally {
        await second.close();
      }
      for (const person of people) {
        const reminders = mailsTo(person.email, 'Reminder');
        expect(reminders).toHaveLength(1);
        expect(reminders[0]!.attachments).toHaveLength(1);
        expect(reminders[0]!.attachments[0]).toMatchObject({ filename: 'renal-diet-clinic.ics' });
        expect(reminders[0]!.attachments[0]!.content).toContain('SUMMARY:Renal diet clinic');
      }
      // Registered after the reminder time: they were just told (by the confirmation).
      expect(mailsTo(late.email, 'Reminder')).toHaveLength(0);
      expect(mailsTo(late.email, 'Registered')).toHaveLength(1);
      expect(await app.count('activity_notices')).toBe(2);
    });

    it('the confirmation and the reminder give the check-in code shown on /account/activities', async () => {
      const activity = await createActivity({ date: wallClockIn(3), title: 'Gut health evening' });
      const person = await newMember('Meera');
      expect((await register(activity.id, person.token)).status).toBe(201);
      await settle();
      const mine = await app.request('GET', '/api/account/activities', { token: person.token });
      const code = mine.body.data.upcoming[0].checkInCode as string;
      expect(code).toMatch(/^[A-Z2-9]{6}$/);

      const [confirmation, ...more] = mailsTo(person.email, 'Registered');
      expect(more).toHaveLength(0);
      expect(confirmation!.subject).toBe('Registered: Gut health evening');
      expect(confirmation!.text).toContain(`Your check-in code: ${code}.`);
      expect(confirmation!.html).toContain(code);
      expect(confirmation!.attachments[0]).toMatchObject({ filename: 'gut-health-evening.ics' });
      const queued = await app.runtime.deps.db('mail_queue').where({ recipient: person.email }).select('kind');
      expect(queued.map((row: { kind: string }) => row.kind)).toEqual(['activity_registered']);

      app.clock.advance(2 * DAY);
      expect((await app.runtime.activitySchedule.runDue()).reminders).toBe(1);
      await settle();
      const [reminder] = mailsTo(person.email, 'Reminder');
      expect(reminder!.text).toContain(`Your check-in code: ${code}.`);
      expect(reminder!.html).toContain(code);

      // The code works at the door as the mails say.
      const checkIn = await app.request('POST', `/api/admin/activities/${activity.id}/check-in`, {
        token: editor,
        body: { code },
      });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
      expect(checkIn.body.data).toMatchObject({ userId: person.id });
    });

    it('a refused registration mails nothing; a taken waitlist place is confirmed with its code', async () => {
      const { activity, registered, line } = await fullActivity(1, 1);
      await settle();
      expect(mailsTo(registered[0]!.email, 'Registered')).toHaveLength(1);
      expect((await register(activity.id, registered[0]!.token)).status).toBe(409);
      expect((await register(activity.id, line[0]!.token)).status).toBe(409);
      await settle();
      expect(mailsTo(registered[0]!.email, 'Registered')).toHaveLength(1);
      expect(mailsTo(line[0]!.email, 'Registered')).toHaveLength(0);

      await cancel(activity.id, registered[0]!.token);
      await settle();
      const [offer] = mailsTo(line[0]!.email, 'A place is free');
      expect((await accept(offerToken(offer!))).status).toBe(200);
      await settle();
      const mine = await app.request('GET', '/api/account/activities', { token: line[0]!.token });
      const code = mine.body.data.upcoming[0].checkInCode as string;
      const [confirmation] = mailsTo(line[0]!.email, 'Registered');
      expect(confirmation!.text).toContain(`Your check-in code: ${code}.`);
    });

    it('a moved activity sends its people the new time once, and reminds them of the new date', async () => {
      const activity = await createActivity({ date: wallClockIn(3) });
      const person = await newMember();
      await register(activity.id, person.token);
      const move = async (date: string, revision: number) => {
        const answer = await app.request('PUT', `/api/admin/activities/${activity.id}`, {
          token: editor,
          body: { ...sampleBodies.activity, date },
          headers: { 'if-match': `"${revision}"` },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.data.revision as number;
      };
      const moved = wallClockIn(5);
      let revision = await move(moved, activity.revision);
      await settle();
      const [update] = mailsTo(person.email, 'New time');
      expect(update).toBeDefined();
      expect(update!.attachments[0]!.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      const start = new Date(new Date(moved).getTime() - 5.5 * HOUR);
      expect(update!.attachments[0]!.content).toContain(
        `DTSTART:${start
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '')}`,
      );
      // An edit that keeps the date tells no one.
      revision = await move(moved, revision);
      await settle();
      expect(mailsTo(person.email, 'New time')).toHaveLength(1);

      // The reminder comes at the new date's time, not the old one's.
      app.clock.advance(3 * DAY);
      expect((await app.runtime.activitySchedule.runDue()).reminders).toBe(0);
      app.clock.advance(DAY);
      expect((await app.runtime.activitySchedule.runDue()).reminders).toBe(1);
      await settle();
      expect(mailsTo(person.email, 'Reminder')).toHaveLength(1);

      // Moved again inside the reminder's window: the notice stands instead of a second reminder.
      await move(new Date(new Date(moved).getTime() - 2 * HOUR).toISOString(), revision);
      await settle();
      expect(mailsTo(person.email, 'New time')).toHaveLength(2);
      expect((await app.runtime.activitySchedule.runDue()).reminders).toBe(0);
    });
  });

  describe('mail to attendees', () => {
    it('shows the count, then queues one mail per registered person', async () => {
      const activity = await createActivity({ title: 'Sports nutrition workshop' });
      const people = [await newMember('Bea'), await newMember('Cal'), await newMember('Dev')];
      for (const person of people) await register(activity.id, person.token);
      const path = `/api/admin/activities/${activity.id}/mail`;
      const count = await app.request('GET', `${path}/recipients?audience=registered`, { token: viewer });
      expect(count.body.data).toEqual({ count: 3 });

      const body = { audience: 'registered', subject: 'Room change', message: 'We meet in room 4 this time.' };
      expect((await app.request('POST', path, { token: viewer, body })).status).toBe(403);
      const sent = await app.request('POST', path, { token: editor, body });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual({ queued: 3 });
      await settle();
      for (const person of people) {
        const [mail] = mailsTo(person.email, 'Room change');
        expect(mail!.text).toContain('We meet in room 4 this time.');
        expect(mail!.text).toContain('Sports nutrition workshop');
      }
    });

    it('writes to those registered but not attended, leaving out whom staff marked attended', async () => {
      const activity = await createActivity({ title: 'Renal diet clinic' });
      const [came, missed] = [await newMember('Came Along'), await newMember('Missed It')];
      for (const person of [came, missed]) await register(activity.id, person.token);
      const marked = await app.request('POST', `/api/admin/activities/${activity.id}/attendance`, {
        token: editor,
        body: { userIds: [came.id], attended: true },
      });
      expect(marked.status).toBe(200);
      const path = `/api/admin/activities/${activity.id}/mail`;
      const count = await app.request('GET', `${path}/recipients?audience=not_attended`, { token: viewer });
      expect(count.body.data).toEqual({ count: 1 });

      const body = { audience: 'not_attended', subject: 'The recording', message: 'Sorry we missed you.' };
      const sent = await app.request('POST', path, { token: editor, body });
      expect(sent.body.data).toEqual({ queued: 1 });
      await settle();
      expect(mailsTo(missed.email, 'The recording')).toHaveLength(1);
      expect(mailsTo(came.email, 'The recording')).toHaveLength(0);
    });

    it('refuses bad input with field messages, queueing nothing', async () => {
      const activity = await createActivity();
      await register(activity.id, (await newMember()).token);
      const path = `/api/admin/activities/${activity.id}/mail`;
      const before = await app.count('mail_queue');
      const empty = await app.request('POST', path, {
        token: editor,
        body: { audience: 'registered', subject: ' ', message: '' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['message', 'subject']);
      const audience = await app.request('POST', path, {
        token: editor,
        body: { audience: 'everyone', subject: 'Hello', message: 'Hi' },
      });
      expect(audience.status).toBe(400);
      expect((await app.request('GET', `${path}/recipients?audience=nobody`, { token: editor })).status).toBe(400);
      expect(
        (
          await app.request('POST', '/api/admin/activities/999999/mail', {
            token: editor,
            body: { audience: 'registered', subject: 'Hello', message: 'Hi' },
          })
        ).status,
      ).toBe(404);
      expect(await app.count('mail_queue')).toBe(before);
    });
  });
});
