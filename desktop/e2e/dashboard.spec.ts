/** SPEC 2's dashboard and the console's look: stats, chart, overview, recent users, theme, a11y. */
import type { DashboardData } from '@npo/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, createAdmin, openAs, superAdminToken, unique } from './console.js';

test('the dashboard shows stat cards, the week chart, content overview, recent users and upcoming activities', async ({
  page,
}) => {
  const token = await superAdminToken();
  const title = unique('Dashboard Workshop');
  await api('POST', '/admin/activities', {
    token,
    body: {
      title,
      description: 'An activity created to appear on the dashboard.',
      date: '2030-01-15T10:00:00.000Z',
      location: 'Online',
      status: 'upcoming',
      tags: ['Test'],
      capacity: 25,
    },
  });
  await openAs(page, '');

  const stats = page.getByTestId('stat-card');
  await expect(stats).toHaveCount(4);
  for (const label of ['Total Users', 'Active Admins', 'Activities', 'Testimonials']) {
    // A fresh server: nothing was created in the 30 days before, so no percentage (issue 21 item 9).
    await expect(stats.filter({ hasText: label })).toContainText(/(new|added) in the last 30 days$/);
  }
  const chart = page.locator('figure.chart');
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
    await expect(chart.locator('.recharts-cartesian-axis-tick-value', { hasText: day })).toBeVisible();
  }
  await expect(chart).toContainText('New users per day this week: Mon');

  const overview = page.locator('.panel').filter({ hasText: 'Content Overview' });
  await expect(overview).toContainText(/Membership cards\s*\d+ of \d+ cards? active/);
  await expect(overview).toContainText(/About Us versions\s*\d+ of \d+ versions? active/);
  await expect(overview).toContainText(/Contact info versions\s*\d+ of \d+ versions? active/);
  await expect(overview).toContainText(/Featured testimonials\s*\d+/);

  const recent = page.locator('.panel').filter({ hasText: 'Recent Users' });
  await expect(recent.locator('.person').first()).toContainText(/just now|min ago|hours ago|days ago|\w{3} \d+, \d{4}/);

  const upcoming = page.locator('.panel').filter({ hasText: 'Upcoming Activities' });
  await expect(upcoming.locator('.activity-row').first()).toContainText(/\d+\/(\d+|∞)/);
});

test("the backup card is a super admin's: the newest backup, a warning when it is old or missing", async ({ page }) => {
  await openAs(page, '');
  const card = page.getByTestId('backup-card');
  // A fresh server has none; its schedule makes the first five minutes after start.
  await expect(card).toContainText(/No backup yet|Last backup/);

  const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
  await page.route('**/api/admin/dashboard', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: Record<string, unknown> };
    body.data.backup = { builtIn: true, lastAt: threeDaysAgo, sizeBytes: 5 * 1024 * 1024, stale: true };
    await route.fulfill({ response: answer, json: body });
  });
  await page.reload();
  await expect(card).toContainText('3 days ago');
  await expect(card).toContainText('5.0 MB');
  await expect(card.getByRole('alert')).toContainText('The last backup is more than two days old');
  await page.unroute('**/api/admin/dashboard');

  // With a permission: an admin with none sees what to ask for instead (permission-grid.spec.ts).
  const admin = await createAdmin({ faqs: { view: true } });
  await openAs(page, '', admin);
  await expect(page.getByTestId('dashboard-withheld')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('each part shows only for staff who may view its module, and no sample stands in (issue 55 item 3)', async ({
  page,
}) => {
  // FAQs only: none of the dashboard's figures are theirs.
  await openAs(page, '', await createAdmin({ faqs: { view: true } }));
  await expect(page.getByTestId('dashboard-withheld')).toHaveText(
    'Figures of modules you may not view are not shown. A super admin can grant you more.',
  );
  await expect(page.getByTestId('stat-card')).toHaveCount(0);
  await expect(page.locator('figure.chart')).toHaveCount(0);
  await expect(page.locator('.panel').filter({ hasText: 'Recent Users' })).toHaveCount(0);
  await expect(page.locator('.panel').filter({ hasText: 'Upcoming Activities' })).toHaveCount(0);
  await expect(page.locator('.overview-list')).toHaveCount(0);
  await expect(page.getByText('Amara Okafor')).toHaveCount(0);

  // Members view: the users' card, the week chart and the recent users with their e-mails.
  const viewer = await createAdmin({ members: { view: true } });
  await openAs(page, '', viewer);
  const stats = page.getByTestId('stat-card');
  await expect(stats).toHaveCount(1);
  await expect(stats).toContainText('Total Users');
  await expect(page.locator('figure.chart')).toBeVisible();
  await expect(page.locator('.panel').filter({ hasText: 'Recent Users' })).toContainText(viewer.email);
  await expect(page.locator('.panel').filter({ hasText: 'Upcoming Activities' })).toHaveCount(0);

  // A super admin: all of it, with no note.
  await openAs(page, '');
  await expect(stats).toHaveCount(4);
  // The content overview (a backup's card is an overview list too, once the daily backup has run).
  await expect(page.locator('dl.overview-list')).toBeVisible();
  await expect(page.getByTestId('dashboard-withheld')).toHaveCount(0);
});

/** The dashboard's answer with its stats and periods as `adjust` leaves them. */
async function dashboardWith(page: Page, adjust: (data: DashboardData) => void): Promise<void> {
  await page.route('**/api/admin/dashboard', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: DashboardData };
    adjust(body.data);
    await route.fulfill({ response: answer, json: body });
  });
}

test('trends only where the comparison means something, plain words otherwise (issue 55 item 7)', async ({ page }) => {
  await dashboardWith(page, (data) => {
    data.stats = {
      totalUsers: 51_204,
      totalUsersChange: 20,
      activeAdmins: 15,
      activeAdminsChange: -100,
      totalActivities: 120,
      totalActivitiesChange: 920.2,
      totalTestimonials: 40,
      totalTestimonialsChange: -33.3,
    };
    data.statPeriods = {
      totalUsers: { current: 1200, previous: 1000, comparable: true },
      activeAdmins: { current: 0, previous: 2, comparable: false },
      totalActivities: { current: 102, previous: 10, comparable: true },
      totalTestimonials: { current: 4, previous: 6, comparable: false },
    };
    data.defaultContent = [];
  });
  for (const width of [1366, 1024]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, '/forgot-password');
      await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
      await page.goto('/admin');
      const change = (label: string) =>
        page.getByTestId('stat-card').filter({ hasText: label }).getByTestId('stat-change');
      await expect(change('Total Users')).toHaveText('1,200 new in the last 30 days (+20% on the 30 days before)');
      await expect(change('Total Users')).toHaveClass(/stat-change-up/);
      // A head count is not compared with admins created: no "−100%", nothing in red.
      await expect(change('Active Admins')).toHaveText('None added in the last 30 days');
      await expect(change('Active Admins')).toHaveClass(/stat-change-plain/);
      await expect(change('Activities')).toHaveText('102 new in the last 30 days, over 3 times the 10 before');
      await expect(change('Testimonials')).toHaveText('4 new in the last 30 days');
      const summary = page.getByTestId('default-content-summary');
      await expect(summary).toContainText('None: every section you edit here shows your own content.');
      await page.screenshot({ path: test.info().outputPath(`dashboard-${width}-${theme}.png`), fullPage: true });
    }
  }
});

test('a dashboard that cannot load shows SPEC 8 texts', async ({ page }) => {
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Broken"}' }),
  );
  await openAs(page, '');
  await expect(page.getByText('Failed to load dashboard data')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Please try refreshing the page')).toBeVisible();
});

test('missing parts of the dashboard answer are filled with sample numbers', async ({ page }) => {
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data: { stats: { totalUsers: 4321 } } }),
    }),
  );
  await openAs(page, '');
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Users' })).toContainText('4,321');
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Active Admins' })).toContainText('8');
  await expect(page.locator('.panel').filter({ hasText: 'Content Overview' })).toContainText('6 of 6 cards active');
});

test('the dark theme toggle is applied at once and remembered', async ({ page }) => {
  await openAs(page, '');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
});

test.describe('accessibility (axe)', () => {
  for (const theme of ['light', 'dark']) {
    test(`the login page has no serious violations (${theme})`, async ({ page }) => {
      await page.goto('/admin/login');
      await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // With validation errors shown as well.
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Enter a valid email')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test(`the dashboard has no serious violations (${theme})`, async ({ page }) => {
      await openAs(page, '/forgot-password');
      await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
      await page.goto('/admin');
      await expect(page.getByTestId('stat-card')).toHaveCount(4);
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeAttached();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test('keyboard: the skip link and the account menu work without a mouse', async ({ page }) => {
  await openAs(page, '');
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const account = page.getByRole('button', { name: /Account menu for/ });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'View Site' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();
});

test('on a tablet the sidebar is a drawer opened from the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await openAs(page, '');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/admin\/faqs$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'FAQs', level: 1 })).toBeVisible();
});
