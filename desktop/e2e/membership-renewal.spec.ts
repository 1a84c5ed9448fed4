/**
 * Memberships that renew (issue 57), in the console and on the site: staff set a member's renewal
 * date in the detail and read the status the server derives from it (expiring within the first
 * reminder offset, lapsed once passed), the members list filters by it (kept in the URL), and the
 * member reads their status on their account page. The server runs on real time here, so the dates are
 * counted from today in the organisation's zone, well away from the edges.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, openAs, unique, uniqueEmail } from './console.js';

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'member-secret-1';

/** Today moved by `days`, as YYYY-MM-DD in the organisation's zone (the default, Asia/Kolkata). */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

test('staff set a renewal date and see the status; the list filters by it; the member reads theirs', async ({
  page,
  browser,
}) => {
  const tag = unique('Renewing');
  const name = `${tag} Mwangi`;
  const email = uniqueEmail('renewal');
  expect((await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } })).status).toBe(201);
  const other = `${tag} Okafor`;
  const otherEmail = uniqueEmail('renewal');
  expect(
    (await api('POST', '/auth/register', { body: { name: other, email: otherEmail, password: PASSWORD } })).status,
  ).toBe(201);

  await openAs(page, `/members?q=${encodeURIComponent(tag)}`);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('columnheader', { name: 'Membership' })).toBeVisible();
  await table.getByRole('link', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByTestId('renewal-date')).toHaveText(/no renewal date/);
  await expect(dialog.getByText('Active', { exact: true }).last()).toBeVisible();

  // Ten days away is within the first reminder offset (30 days): expiring.
  const soon = dayFromToday(10);
  await dialog.getByRole('button', { name: 'Set renewal date' }).click();
  const form = page.getByRole('dialog', { name: 'Renewal date' });
  await expect(form.getByLabel('Renews on')).toBeFocused();
  await form.getByLabel('Renews on').fill(soon);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save renewal date' }).click();
  await expectToast(page, 'Renewal date saved');
  await expect(form).toBeHidden();
  await expect(dialog.getByTestId('renewal-date')).toHaveText(`· renews on ${soon}`);
  await expect(dialog.getByText('Expiring', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Ten days ago: lapsed.
  await dialog.getByRole('button', { name: 'Set renewal date' }).click();
  await form.getByLabel('Renews on').fill(dayFromToday(-10));
  await form.getByRole('button', { name: 'Save renewal date' }).click();
  await expectToast(page, 'Renewal date saved');
  await expect(dialog.getByText('Lapsed', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('combobox', { name: 'Membership' }).selectOption({ label: 'Membership: lapsed' });
  await expect(page).toHaveURL(/[?&]membership=lapsed/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(name);
  await page.getByRole('combobox', { name: 'Membership' }).selectOption({ label: 'Membership: active' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(other);
  await expectNoSeriousA11yViolations(page);

  // The member, signed in on the site, reads it on their account page.
  const site = await browser.newContext();
  try {
    const member = await site.newPage();
    await member.goto('/login');
    await member.getByLabel('Email').fill(email);
    await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Log in' }).click();
    await member.waitForURL((url) => url.pathname === '/');
    await member.goto('/account/profile');
    const summary = member.getByRole('region', { name: /Membership/ });
    await expect(summary.getByRole('heading', { name: 'Membership: Lapsed' })).toBeVisible();
    await expect(summary).toContainText('Your membership lapsed on');
    await expectNoSeriousA11yViolations(member);
  } finally {
    await site.close();
  }
});
