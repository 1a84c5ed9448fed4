/**
 * Staff erasure (members' data rights, issue 22 item 3): staff with members:delete erase a member
 * from the detail dialog after a confirmation; the member is gone from the list, cannot sign in, and
 * gets a last mail. Staff without delete see no Erase button. Axe in both themes.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { answerConfirm, api, createAdmin, expectToast, openAs, unique, uniqueEmail, waitForMail } from './console.js';

test.describe.configure({ timeout: 90_000 });

/** The dark or light console theme, chosen before the page loads (as the theme toggle stores it). */
async function useTheme(page: Page, theme: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
}

async function registeredMember(prefix: string) {
  const name = unique(prefix);
  const email = uniqueEmail('erase');
  expect((await api('POST', '/auth/register', { body: { name, email, password: 'member-secret-1' } })).status).toBe(
    201,
  );
  return { name, email };
}

async function openDetail(page: Page, name: string, email: string) {
  await page.getByRole('searchbox', { name: 'Search members by name or email' }).fill(email);
  // The search is in the URL (it follows the typing by 300 ms): the link below keeps it.
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByRole('table', { name: 'Members' }).getByRole('row');
  // The searched list (its header and one row) is on screen before the row is clicked.
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: email });
  await row.getByRole('link', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toContainText(email);
  return dialog;
}

for (const theme of ['light', 'dark']) {
  test(`staff with members:delete erase a member after confirming (${theme})`, async ({ page }) => {
    const { name, email } = await registeredMember('Erasable Member');
    const staff = await createAdmin({ members: { view: true, edit: false, delete: true } });
    await useTheme(page, theme);
    await openAs(page, '/members', staff);
    const dialog = await openDetail(page, name, email);
    await expect(dialog.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(`Erase ${name}?`);
    await expectNoSeriousA11yViolations(page);
    await answerConfirm(page, 'Their registrations stay, without their name.', 'Erase');
    await expectToast(page, `${name} erased`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email })).toHaveCount(
      0,
    );

    const notice = await waitForMail(email, /account was closed/);
    expect(notice.text).toContain('closed by our staff');
    expect((await api('POST', '/auth/login', { body: { email, password: 'member-secret-1' } })).status).toBe(401);
  });
}

test('staff without members:delete see no Erase button', async ({ page }) => {
  const { name, email } = await registeredMember('Kept Member');
  const staff = await createAdmin({ members: { view: true, edit: true, delete: false } });
  await openAs(page, '/members', staff);
  const dialog = await openDetail(page, name, email);
  await expect(dialog.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Erase' })).toHaveCount(0);
});
