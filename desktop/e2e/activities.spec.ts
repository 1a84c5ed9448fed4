/** Activities: filters with counts, UTC dates, create/edit/delete, checked through the API. */
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import {
  answerConfirm,
  api,
  expectToast,
  openAs,
  sessionFor,
  superAdminToken,
  unique,
  uniqueEmail,
} from './console.js';

interface ActivityRow {
  id: number;
  title: string;
  date: string;
  status: string;
  tags: string[];
  location: string;
  capacity: number | null;
}

async function findActivity(title: string): Promise<ActivityRow | undefined> {
  const list = await api('GET', '/admin/activities?limit=100', { token: await superAdminToken() });
  return (list.body.data.activities as ActivityRow[]).find((activity) => activity.title === title);
}

const filterButton = (page: import('@playwright/test').Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) });

async function count(page: import('@playwright/test').Page, label: string): Promise<number> {
  const text = await filterButton(page, label).textContent();
  return Number(/\((\d+)\)/.exec(text ?? '')?.[1]);
}

test("activities: create in the organisation's time (India Standard Time), filter, edit the status, delete", async ({
  page,
}) => {
  await openAs(page, '/activities');
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expect(filterButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  const upcomingBefore = await count(page, 'Upcoming');
  const pastBefore = await count(page, 'Past');

  await page.getByRole('button', { name: 'Add Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Activity' });
  await dialog.getByRole('button', { name: 'Create Activity' }).click();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Date is required')).toBeVisible();
  await expect(dialog.getByText('Location must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('At least one tag is required')).toBeVisible();

  const title = unique('Nutrition Webinar');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Description').fill('A webinar about nutrition in practice.');
  await dialog.getByLabel('Date and time (India Standard Time)').fill('2031-03-04T09:30');
  await dialog.getByLabel('Location').fill('Online');
  await dialog.getByLabel('Capacity').fill('80');
  await expect(dialog.getByRole('button', { name: 'Remove tag 1' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Tag 1' }).fill('Webinar');
  await dialog.getByRole('button', { name: 'Add tag' }).click();
  await dialog.getByRole('textbox', { name: 'Tag 2' }).fill('Education');
  await dialog.getByRole('button', { name: 'Create Activity' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Activity created');

  const created = await findActivity(title);
  expect(created).toMatchObject({
    date: '2031-03-04T09:30:00.000Z',
    status: 'upcoming',
    location: 'Online',
    tags: ['Webinar', 'Education'],
    capacity: 80,
  });
  const card = page.getByTestId('activity-card').filter({ hasText: title });
  await expect(card).toContainText('Mar 4, 2031, 9:30 AM');
  await expect(card).toContainText('Upcoming');
  await expect(card).toContainText('Webinar');
  expect(await count(page, 'Upcoming')).toBe(upcomingBefore + 1);

  await filterButton(page, 'Past').click();
  await expect(filterButton(page, 'Past')).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toHaveCount(0);
  await filterButton(page, 'Upcoming').click();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Activity' });
  await expect(editor.getByLabel('Date and time (India Standard Time)')).toHaveValue('2031-03-04T09:30');
  await editor.getByLabel('Status').selectOption('past');
  await editor.getByLabel('Date and time (India Standard Time)').fill('2031-03-04T23:45');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  expect(await findActivity(title)).toMatchObject({ status: 'past', date: '2031-03-04T23:45:00.000Z' });
  await expect(card).toHaveCount(0); // the Upcoming filter is still on
  expect(await count(page, 'Past')).toBe(pastBefore + 1);
  await filterButton(page, 'Past').click();
  await expect(card).toContainText('Mar 4, 2031, 11:45 PM');

  await card.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this activity?');
  await expect(card).toHaveCount(0);
  expect(await findActivity(title)).toBeUndefined();
  expect(await count(page, 'Past')).toBe(pastBefore);
});

test.describe('in another time zone', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test("the date is still shown and edited in the organisation's time", async ({ page }) => {
    const title = unique('Zone Check');
    await api('POST', '/admin/activities', {
      token: await superAdminToken(),
      body: {
        title,
        description: 'Checks that the time zone does not matter.',
        date: '2031-12-14T10:00:00.000Z',
        location: 'Online',
        status: 'upcoming',
        tags: ['Zone'],
      },
    });
    await openAs(page, '/activities');
    const card = page.getByTestId('activity-card').filter({ hasText: title });
    await expect(card).toContainText('Dec 14, 2031, 10:00 AM');
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog').getByLabel('Date and time (India Standard Time)')).toHaveValue(
      '2031-12-14T10:00',
    );
  });
});

test("the console takes the organisation's zone from the server, not a built-in one (issue 55 item 2)", async ({
  page,
}) => {
  // This suite's server runs on the default zone; its answer names Paris here, as a server started with
  // ORGANISATION_TIME_ZONE=Europe/Paris does (api dashboard/organisation.test.ts starts one).
  let asked = 0;
  await page.route('**/api/admin/settings/organisation', async (route) => {
    asked += 1;
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { timeZone: string } };
    expect(body.data.timeZone).toBe('Asia/Kolkata');
    body.data.timeZone = 'Europe/Paris';
    await route.fulfill({ response: answer, json: body });
  });
  await openAs(page, '/activities');
  await expect(page.locator('.page-summary')).toContainText(
    'Dates are shown and edited in Central European Standard Time, as visitors see them.',
  );
  expect(asked).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Add Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Activity' });
  const title = unique('Paris Evening');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Description').fill('An evening dated in the organisation’s time.');
  await expect(dialog.getByLabel('Date and time (India Standard Time)')).toHaveCount(0);
  await dialog.getByLabel('Date and time (Central European Standard Time)').fill('2031-12-14T19:30');
  await dialog.getByLabel('Location').fill('Paris');
  await dialog.getByRole('textbox', { name: 'Tag 1' }).fill('Evening');
  await dialog.getByRole('button', { name: 'Create Activity' }).click();
  await expect(dialog).toBeHidden();
  // The typed digits are the stored wall clock, whatever the zone's name.
  expect(await findActivity(title)).toMatchObject({ date: '2031-12-14T19:30:00.000Z' });
  await expect(
    page.getByTestId('activity-card').filter({ hasText: title }).getByText('Central European Standard Time'),
  ).toBeVisible();
});

/** A new member, registered for the activity through the public API. */
async function attendee(activityId: number, name: string): Promise<void> {
  const credentials = { email: uniqueEmail('attendee'), password: 'secret-123' };
  await api('POST', '/auth/register', { body: { name, ...credentials } });
  const { token } = await sessionFor(credentials);
  expect((await api('POST', `/activities/${activityId}/register`, { token })).status).toBe(201);
}

test('attendees: registered / capacity on the card, sort, search, CSV export, remove with confirm', async ({
  page,
}) => {
  const title = unique('Attendee Workshop');
  const created = await api('POST', '/admin/activities', {
    token: await superAdminToken(),
    body: {
      title,
      description: 'A workshop with a list of attendees.',
      date: '2039-05-01T10:00:00.000Z',
      location: 'Pune',
      status: 'upcoming',
      tags: ['Workshop'],
      capacity: 10,
    },
  });
  const id = created.body.data.id as number;
  await attendee(id, 'Ann Attendee');
  await attendee(id, 'Zed Attendee');

  await openAs(page, '/activities');
  const card = page.getByTestId('activity-card').filter({ hasText: title });
  await expect(card).toContainText('2 / 10 registered');
  await card.getByRole('button', { name: 'Attendees' }).click();
  const dialog = page.getByRole('dialog', { name: `Attendees: ${title}` });
  const names = dialog.locator('tbody tr td:first-child');
  await expect(names).toHaveText(['Ann Attendee', 'Zed Attendee']);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Name' }).click();
  await expect(names).toHaveText(['Zed Attendee', 'Ann Attendee']);
  await expect(dialog.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await dialog.getByRole('searchbox', { name: 'Search attendees by name or email' }).fill('ANN');
  await expect(names).toHaveText(['Ann Attendee']);
  await dialog.getByRole('searchbox', { name: 'Search attendees by name or email' }).fill('');
  await expect(names).toHaveCount(2);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`activity-${id}-registrations.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Name,E-mail,Registered at,Attended at');
  expect(csv.slice(1, 3).map((line) => line.split(',')[0])).toEqual(['Zed Attendee', 'Ann Attendee']);

  await dialog.getByRole('button', { name: 'Remove Zed Attendee' }).click();
  await answerConfirm(page, `Remove Zed Attendee from “${title}”?`, 'Remove');
  await expectToast(page, 'Zed Attendee removed');
  await expect(names).toHaveText(['Ann Attendee']);
  await expect(dialog).toContainText('1 registered of 10 places');
  expect((await api('GET', `/activities/${id}`)).body.data.participants).toBe(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card).toContainText('1 / 10 registered');
});
