/**
 * Members (issue 22): importing a CSV file (dry run with each row's outcome, then the import with a
 * welcome mail that reaches the real SMTP capture) and the join-day and activity filters; axe finds
 * nothing serious in either theme. Dates come from the server's own answers, never from today.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, openAs, sessionFor, superAdminToken, unique, uniqueEmail, waitForMail } from './console.js';

// Two screens with axe checks in two themes and a mail: past the default 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

const THEMES = ['light', 'dark'];

test('import: choose a CSV, read the dry run, import with welcome mails', async ({ page }) => {
  const first = { name: unique('Imported Ana'), email: uniqueEmail('imported-ana') };
  const second = { name: unique('Imported Ben'), email: uniqueEmail('imported-ben') };
  const existing = { name: unique('Already Here'), email: uniqueEmail('already') };
  await api('POST', '/auth/register', { body: { ...existing, password: 'member-secret-1' } });
  const csv = [
    'Name,Email,Country,Phone',
    `${first.name},${first.email},Kenya,123`,
    `"${second.name}",${second.email.toUpperCase()},,`,
    `${existing.name},${existing.email.toUpperCase()},,`,
    'No Address,not-an-email,,',
  ].join('\r\n');

  await openAs(page, '/members');
  const dialog = page.getByRole('dialog', { name: 'Import members' });
  const rows = dialog.getByRole('table', { name: 'Rows of the file' }).getByRole('row');
  // The dry run in each theme (a reload closes the dialog): it writes nothing, so it runs twice.
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
    await page.reload();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
    });
    await expect(dialog.getByText('members.csv: 4 rows — 2 new, 1 already members, 1 invalid.')).toBeVisible();
    await expect(rows).toHaveCount(5);
    // The extra columns (issue 57): Country fills the profile's country, Phone is ignored by name.
    const mapping = dialog.getByRole('definition');
    await expect(mapping.first()).toHaveText('Name → Name, Email → E-mail, Country → Country');
    await expect(mapping.nth(1)).toHaveText('Phone');
    await expect(rows.filter({ hasText: existing.email })).toContainText('Already a member');
    await expectNoSeriousA11yViolations(page);
  }

  await dialog.getByRole('combobox', { name: 'Rows shown' }).selectOption('invalid');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('not-an-email');
  await expect(rows.nth(1)).toContainText('Invalid');

  const welcome = dialog.getByRole('checkbox', { name: /Send a welcome mail to each new member/ });
  await expect(welcome).toBeChecked();
  await dialog.getByRole('button', { name: 'Import 2 members' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 members imported, 2 welcome mails queued');
  const mail = await waitForMail(second.email, /^Welcome to /);
  // The welcome page, not "Reset Password" (issue 55 item 9; site/e2e/welcome.spec.ts walks it).
  expect(mail.text).toContain('/welcome?token=');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('searchbox', { name: 'Search members by name or email' }).fill(first.email);
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: first.email }),
  ).toBeVisible();
});

test('filters: joined between two days and registered to an activity, kept in the URL', async ({ page }) => {
  const token = await superAdminToken();
  const title = unique('Filter Walk');
  const activity = await api('POST', '/admin/activities', {
    token,
    body: {
      title,
      description: 'A walk for the filter test.',
      date: '2031-05-04T09:00:00Z',
      location: 'Park',
      status: 'upcoming',
      tags: ['walk'],
    },
  });
  expect(activity.status).toBe(201);
  const attendee = { name: unique('Walker'), email: uniqueEmail('walker'), password: 'member-secret-1' };
  const other = { name: unique('Stayer'), email: uniqueEmail('stayer'), password: 'member-secret-1' };
  for (const member of [attendee, other]) await api('POST', '/auth/register', { body: member });
  const session = await sessionFor(attendee);
  expect((await api('POST', `/activities/${activity.body.data.id}/register`, { token: session.token })).status).toBe(
    201,
  );
  // The day the server says they joined (UTC), whatever today is.
  const listed = await api('GET', `/admin/members?q=${encodeURIComponent(attendee.email)}`, { token });
  const joinedDay = (listed.body.data.members[0].joinedAt as string).slice(0, 10);

  await openAs(page, '/members');
  const table = page.getByRole('table', { name: 'Members' });
  await page.getByRole('combobox', { name: 'Registered to activity' }).selectOption({ label: title });
  await expect(page).toHaveURL(/[?&]activityId=\d+/);
  await expect(table.getByRole('row').filter({ hasText: attendee.email })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: other.email })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Registered to activity' }).selectOption('');

  await page.getByLabel('Joined from').fill(joinedDay);
  await page.getByLabel('to', { exact: true }).fill(joinedDay);
  await expect(page).toHaveURL(
    new RegExp(`joinedFrom=${joinedDay}.*joinedTo=${joinedDay}|joinedTo=${joinedDay}.*joinedFrom=${joinedDay}`),
  );
  await page.getByRole('searchbox', { name: 'Search members by name or email' }).fill(other.email);
  await expect(table.getByRole('row').filter({ hasText: other.email })).toBeVisible();
  // A range long before anyone joined finds no one.
  await page.getByLabel('Joined from').fill('2001-01-01');
  await page.getByLabel('to', { exact: true }).fill('2001-01-31');
  await expect(page.getByText('No members match the search and filters.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Joined from')).toHaveValue('2001-01-01');

  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
    await page.reload();
    await expect(page.getByLabel('Joined from')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
