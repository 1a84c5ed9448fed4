/**
 * Issue 21 items 4, 7 and 9: membership cards are reordered (drag, Move up / Move down) and switched
 * active in the console, and the public section follows; a section with nothing public says so on its
 * screen and on the dashboard, with a link to the site; the dashboard of a fresh install says "new
 * this month", never "+100%", and its error state offers Try again. Changed screens: axe in both themes.
 */
import { defaultMembershipCards, DEFAULT_CONTENT_NOTICE } from '@npo/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, itemWith, openAs, superAdminToken, unique } from './console.js';

interface Card {
  id: number;
  revision: number;
  type: string;
  title: string;
  subtitle: string;
  points: { value: string }[];
  isActive: boolean;
  order: number;
}

// axe runs twice per test on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function adminCards(): Promise<Card[]> {
  const list = await api('GET', '/admin/membership-cards?limit=100', { token: await superAdminToken() });
  return list.body.data.cards;
}

async function createCard(title: string, isActive = true): Promise<Card> {
  const body = {
    type: 'Test',
    title,
    subtitle: 'A card made by the browser tests.',
    points: [{ value: 'One point' }],
    isActive,
  };
  const created = await api('POST', '/admin/membership-cards', { token: await superAdminToken(), body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

async function setActive(card: Card, isActive: boolean): Promise<void> {
  const { type, title, subtitle, points } = card;
  const body = { type, title, subtitle, points, isActive };
  const saved = await api('PUT', `/admin/membership-cards/${card.id}`, { token: await superAdminToken(), body });
  expect(saved.status).toBe(200);
}

async function removeCards(cards: (Card | undefined)[]): Promise<void> {
  const token = await superAdminToken();
  for (const card of cards) if (card) await api('DELETE', `/admin/membership-cards/${card.id}`, { token });
}

/** The card titles of the public Membership Benefits section, in page order. */
async function publicCardTitles(page: Page): Promise<string[]> {
  await page.goto('/');
  return page.locator('#membership-benefits .benefit-card__title').allTextContents();
}

async function openThemed(page: Page, path: string, theme: string): Promise<void> {
  await openAs(page, '/forgot-password');
  await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
  await page.goto(`/admin${path}`);
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
}

for (const theme of ['light', 'dark']) {
  test(`membership cards: order and Active switch reach the public section (${theme})`, async ({ page }) => {
    let first: Card | undefined;
    let second: Card | undefined;
    try {
      first = await createCard(unique('Order First'));
      second = await createCard(unique('Order Second'));
      await openThemed(page, '/membership', theme);
      const secondCard = itemWith(page, 'membership-card', second.title);
      await expect(secondCard).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Keyboard: Move up puts the second card before the first, and keeps the focus on the button.
      await secondCard.getByRole('button', { name: `Move up: ${second.title}` }).click();
      await expect(page.getByRole('status').filter({ hasText: `"${second.title}" moved to position` })).toBeAttached();
      await expect
        .poll(async () => (await adminCards()).map((card) => card.id).slice(-2))
        .toEqual([second.id, first.id]);
      await expect(page.getByRole('button', { name: `Move up: ${second.title}` })).toBeFocused();

      // Dragging: the first card dropped on the top card goes to the top.
      // Both cards on screen at once: a scroll between pressing and moving the pointer would start the
      // drag on whichever card then lies under it.
      await page.setViewportSize({ width: 1600, height: 2400 });
      const rows = page.locator('ul[aria-label="Membership cards"] > li');
      await rows.filter({ has: itemWith(page, 'membership-card', first.title) }).dragTo(rows.first());
      await expect.poll(async () => (await adminCards())[0]?.id).toBe(first.id);

      // The Active switch hides the second card on the site.
      const toggle = itemWith(page, 'membership-card', second.title).getByRole('switch', {
        name: `Active: ${second.title}`,
      });
      await expect(toggle).toBeChecked();
      // Blueprint draws the switch over its input: the person clicks the drawn switch, its label.
      await itemWith(page, 'membership-card', second.title).locator('label.card-active-switch').click();
      await expect(toggle).not.toBeChecked();
      await expectToast(page, 'Membership card updated');
      await expect(itemWith(page, 'membership-card', second.title)).toContainText('Inactive');
      expect((await adminCards()).find((card) => card.id === second!.id)?.isActive).toBe(false);
      await expectNoSeriousA11yViolations(page);

      const titles = await publicCardTitles(page);
      expect(titles[0]).toBe(first.title);
      expect(titles).not.toContain(second.title);
      const active = (await adminCards()).filter((card) => card.isActive).map((card) => card.title);
      expect(titles).toEqual(active);
    } finally {
      await removeCards([first, second]);
    }
  });

  test(`a section with nothing active says visitors see the default content (${theme})`, async ({ page }) => {
    const before = await adminCards();
    const wereActive = before.filter((card) => card.isActive);
    let hidden: Card | undefined;
    try {
      for (const card of wereActive) await setActive(card, false);
      hidden = await createCard(unique('Hidden Card'), false);
      await openThemed(page, '/membership', theme);
      const notice = page.getByTestId('default-content-notice');
      await expect(notice).toContainText(DEFAULT_CONTENT_NOTICE);
      await expect(notice.getByText(DEFAULT_CONTENT_NOTICE, { exact: true })).toBeVisible();
      const link = notice.getByRole('link', { name: 'View Membership Benefits on the site' });
      await expect(link).toHaveAttribute('href', /\/#membership-benefits$/);
      await expectNoSeriousA11yViolations(page);

      // The dashboard lists the section, linked to its screen.
      await page.goto('/admin');
      const summary = page.getByTestId('default-content-summary');
      await expect(summary.getByRole('link', { name: 'Membership Benefits' })).toHaveAttribute('href', /membership$/);
      await expectNoSeriousA11yViolations(page);

      // The site shows SPEC's sample cards, not the inactive one.
      const titles = await publicCardTitles(page);
      expect(titles).toEqual(defaultMembershipCards.map((card) => card.title));
      expect(titles).not.toContain(hidden.title);

      // One active card ends it.
      await setActive(hidden, true);
      await openAs(page, '/membership');
      await expect(itemWith(page, 'membership-card', hidden.title)).toBeVisible();
      await expect(page.getByTestId('default-content-notice')).toHaveCount(0);
    } finally {
      for (const card of wereActive) await setActive(card, true);
      await removeCards([hidden]);
    }
  });
}

test('the dashboard of a fresh install says "new in the last 30 days", never +100%, and Try again refetches', async ({
  page,
}) => {
  // Fixed browser clock: relative times render the same whatever the day; the server's data is all
  // from its start (a fresh install), so nothing existed in the 30 days before.
  await page.clock.setFixedTime(new Date());
  let failing = true;
  await page.route('**/api/admin/dashboard', async (route) => {
    if (!failing) return route.continue();
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"x"}' });
  });
  await openAs(page, '');
  await expect(page.getByText('Failed to load dashboard data')).toBeVisible({ timeout: 15_000 });
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();

  const stats = page.getByTestId('stat-card');
  await expect(stats).toHaveCount(4);
  await expect(stats.filter({ hasText: 'Total Users' })).toContainText(/\d+ new in the last 30 days$/);
  for (const text of await stats.allTextContents()) expect(text).not.toMatch(/%/);

  const overview = page.locator('.panel').filter({ hasText: 'Content Overview' });
  await expect(overview).toContainText(/Membership cards\s*\d+ of \d+ cards? active/);
  await expect(overview).toContainText(/About Us versions\s*\d+ of \d+ versions? active/);
  await expect(overview.getByRole('progressbar')).toHaveCount(0);
});
