/**
 * A full activity's waitlist on the site (issue 58): a visitor logs in from the activity's modal and
 * joins its line, sees their place, and when a registered person cancels, takes the place offered with
 * the link of the mail they receive; axe stays clean on both screens.
 */
import { expect, test } from '@playwright/test';
import {
  api,
  expectNoSeriousA11yViolations,
  linkIn,
  superAdminToken,
  uniqueEmail,
  waitForMail,
} from '../../e2e/support.js';
import { hydrated, open } from './helpers.js';

async function member(name: string) {
  const credentials = { email: uniqueEmail('waitlist'), password: 'secret-123' };
  expect((await api('POST', '/auth/register', { body: { name, ...credentials } })).status).toBe(201);
  const login = await api('POST', '/auth/login', { body: credentials });
  return { ...credentials, token: login.body.data.token as string };
}

test('joining a full activity’s waitlist, then taking the place offered by mail', async ({ page }) => {
  const title = `Full workshop ${Date.now()}`;
  const created = await api('POST', '/admin/activities', {
    token: await superAdminToken(),
    body: {
      title,
      description: 'A small room: one place.',
      date: '2038-03-01T10:00:00.000Z',
      location: 'Chennai',
      status: 'upcoming',
      tags: ['Workshop'],
      capacity: 1,
    },
  });
  const id = created.body.data.id as number;
  const registered = await member('Ada Registered');
  expect((await api('POST', `/activities/${id}/register`, { token: registered.token })).status).toBe(201);
  const waiting = await member('Grace Waiting');

  await open(page, `/?activity=${id}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('This activity is fully booked.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Log in to join the waitlist' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await hydrated(page);
  await page.getByLabel('Email').fill(waiting.email);
  await page.getByLabel('Password', { exact: true }).fill(waiting.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/You are on the waitlist/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.locator('#activities').getByRole('button', { name: title }).click();
  await expect(dialog.getByRole('status')).toHaveText(/You're number 1 on the waitlist/);
  await expect(dialog.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect((await api('GET', `/activities/${id}`)).body.data).toMatchObject({ participants: 1, waitlisted: 1 });

  // The registered person cancels: the place is offered to the first in line, by mail.
  expect((await api('DELETE', `/activities/${id}/register`, { token: registered.token })).status).toBe(200);
  const offer = await waitForMail(waiting.email, /A place is free/);
  const link = new URL(linkIn(offer, '/activities/accept'));
  await open(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Take your place' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Take the place' }).click();
  await expect(page.getByText(`You are registered for “${title}”`)).toBeVisible();
  expect((await api('GET', `/activities/${id}`)).body.data).toMatchObject({ participants: 1, waitlisted: 0 });
  expect((await api('GET', `/activities/${id}/registration`, { token: waiting.token })).body.data).toEqual({
    registered: true,
    waitlist: null,
  });

  // The link is spent: opened again, it says so.
  await open(page, `${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Take the place' }).click();
  await expect(page.getByText(/This link is not valid any more/)).toBeVisible();
});
