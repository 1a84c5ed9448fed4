/** Admins (super admin only): invite, set the password from the mail, log in; edit, toggle, delete. */
import { expect, test } from '@playwright/test';
import {
  answerConfirm,
  api,
  createAdmin,
  expectToast,
  linkIn,
  openAs,
  sidebarLabels,
  signIn,
  superAdminToken,
  unique,
  uniqueEmail,
  waitForMail,
} from './console.js';

interface UserRow {
  id: number;
  name: string;
  email: string;
  role: string;
  isActive: boolean;
  permissions: Record<string, { view: boolean; edit: boolean; delete: boolean }>;
}

async function findUser(email: string): Promise<UserRow | undefined> {
  const list = await api('GET', '/admin/users?limit=100', { token: await superAdminToken() });
  return (list.body.data.users as UserRow[]).find((user) => user.email === email);
}

test('the super admin invites an admin, whose mailed link sets a password, then the new admin logs in', async ({
  page,
  browser,
}) => {
  await openAs(page, '/admins');
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
  await dialog.getByRole('button', { name: 'Create and Send Invitation' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();

  const name = unique('Ines Invited');
  const email = uniqueEmail('invited');
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await expect(dialog.getByLabel('Role')).toHaveValue('admin');
  await dialog.getByLabel('Membership: View').check();
  await dialog.getByLabel('FAQs: Edit').check(); // grants FAQs: View with it
  await expect(dialog.getByLabel('FAQs: View')).toBeChecked();
  await dialog.getByRole('button', { name: 'Create and Send Invitation' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, `An invitation has been sent to ${email}`);

  const row = page.getByTestId('admin-row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Admin');
  await expect(row).toContainText('3/21 permissions');
  await expect(row).toContainText('Never');
  const created = await findUser(email);
  expect(created?.permissions.membership).toEqual({ view: true, edit: false, delete: false });
  expect(created?.permissions.faqs).toEqual({ view: true, edit: true, delete: false });

  // The invitation, in a browser with no session.
  const invited = await browser.newPage();
  const link = linkIn(await waitForMail(email, /admin account/), '/admin/reset-password');
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(invited.getByText(email)).toBeVisible();
  await invited.getByLabel('New Password').fill('invited-secret-1');
  await invited.getByLabel('Confirm Password').fill('invited-secret-1');
  await invited.getByRole('button', { name: 'Reset Password' }).click();
  await expect(invited.getByText('Redirecting to login page...')).toBeVisible();
  await expect(invited).toHaveURL(/\/admin\/login$/, { timeout: 6000 });
  await signIn(invited, { email, password: 'invited-secret-1' });
  expect(await sidebarLabels(invited)).toEqual(['Dashboard', 'Membership', 'FAQs', 'Home']);
  await invited.close();

  await page.reload();
  await expect(page.getByTestId('admin-row').filter({ hasText: email })).not.toContainText('Never');
});

test('the super admin edits permissions, toggles the active status and deletes an admin', async ({ page }) => {
  const admin = await createAdmin({ about: { view: true } }, unique('Eddie Editable'));
  await openAs(page, '/admins');
  const row = page.getByTestId('admin-row').filter({ hasText: admin.email });
  await expect(row).toContainText('1/21 permissions');

  await row.getByRole('button', { name: /^Edit / }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Admin User' });
  await expect(editor.getByLabel('Email')).toHaveValue(admin.email);
  await expect(editor.getByLabel('About Us: View')).toBeChecked();
  await editor.getByLabel('Activities: Delete').check();
  await editor.getByLabel('About Us: View').uncheck();
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('2/21 permissions');
  const edited = await findUser(admin.email);
  expect(edited?.permissions.activities).toEqual({ view: true, edit: false, delete: true });
  expect(edited?.permissions.about).toEqual({ view: false, edit: false, delete: false });

  // Deactivated accounts cannot log in; reactivating lets them in again.
  const toggle = row.getByRole('switch', { name: /^Active:/ });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  expect((await findUser(admin.email))?.isActive).toBe(false);
  expect((await api('POST', '/auth/login', { body: admin })).status).toBe(401);
  await toggle.check();
  await expect(toggle).toBeChecked();
  expect((await findUser(admin.email))?.isActive).toBe(true);

  await row.getByRole('button', { name: /^Delete / }).click();
  await answerConfirm(page, 'Are you sure you want to delete');
  await expect(row).toHaveCount(0);
  expect(await findUser(admin.email)).toBeUndefined();
});

test('super admins cannot be deleted, search filters by name or e-mail, and server refusals are shown', async ({
  page,
}) => {
  const admin = await createAdmin({}, unique('Sally Searchable'));
  await openAs(page, '/admins');
  const superRow = page.getByTestId('admin-row').filter({ hasText: 'super@example.org' });
  await expect(superRow).toContainText('Super Admin');
  await expect(superRow).toContainText('21/21 permissions');
  await expect(superRow.getByRole('button', { name: /^Delete / })).toBeDisabled();
  await expect(page.locator('.page-summary')).toHaveText(/\d+ admin users?/);

  const search = page.getByRole('searchbox', { name: 'Search admins by name or email' });
  await search.fill(admin.email.toUpperCase());
  await expect(page.getByTestId('admin-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-row')).toContainText(admin.email);
  await search.fill('sally searchable');
  await expect(page.getByTestId('admin-row').filter({ hasText: admin.email })).toBeVisible();
  await search.fill('nobody-matches-this');
  await expect(page.getByText('No admin users match your search.')).toBeVisible();
  await search.fill('');

  // The e-mail is taken: the server's 409 message is shown and the form stays open.
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
  await dialog.getByLabel('Full name').fill('Duplicate Person');
  await dialog.getByLabel('Email').fill(admin.email);
  await dialog.getByRole('button', { name: 'Create and Send Invitation' }).click();
  await expectToast(page, 'An account with this email already exists.');
  await expect(dialog).toBeVisible();
});
