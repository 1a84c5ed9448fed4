/**
 * Taking attendance in the console (issue 58): in an activity's attendee dialog staff tick who came,
 * untick, mark everyone, check one in by the code shown to them, and add a walk-in; an unknown code is
 * refused with the server's field message and marks no one; Export CSV is disabled while the list is
 * empty. Checked through the API; axe finds nothing serious.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, openAs, sessionFor, superAdminToken, unique, uniqueEmail } from './console.js';

/** A new member registered for the activity through the public API: their token. */
async function registrant(activityId: number, name: string): Promise<string> {
  const credentials = { email: uniqueEmail('attends'), password: 'secret-123' };
  await api('POST', '/auth/register', { body: { name, ...credentials } });
  const { token } = await sessionFor(credentials);
  expect((await api('POST', `/activities/${activityId}/register`, { token })).status).toBe(201);
  return token;
}

const counts = async (id: number) => {
  const { participants, attended } = (await api('GET', `/activities/${id}`)).body.data;
  return { participants, attended };
};

test('attendance: tick, untick, check in by code, walk-in, mark all; CSV disabled when empty', async ({ page }) => {
  const token = await superAdminToken();
  const title = unique('CPD Workshop');
  const created = await api('POST', '/admin/activities', {
    token,
    body: {
      title,
      description: 'A workshop that gives CPD hours.',
      date: '2039-06-01T10:00:00.000Z',
      location: 'Pune',
      status: 'upcoming',
      tags: ['Workshop'],
      cpdHours: 1.5,
    },
  });
  const id = created.body.data.id as number;

  await openAs(page, '/activities');
  const card = page.getByTestId('activity-card').filter({ hasText: title });
  await expect(card).toContainText('1.5 h CPD');
  await card.getByRole('button', { name: 'Attendees' }).click();
  const dialog = page.getByRole('dialog', { name: `Attendees: ${title}` });
  await expect(dialog.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Mark all attended' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const annToken = await registrant(id, 'Ann Present');
  await registrant(id, 'Bob Later');
  await page.reload();
  await card.getByRole('button', { name: 'Attendees' }).click();
  await expect(dialog).toContainText('2 registered · 0 attended');
  await expect(dialog.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  // One by one, and back.
  await dialog.getByRole('checkbox', { name: 'Ann Present attended' }).click();
  await expectToast(page, 'Ann Present marked attended');
  await expect(dialog.getByRole('checkbox', { name: 'Ann Present attended' })).toBeChecked();
  await expect(dialog).toContainText('2 registered · 1 attended');
  expect(await counts(id)).toEqual({ participants: 2, attended: 1 });
  await dialog.getByRole('checkbox', { name: 'Ann Present attended' }).click();
  await expectToast(page, 'Ann Present marked not attended');
  await expect(dialog.getByRole('checkbox', { name: 'Ann Present attended' })).not.toBeChecked();
  expect(await counts(id)).toEqual({ participants: 2, attended: 0 });

  // An unknown code: the server's field message, no one marked.
  const code = (await api('GET', '/account/activities', { token: annToken })).body.data.upcoming[0]
    .checkInCode as string;
  await dialog.getByLabel('Check-in code').fill(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expectToast(page, 'No registration for this activity has this check-in code');
  expect(await counts(id)).toEqual({ participants: 2, attended: 0 });
  await dialog.getByLabel('Check-in code').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expectToast(page, 'Ann Present is checked in');
  await expect(dialog.getByRole('checkbox', { name: 'Ann Present attended' })).toBeChecked();

  // A walk-in: registered and attended at once.
  await dialog.getByLabel('Walk-in name').fill('Wendy Walkin');
  await dialog.getByLabel('Walk-in e-mail').fill(uniqueEmail('walkin'));
  await dialog.getByRole('button', { name: 'Add walk-in' }).click();
  await expectToast(page, 'Wendy Walkin is registered and marked attended');
  await expect(dialog.getByRole('checkbox', { name: 'Wendy Walkin attended' })).toBeChecked();
  expect(await counts(id)).toEqual({ participants: 3, attended: 2 });

  await dialog.getByRole('button', { name: 'Mark all attended' }).click();
  await expectToast(page, 'Everyone registered is marked attended');
  await expect(dialog).toContainText('3 registered · 3 attended');
  await expect(dialog.getByRole('button', { name: 'Mark all attended' })).toBeDisabled();
  expect(await counts(id)).toEqual({ participants: 3, attended: 3 });
});
