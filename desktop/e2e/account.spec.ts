/**
 * My account (issue 11): a staff account signed in twice ends the other session, which is sent to the
 * login; then it changes its password (a notice is mailed). A super admin ends a staff account's sessions.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { answerConfirm, api, createAdmin, expectToast, openAs, signIn, waitForMail } from './console.js';

test('ends another session, which is sent to the login, then changes the password', async ({ browser }) => {
  const admin = await createAdmin({});
  const [laptop, office] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const other = await laptop.newPage();
    const page = await office.newPage();
    await signIn(other, admin);
    await signIn(page, admin);

    await page.goto('/admin/account');
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await rows
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^End session/ })
      .click();
    await answerConfirm(page, 'It will be signed out at once.', 'End session');
    await expectToast(page, 'Session ended');
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();

    // The ended session's next request is refused: the console forgets it and shows the login.
    await other.goto('/admin/account');
    await expect(other).toHaveURL(/\/admin\/login$/);

    const current = page.getByLabel('Current password');
    await current.fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('changed-secret-1');
    await page.getByLabel('Confirm new password').fill('changed-secret-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel('Confirm new password').fill('changed-secret-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
    await expect(current).toBeFocused();

    await current.fill(admin.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Your password has been changed.');
    await expect(current).toHaveValue('');
    const mail = await waitForMail(admin.email, /password was changed/);
    expect(mail.text).toContain('Forgot password');

    // This session stays; the new password signs in, the old one no longer does.
    await page.reload();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    expect(
      (await api('POST', '/auth/login', { body: { email: admin.email, password: 'changed-secret-1' } })).status,
    ).toBe(200);
    expect((await api('POST', '/auth/login', { body: admin })).status).toBe(401);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await Promise.all([laptop.close(), office.close()]);
  }
});

test('a super admin ends every session of a staff account from the Admins page', async ({ page }) => {
  const admin = await createAdmin({});
  const login = await api('POST', '/auth/login', { body: { email: admin.email, password: admin.password } });
  const token = login.body.data.token as string;
  expect((await api('GET', '/auth/me', { token })).status).toBe(200);

  await openAs(page, `/admins?q=${encodeURIComponent(admin.email)}`);
  const row = page.getByTestId('admin-row').filter({ hasText: admin.email });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'End all sessions' }).click();
  await answerConfirm(page, 'They will be signed out on every device.', 'End all sessions');
  await expectToast(page, 'has been signed out everywhere');
  expect((await api('GET', '/auth/me', { token })).status).toBe(401);
});
