/** SPEC 2 and 4's member screens: signup, login, the user menu and logout, and their messages. */
import { expect, test, type Page } from '@playwright/test';
import {
  api,
  E2E,
  expectNoSeriousA11yViolations,
  holdRequests,
  superAdminToken,
  uniqueEmail,
} from '../../e2e/support.js';
import { open } from './helpers.js';

async function storage(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
}

test('signup, then login, then the user menu, then logout', async ({ page }) => {
  const email = uniqueEmail('member');
  await open(page, '/signup');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await storage(page);
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user!)).toMatchObject({ name: 'Ada Lovelace', email, role: 'member' });

  const menuButton = page.getByRole('button', { name: 'Account menu for Ada Lovelace' });
  await expect(menuButton).toContainText('A');
  await menuButton.click();
  await expect(page.getByText('Ada Lovelace', { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await menuButton.click();

  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  // Logout navigates home once signed out: a read that the navigation interrupts (its page is gone)
  // counts as not yet, and the storage is read again.
  await expect
    .poll(() => storage(page).catch(() => 'navigating'), { timeout: 10_000 })
    .toEqual({ token: null, user: null });
  // The only call: ending the session on the server, so its token is refused from now on.
  expect(requests.filter((url) => url.includes('/api/'))).toEqual([`${E2E.baseUrl}/api/auth/logout`]);
  await expect(page).toHaveURL(/\/$/);
});

test('the signup and login forms show SPEC 5 messages and the submitting texts', async ({ page }) => {
  await open(page, '/signup');
  await page.getByLabel('Full name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await open(page, '/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();

  // The answer is held while the button shows its submitting text.
  const release = await holdRequests(page, '**/api/auth/login');
  await page.getByLabel('Email').fill('nobody@example.org');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  release();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('signing up twice with one e-mail shows the server message', async ({ page }) => {
  const email = uniqueEmail('twice');
  await api('POST', '/auth/register', { body: { name: 'First Person', email, password: 'secret-123' } });
  await open(page, '/signup');
  await page.getByLabel('Full name').fill('Second Person');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
});

test('the password field shows and hides the password', async ({ page }) => {
  await open(page, '/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('visible-now');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('an admin account is refused on the member login and no session is stored', async ({ page }) => {
  await open(page, '/login');
  await page.getByLabel('Email').fill(E2E.superAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E.superAdmin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Admin accounts must use the admin login page at /admin/login');
  expect(await storage(page)).toEqual({ token: null, user: null });
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-in member who opens /login or /signup is sent home', async ({ page }) => {
  const email = uniqueEmail('already');
  await api('POST', '/auth/register', { body: { name: 'Grace Hopper', email, password: 'secret-123' } });
  const login = await api('POST', '/auth/login', { body: { email, password: 'secret-123' } });
  await open(page, '/join-us');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, login.body.data);
  await open(page, '/login');
  await expect(page).toHaveURL(/\/$/);
  await open(page, '/signup');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
});

test('the super admin fixture exists (the admin refusal above relies on it)', async () => {
  expect(await superAdminToken()).toBeTruthy();
});

test('after sign-up the login page says the account exists, with the e-mail filled in, once', async ({ page }) => {
  const email = uniqueEmail('created');
  await open(page, '/signup');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Handed over in sessionStorage: the address carries nothing of it.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Account created. Log in with your new password.');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);

  // Read once: a reload shows the plain login page.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('');
});
