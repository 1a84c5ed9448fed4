/**
 * The organisation's settings (issue 55 item 2): the console learns the zone from the server, whose
 * ORGANISATION_TIME_ZONE it is, rather than assuming India's. Started here with Europe/Paris: every
 * admin reads that zone, the console's label names it, and a time typed as 10:00 is stored as those
 * digits and leaves in the calendar file as the true instant in Paris (09:00 UTC in December).
 */
import { timeZoneLongName, type OrganisationSettings } from '@npo/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

describeEngines('the organisation settings on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { ORGANISATION_TIME_ZONE: 'Europe/Paris' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names the zone to every admin, and to nobody else', async () => {
    const none = await app.createUser({ role: 'admin' });
    const member = await app.createUser({ role: 'member' });
    const response = await app.request<{ data: OrganisationSettings }>('GET', '/api/admin/settings/organisation', {
      token: none.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.body.data).toEqual({ timeZone: 'Europe/Paris' });
    // What the console's activity form is labelled with: "Date and time (Central European Standard Time)".
    expect(timeZoneLongName(response.body.data.timeZone)).toBe('Central European Standard Time');
    expect((await app.request('GET', '/api/admin/settings/organisation', { token: member.token })).status).toBe(403);
    expect((await app.request('GET', '/api/admin/settings/organisation')).status).toBe(401);
  });

  it("stores the typed digits as the organisation's wall clock, and the calendar carries Paris's instant", async () => {
    const editor = await app.createUser({
      role: 'admin',
      permissions: { activities: { view: true, edit: true, delete: false } },
    });
    // What the console sends for "2026-12-14T10:00" typed in the form: the same digits, with a Z.
    const created = await app.request('POST', '/api/admin/activities', {
      token: editor.token,
      body: {
        title: 'Winter Workshop',
        description: 'An activity dated in the organisation’s time.',
        date: '2026-12-14T10:00:00.000Z',
        location: 'Paris',
        status: 'upcoming',
        tags: ['Workshop'],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await app.request('GET', `/api/activities/${id}`)).body.data.date).toBe('2026-12-14T10:00:00.000Z');
    const file = await app.request<string>('GET', `/api/activities/${id}/calendar.ics`);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-14T09:00:00.000Z');
  });
});
