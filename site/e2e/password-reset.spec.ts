/** SPEC 2 and 4's reset: request a link, follow the mailed link, set a new password, land on /login. */
import { REDIRECT_DELAYS_MS } from '@npo/shared';
import { expect, test } from '@playwright/test';
import { api, holdRequests, linkIn, uniqueEmail, waitForMail } from '../../e2e/support.js';
import { open } from './helpers.js';

test('forgot password → mail → reset (mismatch message, success, redirect after 3 s) → login', async ({ page }) => {
  const email = uniqueEmail('reset');
  await api('POST', '/auth/register', { body: { name: 'Rosalind Franklin', email, password: 'old-secret-1' } });

  await open(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Enter a valid email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists with this email, you will receive a password reset link shortly.',
  );
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');

  const mail = await waitForMail(email, /reset/i);
  const link = new URL(linkIn(mail, '/reset-password'));
  // The page's timers run on a fixed clock: it loads with time flowing, then the clock stops, and the
  // redirect's delay is stepped through rather than waited for.
  await page.clock.install({ time: '2030-01-07T09:00:00Z' });
  await open(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.clock.pauseAt('2030-01-07T10:00:00Z');

  await page.getByLabel('New Password').fill('new-secret-1');
  await page.getByLabel('Confirm Password').fill('new-secret-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm Password').fill('new-secret-1');
  await expect(page.getByText("Passwords don't match")).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password has been reset successfully.')).toBeVisible();
  await expect(page.getByText('Redirecting to login page...')).toBeVisible();
  await page.clock.runFor(REDIRECT_DELAYS_MS.resetSuccess - 1);
  await expect(page).toHaveURL(/\/reset-password\?/);
  await page.clock.runFor(1);
  await page.waitForURL(/\/login$/);

  const login = await api('POST', '/auth/login', { body: { email, password: 'new-secret-1' } });
  expect(login.status).toBe(200);
});

test('a missing, wrong or used token shows the invalid link screen with its three ways out', async ({ page }) => {
  for (const path of ['/reset-password', '/reset-password?token=not-a-real-token']) {
    await open(page, path);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  }
});

test('the token check shows its waiting text first', async ({ page }) => {
  const release = await holdRequests(page, '**/api/auth/reset-password/**');
  await open(page, '/reset-password?token=slow-token');
  await expect(page.getByText('Verifying reset token...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
});
