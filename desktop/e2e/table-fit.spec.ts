/**
 * Issue 55, item 5: every console table passes the fit check the Activity log and Admins pass (no
 * sideways scroll, no cut cell without its tooltip, no word broken over lines) at 1366 and 1024 px, in
 * both themes, with long names and addresses in them.
 */
import { expect, test } from '@playwright/test';
import { api, createAdmin, openAs, sessionFor, superAdminToken, tableMisfits, unique, uniqueEmail } from './console.js';

// Six screens at two widths in a test, on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

const TABLES = [
  { path: '/members', table: 'Members', words: ['E-mail', 'Joined (UTC)', 'Last sign-in (UTC)'] },
  { path: '/mail', table: 'Mails', words: ['Recipient and subject', 'Queued', 'Next try or sent'] },
  { path: '/admins', table: 'Admin users', words: ['Name and email', 'Last login'] },
  { path: '/activity-log', table: 'Activity log', words: ['When', 'Who'] },
  { path: '/announcements', table: 'Announcements', words: ['Sent or scheduled'] },
  { path: '/account', table: 'Signed-in sessions', words: ['Signed in', 'Last seen'] },
];

test.beforeAll(async () => {
  // A long name and address in Members, Mails (the invitation), Admins and the Activity log.
  const long = unique('Maximiliana Alexandra Featherstone Montgomery');
  const email = uniqueEmail('maximiliana.alexandra.featherstone');
  expect(
    (await api('POST', '/auth/register', { body: { name: long, email, password: 'member-secret-1' } })).status,
  ).toBe(201);
  const admin = await createAdmin({ faqs: { view: true } }, long);
  await sessionFor(admin);
  const announcement = await api('POST', '/admin/announcements', {
    token: await superAdminToken(),
    body: { subject: unique('A rather long subject for the announcements table'), body: 'Text.', audience: 'staff' },
  });
  expect(announcement.status).toBe(201);
});

for (const theme of ['light', 'dark']) {
  test(`every console table fits at 1366 and 1024 px (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 768 });
      for (const { path, table, words } of TABLES) {
        await openAs(page, path);
        await expect(page.getByRole('table', { name: table, exact: true }).locator('tbody tr').first()).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        expect(await tableMisfits(page, table, words), `${table} at ${width} px`).toEqual([]);
      }
    }
  });
}
