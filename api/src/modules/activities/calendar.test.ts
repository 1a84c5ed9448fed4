/** The calendar files, read back with ical.js as a calendar app would read them. */
import { formatPublicActivityDate, organisationName } from '@npo/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEFAULT_DURATION_MS, FEED_REFRESH } from './calendar.js';

const HOUR = 60 * 60 * 1000;

const tricky = {
  title: 'Q&A; diets, myths & facts 🥗',
  description:
    'Bring 🍎, 🥦 and questions; we answer.\nSecond line — café, naïve, Zürich.\r\nA backslash \\ stays one.',
  location: 'Room 3, Level 2; Café "Olive"',
};

const baseActivity = {
  title: 'Sports nutrition workshop',
  description: 'Fuelling endurance athletes, with case studies.',
  // After the test clock's start (2026-06-17): upcoming by date as well as by status.
  date: '2026-12-14T15:30:00+05:30',
  location: 'Online',
  status: 'upcoming',
  tags: ['Workshop', 'Sports, endurance'],
};

interface Activity {
  id: number;
  date: string;
  title: string;
}

/** The calendar's events, with the calendar itself, as ical.js parses them (unfolding and unescaping). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { calendar, events };
}

/** Raw bytes: a line folded inside a UTF-8 sequence would be invalid on its own, which fetch's text() hides. */
async function rawLines(app: TestApp, path: string): Promise<Buffer[]> {
  const bytes = Buffer.from(await (await fetch(`${app.baseUrl}${path}`)).arrayBuffer());
  const lines: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf('\r\n', start); at !== -1; at = bytes.indexOf('\r\n', start)) {
    lines.push(bytes.subarray(start, at));
    start = at + 2;
  }
  expect(start, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

describeEngines('activity calendar files on %s', (engine) => {
  let app: TestApp;
  let token: string;

  const createActivity = async (overrides: Record<string, unknown> = {}): Promise<Activity> => {
    const response = await app.request('POST', '/api/admin/activities', {
      token,
      body: { ...baseActivity, ...overrides },
    });
    expect(response.status).toBe(201);
    return response.body.data;
  };
  const calendarOf = (id: number | string) => app.request<string>('GET', `/api/activities/${id}/calendar.ics`);

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (
      await app.createUser({ role: 'admin', permissions: { activities: { view: true, edit: true, delete: true } } })
    ).token;
  });
  beforeEach(async () => {
    await app.runtime.deps.db('activities').delete();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers one activity as an iCalendar attachment whose event matches the API', async () => {
    const activity = await createActivity();
    const response = await calendarOf(activity.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="sports-nutrition-workshop.ics"');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^W\/"/);
    // Every line break is CRLF.
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const { calendar, events } = parse(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toContain(organisationName);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(events).toHaveLength(1);
    const [event] = events;
    const single = (await app.request('GET', `/api/activities/${activity.id}`)).body.data;
    // The stored value is the organisation's wall clock (SPEC: the site shows its digits as IST):
    // 10:00 in India, which the calendar file carries as its true instant, 04:30 UTC.
    expect(single.date).toBe('2026-12-14T10:00:00.000Z');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-14T04:30:00.000Z');
    expect(event!.startDate.zone.tzid).toBe('UTC');
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(DEFAULT_DURATION_MS);
    expect(event!.summary).toBe(baseActivity.title);
    expect(event!.location).toBe('Online');
    expect(event!.uid).toBe(`activity-${activity.id}@site.test`);
    expect(event!.component.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/?activity=${activity.id}`);
    expect(event!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(event!.component.getFirstProperty('categories')!.getValues()).toEqual(baseActivity.tags);
  });

  it('keeps commas, semicolons, newlines, backslashes, accents and emoji through escaping and folding', async () => {
    // 200 characters (code points), several of them two to four octets long.
    const phrase = 'Plant-based protein, explained; with recipes — «crème brûlée» 🌱 ';
    const description = [...phrase.repeat(4)].slice(0, 200).join('');
    expect([...description]).toHaveLength(200);
    const first = await createActivity(tricky);
    const second = await createActivity({ ...tricky, title: 'Long read', description });

    const { events } = parse((await calendarOf(first.id)).body);
    expect(events[0]!.summary).toBe(tricky.title);
    // Line breaks of any kind come back as \n, the one a TEXT value can carry.
    expect(events[0]!.description).toBe(tricky.description.replace(/\r\n/g, '\n'));
    expect(events[0]!.location).toBe(tricky.location);

    const long = await calendarOf(second.id);
    expect(long.body).toMatch(/\r\n [^\r\n]/);
    expect(parse(long.body).events[0]!.description).toBe(description);
    // Folded at 75 octets, and no UTF-8 character split between two lines.
    for (const path of [`/api/activities/${first.id}/calendar.ics`, `/api/activities/${second.id}/calendar.ics`]) {
      for (const line of await rawLines(app, path)) {
        expect(line.length).toBeLessThanOrEqual(75);
        expect(() => new TextDecoder('utf-8', { fatal: true }).decode(line)).not.toThrow();
      }
    }
  });

  it('keeps one UID per activity across fetches and edits, distinct between activities', async () => {
    const one = await createActivity();
    const two = await createActivity({ title: 'Case study circle' });
    const uidOf = async (id: number) => parse((await calendarOf(id)).body).events[0]!.uid;

    const firstFetch = await calendarOf(one.id);
    const secondFetch = await calendarOf(one.id);
    expect(secondFetch.headers.get('x-cache')).toBe('HIT');
    expect(secondFetch.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(secondFetch.headers.get('content-disposition')).toBe(firstFetch.headers.get('content-disposition'));
    expect(secondFetch.body).toBe(firstFetch.body);
    const revalidated = await app.request('GET', `/api/activities/${one.id}/calendar.ics`, {
      // fetch() would add "Cache-Control: no-cache" to a conditional request; a calendar app sends none.
      headers: { 'if-none-match': firstFetch.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);

    const update = await app.request('PUT', `/api/admin/activities/${one.id}`, {
      token,
      body: { ...baseActivity, title: 'Renamed workshop' },
    });
    expect(update.status).toBe(200);
    const edited = await calendarOf(one.id);
    expect(edited.headers.get('etag')).not.toBe(firstFetch.headers.get('etag'));
    expect(parse(edited.body).events[0]!.summary).toBe('Renamed workshop');
    expect(edited.headers.get('content-disposition')).toBe('attachment; filename="renamed-workshop.ics"');

    expect(await uidOf(one.id)).toBe(parse(firstFetch.body).events[0]!.uid);
    expect(await uidOf(two.id)).not.toBe(await uidOf(one.id));
  });

  it('answers an unknown or malformed id as the activity endpoint does', async () => {
    const unknown = await calendarOf(987654);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual((await app.request('GET', '/api/activities/987654')).body);
    for (const id of ['abc', '99999999999']) {
      const malformed = await calendarOf(id);
      expect(malformed.status).toBe((await app.request('GET', `/api/activities/${id}`)).status);
    }
  });

  it('serves a subscribable feed of the upcoming activities only, soonest first', async () => {
    const later = await createActivity({ title: 'Annual conference', date: '2027-03-01T09:00:00.000Z' });
    const sooner = await createActivity({ title: 'Webinar', date: '2026-09-01T12:00:00.000Z' });
    await createActivity({ title: 'Past workshop', status: 'past', date: '2026-01-10T12:00:00.000Z' });

    const response = await app.request<string>('GET', '/api/activities/calendar.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="activities.ics"');
    expect(response.headers.get('cache-control')).toBe('no-cache');

    const { calendar, events } = parse(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${organisationName} activities`);
    expect(calendar.getFirstProperty('refresh-interval')!.toICALString()).toBe(
      `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
    );
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe(FEED_REFRESH);
    expect(events.map((event) => event.summary)).toEqual(['Webinar', 'Annual conference']);
    expect(events.map((event) => event.uid)).toEqual([
      `activity-${sooner.id}@site.test`,
      `activity-${later.id}@site.test`,
    ]);
    expect(events[1]!.startDate.toJSDate().getTime() - events[0]!.startDate.toJSDate().getTime()).toBe(
      Date.parse(later.date) - Date.parse(sooner.date),
    );
    expect(events[0]!.endDate.toJSDate().getTime()).toBe(Date.parse(sooner.date) - 5.5 * HOUR + HOUR);

    // Staff marking an activity past takes it out of the next fetch.
    await app.request('PUT', `/api/admin/activities/${sooner.id}`, {
      token,
      body: { ...baseActivity, title: 'Webinar', status: 'past' },
    });
    const after = parse((await app.request<string>('GET', '/api/activities/calendar.ics')).body);
    expect(after.events.map((event) => event.summary)).toEqual(['Annual conference']);
  });
  it('shows a time typed in the console on the site and, once the file is imported, in a calendar', async () => {
    // The console's form sends what staff typed in its date field ("2026-12-14T10:00") with a Z.
    const typed = '2026-12-14T10:00';
    const activity = await createActivity({ date: `${typed}:00.000Z` });
    const shown = (await app.request('GET', `/api/activities/${activity.id}`)).body.data;
    expect(formatPublicActivityDate(shown.date)).toBe('14/12/2026, 10:00:00 am (IST)');

    const { events } = parse((await calendarOf(activity.id)).body);
    // A calendar app in India shows the event at the time typed.
    const inIndia = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(events[0]!.startDate.toJSDate());
    expect(inIndia).toBe('2026-12-14, 10:00');
  });
});
