/** SPEC 2's activities: lists, the modal and its keyboard behaviour, and registering. */
import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, superAdminToken, uniqueEmail } from '../../e2e/support.js';
import { hydrated, open } from './helpers.js';

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
  await expect(page.locator('#activities').getByRole('heading', { name: 'Past', exact: true })).toBeVisible();
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
  // The home page has no client router: the login page is a full load, typed into only once hydrated.
  await hydrated(page);
  // The login says what it is for, in the server's HTML already.
  await expect(page.getByText(`Log in to register for ${activity.title}.`)).toBeVisible();
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

/** An activity made for one test, at a fixed date (the browser's clock is fixed too). */
async function createActivity(title: string, status: 'upcoming' | 'past', date: string, capacity: number | null) {
  const created = await api('POST', '/admin/activities', {
    token: await superAdminToken(),
    body: {
      title,
      description: 'An activity made by the card tests.',
      date,
      location: 'Pune',
      status,
      tags: ['Test'],
      capacity,
    },
  });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; title: string };
}

/** Signs a new member in through the API and hands the session to the page as the login page would store it. */
async function signInAsNewMember(page: Page) {
  const email = uniqueEmail('cards');
  await api('POST', '/auth/register', { body: { name: 'Card Member', email, password: 'secret-123' } });
  const { token, user } = (await api('POST', '/auth/login', { body: { email, password: 'secret-123' } })).body.data;
  await page.addInitScript(
    ([storedToken, storedUser]) => {
      localStorage.setItem('token', storedToken!);
      localStorage.setItem('user', storedUser!);
    },
    [token as string, JSON.stringify(user)],
  );
  return token as string;
}

const CARD_CLOCK = '2030-06-01T09:00:00Z';

function card(page: Page, title: string) {
  return page.locator('.activity-card').filter({ hasText: title });
}

test('activity cards: View and Register with the places left; a past one offers no calendar entry', async ({
  page,
}) => {
  const stamp = Date.now();
  const upcoming = await createActivity(`Card Workshop ${stamp}`, 'upcoming', '2031-03-10T10:00:00.000Z', 3);
  const past = await createActivity(`Card Webinar ${stamp}`, 'past', '2021-03-10T10:00:00.000Z', null);
  await page.clock.setFixedTime(CARD_CLOCK);

  // A visitor: the upcoming card offers View and Register and says how many places are left.
  await open(page, '/');
  await expect(card(page, upcoming.title).getByRole('status')).toHaveText('3 places left');
  await expect(card(page, upcoming.title).getByRole('button', { name: `View ${upcoming.title}` })).toBeVisible();
  await expect(card(page, upcoming.title).getByRole('button', { name: 'Register' })).toHaveAccessibleDescription(
    upcoming.title,
  );
  // A past card only opens, and its modal offers neither registering nor a calendar entry.
  await expect(card(page, past.title).getByRole('button')).toHaveText(['View']);
  await card(page, past.title)
    .getByRole('button', { name: `View ${past.title}` })
    .click();
  const pastDialog = page.getByRole('dialog', { name: past.title });
  await expect(pastDialog).toBeVisible();
  await expect(pastDialog.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(pastDialog.getByRole('button', { name: /register/i })).toHaveCount(0);
});

test('a member registers from the card, the modal knows, and a cancel there shows on the card', async ({ page }) => {
  const upcoming = await createActivity(`Card Seminar ${Date.now()}`, 'upcoming', '2031-03-11T10:00:00.000Z', 3);
  await signInAsNewMember(page);
  await page.clock.setFixedTime(CARD_CLOCK);
  await open(page, '/');
  const register = card(page, upcoming.title).getByRole('button', { name: 'Register' });
  await register.click();
  await expect(card(page, upcoming.title).getByRole('status')).toHaveText('Registered');
  await expect(register).toHaveCount(0);
  expect((await api('GET', `/activities/${upcoming.id}`)).body.data.participants).toBe(1);

  await card(page, upcoming.title)
    .getByRole('button', { name: `View ${upcoming.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: upcoming.title });
  await expect(dialog.getByRole('status')).toHaveText("You're registered.");
  await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your registration is cancelled.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The card follows the modal: registering is open again, with the seat given back.
  await expect(card(page, upcoming.title).getByRole('status')).toHaveText('3 places left');
  await expect(register).toBeEnabled();
});

test("on a new visit the Registered state comes from the member's own call, not the cached list", async ({ page }) => {
  const upcoming = await createActivity(`Card Clinic ${Date.now()}`, 'upcoming', '2031-03-12T10:00:00.000Z', 5);
  const token = await signInAsNewMember(page);
  expect((await api('POST', `/activities/${upcoming.id}/register`, { token })).status).toBe(201);
  await page.clock.setFixedTime(CARD_CLOCK);
  await open(page, '/');
  await expect(card(page, upcoming.title).getByRole('status')).toHaveText('Registered');
  await expectNoSeriousA11yViolations(page);
});

test('a full activity says so on its card and offers no Register button', async ({ page }) => {
  const full = await createActivity(`Full Circle ${Date.now()}`, 'upcoming', '2031-04-10T10:00:00.000Z', 1);
  const email = uniqueEmail('seat');
  await api('POST', '/auth/register', { body: { name: 'Seat Taker', email, password: 'secret-123' } });
  const token = (await api('POST', '/auth/login', { body: { email, password: 'secret-123' } })).body.data.token;
  expect((await api('POST', `/activities/${full.id}/register`, { token })).status).toBe(201);

  await page.clock.setFixedTime(CARD_CLOCK);
  await open(page, '/');
  await expect(card(page, full.title).getByRole('status')).toHaveText('Fully booked');
  await expect(card(page, full.title).getByRole('button', { name: 'Register' })).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a card's Register sends a visitor to a login that names the activity and returns to it (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const activity = await firstUpcoming();
    const email = uniqueEmail('register-card');
    await api('POST', '/auth/register', { body: { name: 'Rosalind Franklin', email, password: 'secret-123' } });

    await open(page, '/');
    const card = page.locator('.activity-card').filter({ has: page.getByRole('button', { name: activity.title }) });
    await card.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible();
    await expect(page.getByText(`Log in to register for ${activity.title}.`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: activity.title })).toBeVisible();
    await expect(page).toHaveURL(/\/#activities$/);
  });
}

test('a login reached any other way says only what it always says', async ({ page }) => {
  await open(page, '/login?next=%2Faccount%2Fdata');
  await expect(page.getByText('Log in to your member account.')).toBeVisible();
  await expect(page.getByText(/Log in to register/)).toHaveCount(0);
});
