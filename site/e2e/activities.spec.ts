/** SPEC 2's activities: lists, the modal and its keyboard behaviour, and registering. */
import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, uniqueEmail } from '../../e2e/support.js';
import { open } from './helpers.js';

async function firstUpcoming() {
  return (await api('GET', '/activities?status=upcoming')).body.data.activities[0];
}

function activityButton(page: Page, title: string) {
  return page.locator('#activities').getByRole('button', { name: title });
}

test('upcoming and past cards show date in IST, location, a clamped description and tags', async ({ page }) => {
  const activity = await firstUpcoming();
  await open(page, '/');
  const card = page.locator('.activity-card').filter({ has: page.getByRole('button', { name: activity.title }) });
  await expect(card).toContainText(activity.location);
  await expect(card.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} (am|pm) \(IST\)$/);
  await expect(card.locator('.activity-card__description')).toHaveCSS('-webkit-line-clamp', '3');
  for (const tag of activity.tags) await expect(card.getByText(tag, { exact: true })).toBeVisible();
  await expect(page.locator('#activities').getByRole('heading', { name: 'Past' })).toBeVisible();
});

test('the modal opens from the keyboard, keeps focus inside, locks scrolling and closes on Escape', async ({
  page,
}) => {
  const activity = await firstUpcoming();
  await open(page, '/');
  const opener = activityButton(page, activity.title);
  await opener.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: activity.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(dialog).toContainText(activity.description);
  await expect(dialog).toContainText('(IST)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

  // Tab and Shift+Tab cycle through the dialog's controls and never leave it.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a past activity opens without a Register button', async ({ page }) => {
  const past = (await api('GET', '/activities?status=past')).body.data.activities[0];
  await open(page, '/');
  await activityButton(page, past.title).click();
  const dialog = page.getByRole('dialog', { name: past.title });
  await expect(dialog.getByText('Past', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /register/i })).toHaveCount(0);
});

test('registering: logged out goes to login and back, registers, then sees it and can cancel', async ({ page }) => {
  const activity = await firstUpcoming();
  const participants = async () => (await api('GET', `/activities/${activity.id}`)).body.data.participants;
  const before = await participants();
  const email = uniqueEmail('register');
  await api('POST', '/auth/register', { body: { name: 'Marie Curie', email, password: 'secret-123' } });

  await open(page, '/');
  await activityButton(page, activity.title).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log in to register' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Log in' }).click();

  const dialog = page.getByRole('dialog', { name: activity.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByRole('status')).toHaveText('You are registered for this activity.');

  expect(await participants()).toBe(before + 1);

  // Opened again, the modal knows: registered, with a way out while the activity is upcoming.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await activityButton(page, activity.title).click();
  await expect(dialog.getByRole('status')).toHaveText("You're registered.");
  await expect(dialog.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your registration is cancelled.');
  await expect(dialog.getByRole('button', { name: 'Register' })).toBeVisible();
  // The seat is free again, in the public (cached) answer too.
  expect(await participants()).toBe(before);
});

test('calendar links: the modal downloads the activity .ics and the section offers the feed, axe stays clean', async ({
  page,
}) => {
  const activity = await firstUpcoming();
  await open(page, '/');

  const subscribe = page.locator('#activities').getByRole('link', { name: 'Subscribe to calendar' });
  await expect(subscribe).toBeVisible();
  await subscribe.focus();
  await expect(subscribe).toBeFocused();
  const feed = await page.request.get((await subscribe.getAttribute('href'))!);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`UID:activity-${activity.id}@`);

  await activityButton(page, activity.title).click();
  const dialog = page.getByRole('dialog', { name: activity.title });
  const add = dialog.getByRole('link', { name: 'Add to calendar' });
  await expect(add).toHaveAttribute('href', `/api/activities/${activity.id}/calendar.ics`);
  const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
  const file = await page.request.get(download.url());
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await file.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  await expectNoSeriousA11yViolations(page);
});
