/**
 * A member changes their password from the account menu (issue 11): the current one is checked, the
 * other sessions end, this one stays, and a notice is mailed. Signed out, the page asks to log in.
 */
import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, uniqueEmail, waitForMail } from '../../e2e/support.js';
import { open } from './helpers.js';

test('a member changes the password from the account menu; the other session ends, a notice arrives', async ({
  page,
}) => {
  const email = uniqueEmail('change');
  await api('POST', '/auth/register', { body: { name: 'Marie Curie', email, password: 'old-secret-1' } });
  const elsewhere = (await api('POST', '/auth/login', { body: { email, password: 'old-secret-1' } })).body.data.token;

  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('old-secret-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Current Password').fill('wrong-secret-1');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters', { exact: true }).first()).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill('new-secret-1');
  await page.getByLabel('Confirm New Password').fill('new-secret-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  // The server's field error shows at its field (and in the form's alert).
  await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription(/Your current password is incorrect\./);

  await page.getByLabel('Current Password').fill('old-secret-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(email, /password was changed/);
  expect(mail.text).toContain('Forgot password');
  expect((await api('GET', '/auth/me', { token: elsewhere })).status).toBe(401);
  expect((await api('POST', '/auth/login', { body: { email, password: 'new-secret-1' } })).status).toBe(200);

  // Logging out ends this session on the server too.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await open(page, '/');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(async () => (await api('GET', '/auth/me', { token: token! })).status).toBe(401);
});

test('signed out, the change password page sends the visitor to log in first', async ({ page }) => {
  const response = await open(page, '/account/password');
  expect(response?.status()).toBe(200);
  await page.waitForURL(/\/login\?next=%2Faccount%2Fpassword$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the account pages sit in the site, with its header, and link to each other (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const email = uniqueEmail('account-nav');
    await api('POST', '/auth/register', { body: { name: 'Dorothy Hodgkin', email, password: 'nav-secret-1' } });
    await open(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('nav-secret-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await open(page, '/account/password');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Membership Benefits' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account menu for Dorothy Hodgkin' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Your account' });
    await expect(tabs.getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Your data' }).click();
    await expect(page).toHaveURL(/\/account\/data$/);
    await expect(tabs.getByRole('link', { name: 'Your data' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Change password' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
