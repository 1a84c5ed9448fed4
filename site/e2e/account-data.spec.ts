/**
 * Members' data rights on the site (issue 22 item 3): from the account menu, "Your data" downloads a
 * JSON file of what the site keeps, and closing the account asks for the password (a wrong one is
 * refused and changes nothing), then erases it: signed out, a notice at the old address, no sign-in.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, linkIn, uniqueEmail, waitForMail } from '../../e2e/support.js';
import { open } from './helpers.js';

test.describe.configure({ timeout: 60_000 });

test('a member downloads their data, then closes the account with the password', async ({ page }) => {
  const email = uniqueEmail('close');
  const password = 'close-secret-1';
  await api('POST', '/auth/register', { body: { name: 'Ada Lovelace', email, password } });
  const message = { name: 'Ada Lovelace', email, phone: '+919876543210', message: 'A question about the next camp.' };
  expect((await api('POST', '/contact-messages', { body: message })).status).toBe(201);
  // The export holds the messages of the address only once the member proves it (a completed reset link).
  await api('POST', '/auth/forgot-password', { body: { email } });
  const resetToken = new URL(linkIn(await waitForMail(email, /reset/i), '/reset-password')).searchParams.get('token');
  const reset = await api('POST', `/auth/reset-password/${resetToken}`, {
    body: { password, confirmPassword: password },
  });
  expect(reset.status).toBe(200);

  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('link', { name: 'Your data' }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ name: 'Ada Lovelace', email, emailVerified: true, role: 'member' });
  expect(data.contactMessages.map((sent: { message: string }) => sent.message)).toEqual([message.message]);
  // Activities come with it (none yet): registrations, waitlists and the CPD record.
  expect(data).toMatchObject({ registrations: [], waitlist: [], cpd: { totalHours: 0, years: [] } });

  await page.getByLabel('Password', { exact: true }).fill('wrong-secret-1');
  await page.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByText('Your password is incorrect.')).toBeVisible();
  expect((await api('POST', '/auth/login', { body: { email, password } })).status).toBe(200);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByText('Your account has been closed and your personal data erased.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const notice = await waitForMail(email, /account was closed/);
  expect(notice.text).toContain('closed, as you asked');
  expect((await api('POST', '/auth/login', { body: { email, password } })).status).toBe(401);
});

test('signed out, the data page sends the visitor to log in first', async ({ page }) => {
  await open(page, '/account/data');
  await page.waitForURL(/\/login\?next=%2Faccount%2Fdata$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
