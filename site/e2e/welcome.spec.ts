/**
 * An imported member's first link (issue 55 item 9): the members import mails it, and it opens a
 * welcome page where they choose their password, not "Reset Password". The link works once.
 */
import { REDIRECT_DELAYS_MS } from '@npo/shared';
import { expect, test } from '@playwright/test';
import {
  api,
  expectNoSeriousA11yViolations,
  linkIn,
  superAdminToken,
  uniqueEmail,
  waitForMail,
} from '../../e2e/support.js';
import { open } from './helpers.js';

/** Imports one member with a welcome mail and answers the mailed link's path and query. */
async function importedMemberLink(email: string): Promise<string> {
  const imported = await api('POST', '/admin/members/import', {
    token: await superAdminToken(),
    body: { csv: `name,email\nAda Lovelace,${email}\n`, sendWelcomeMail: true },
  });
  expect(imported.status).toBe(200);
  expect(imported.body.data).toMatchObject({ imported: 1, welcomeMails: 1 });
  const link = new URL(linkIn(await waitForMail(email, /^Welcome to /), '/welcome'));
  return `${link.pathname}${link.search}`;
}

test('the import’s welcome link opens a welcome page, sets the password once and leads to login', async ({ page }) => {
  const email = uniqueEmail('imported');
  const path = await importedMemberLink(email);
  expect(path).toMatch(/^\/welcome\?token=/);

  // The page's timers run on a fixed clock: the redirect's delay is stepped through, not waited for.
  await page.clock.install({ time: '2030-01-07T09:00:00Z' });
  await open(page, path);
  await expect(page).toHaveTitle(/^Welcome \|/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome — choose your password');
  await expect(page.locator('.auth__subtitle')).toHaveText(
    `Your membership has moved to our new site. Choose the password you will sign in with as ${email}.`,
  );
  await expect(page.getByText('Reset Password')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.clock.pauseAt('2030-01-07T10:00:00Z');

  await page.getByLabel('New Password').fill('welcome-secret-1');
  await page.getByLabel('Confirm Password').fill('welcome-secret-1');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(page.getByText('Your password has been set. Welcome!')).toBeVisible();
  await page.clock.runFor(REDIRECT_DELAYS_MS.resetSuccess);
  await page.waitForURL(/\/login$/);
  expect((await api('POST', '/auth/login', { body: { email, password: 'welcome-secret-1' } })).status).toBe(200);

  // Spent: the same link is refused, with the ways to a new one.
  await open(page, path);
  await expect(page.getByRole('heading', { name: 'Invalid Welcome Link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
});

test.describe('in the dark scheme at 1024 px', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 1024, height: 768 } });
  test('the welcome page holds its heading on one screen, with no serious accessibility violation', async ({
    page,
  }) => {
    const email = uniqueEmail('imported-dark');
    await open(page, await importedMemberLink(email));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Welcome — choose your password');
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Set Password' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });
});
