/** Members (issue 22): search in any accent, the detail dialog, deactivation with its confirmation; axe on both. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { answerConfirm, api, expectToast, openAs, unique, uniqueEmail } from './console.js';

// Two screens with axe checks: like the two-factor flows, past the default 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('members: search without accents, open the detail, deactivate after confirming', async ({ page }) => {
  const name = unique('Zoë Lefèvre');
  const email = uniqueEmail('member');
  const registered = await api('POST', '/auth/register', { body: { name, email, password: 'member-secret-1' } });
  expect(registered.status).toBe(201);

  await openAs(page, '/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  // Typed without the accents and in capitals: the server folds both.
  const folded = name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  await page.getByRole('searchbox', { name: 'Search members by name or email' }).fill(folded);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  await expect(page).toHaveURL(/[?&]q=/);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('link', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('heading', { name: 'Upcoming registrations' })).toBeVisible();
  await expect(dialog).toContainText(email);
  // Signed up without proving the address: its messages are not shown as theirs.
  await expect(dialog).toContainText('Not shown: this member has not yet proved their e-mail address');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await answerConfirm(
    page,
    `Deactivate ${name}? They will be signed out everywhere and cannot sign in until reactivated.`,
    'Deactivate',
  );
  await expectToast(page, `${name} deactivated`);
  await expect(dialog.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  const login = await api('POST', '/auth/login', { body: { email, password: 'member-secret-1' } });
  expect(login.status).toBe(401);

  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('deactivated');
  await expect(page).toHaveURL(/[?&]status=deactivated/);
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Deactivated');
});

test("a member's name links to the detail, and the row's menu holds deactivation, confirmed first", async ({
  page,
}) => {
  const name = unique('Row Menu Member');
  const email = uniqueEmail('rowmenu');
  expect((await api('POST', '/auth/register', { body: { name, email, password: 'member-secret-1' } })).status).toBe(
    201,
  );
  await openAs(page, `/members?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId('member-row').filter({ hasText: email });
  // No red button on the row: the only visible action is the menu.
  await expect(row.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);

  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/[?&]member=\d+/);
  await expect(page.getByRole('dialog', { name })).toContainText(email);
  await page.goBack();
  await expect(page.getByRole('dialog', { name })).toBeHidden();

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Deactivate' }).click();
  // Cancelled: nothing changes.
  await answerConfirm(
    page,
    `Deactivate ${name}? They will be signed out everywhere and cannot sign in until reactivated.`,
    'Cancel',
  );
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Deactivate' }).click();
  await answerConfirm(
    page,
    `Deactivate ${name}? They will be signed out everywhere and cannot sign in until reactivated.`,
    'Deactivate',
  );
  await expectToast(page, `${name} deactivated`);
  await expect(row).toContainText('Deactivated');
});
