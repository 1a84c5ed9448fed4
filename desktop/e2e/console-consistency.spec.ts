/**
 * Issue 21, items 8, 10 and 11: the inbox has its own address with its state and search in it; a
 * screen still loading shows where the user is going at once; one colour per role; one password
 * field with the show/hide toggle; My account's session card puts this device first. Axe in both themes.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, createAdmin, openAs, sessionFor, unique, uniqueEmail } from './console.js';

// axe runs more than once per test on a loaded 2-core machine.
test.describe.configure({ timeout: 60_000 });

async function openThemed(page: Page, path: string, theme: string, credentials?: Parameters<typeof openAs>[2]) {
  await openAs(page, '/forgot-password', credentials);
  await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
  await page.goto(`/admin${path}`);
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
}

/** Requests matching `matches` wait until `release()`; `held` resolves once one has arrived. */
function holdRequests(page: Page, matches: (url: URL) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const handler = async (route: Route) => {
    arrived();
    await gate;
    await route.continue();
  };
  return {
    start: () => page.route((url) => matches(url), handler),
    held,
    release,
  };
}

for (const theme of ['light', 'dark']) {
  test(`the inbox has its own address: tab, state and search survive a reload (${theme})`, async ({ page }) => {
    const name = unique('Reload Visitor');
    const sent = await api('POST', '/contact-messages', {
      body: { name, email: uniqueEmail('reload'), phone: '+441234567890', message: 'Is the address kept?' },
    });
    expect(sent.status).toBe(201);
    await page.setViewportSize({ width: 1024, height: 768 });
    await openThemed(page, '/connect', theme);

    await page.getByRole('tab', { name: /Messages/ }).click();
    await expect(page).toHaveURL(/\/admin\/connect\/messages$/);
    await page.getByLabel('Show').selectOption('new');
    await page.getByRole('searchbox', { name: 'Search messages by name, e-mail or text' }).fill(name);
    await expect(page).toHaveURL(/\/admin\/connect\/messages\?.*state=new/);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
    await expect(page.getByTestId('message-row')).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('tab', { name: /Messages/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Show')).toHaveValue('new');
    await expect(page.getByRole('searchbox', { name: 'Search messages by name, e-mail or text' })).toHaveValue(name);
    await expect(page.getByTestId('message-row').filter({ hasText: name })).toBeVisible();
    // The open tab clicked again keeps the address as it is.
    await page.getByRole('tab', { name: /Messages/ }).click();
    await expect(page).toHaveURL(/\/admin\/connect\/messages\?.*state=new/);
    // The sidebar still marks Connect Us, whose address the inbox sits under.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Connect Us/ }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);

    // Back to the contact information: its own address again.
    await page.getByRole('tab', { name: 'Contact Information' }).click();
    await expect(page).toHaveURL(/\/admin\/connect$/);
  });

  test(`the unread badge has room for three digits at 1024 px (${theme})`, async ({ page }) => {
    // The count the sidebar reads (one message a page) says 123, as a busy inbox would.
    await page.route(
      (url) => url.pathname === '/api/admin/contact-messages' && url.searchParams.get('limit') === '1',
      async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as { data: { unread: number } };
        json.data.unread = 123;
        await route.fulfill({ response, json });
      },
    );
    await page.setViewportSize({ width: 1024, height: 768 });
    await openThemed(page, '/', theme);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Connect Us/ });
    const badge = link.getByTestId('unread-badge');
    await expect(badge).toContainText('123');
    const fits = await badge.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const frame = element.closest('a')!.getBoundingClientRect();
      return element.scrollWidth <= element.clientWidth && box.right <= frame.right && box.left >= frame.left;
    });
    expect(fits).toBe(true);
    await expect(link.locator('.sidebar-label')).toHaveText('Connect Us');
    await expectNoSeriousA11yViolations(page);
  });

  test(`a screen still loading is shown at once: sidebar, progress and skeleton rows (${theme})`, async ({ page }) => {
    await openThemed(page, '/', theme);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Held: the Members screen's code, then its list, until each state is asserted.
    const code = holdRequests(page, (url) => /\/assets\/MembersPage[^/]*\.js$/.test(url.pathname));
    const list = holdRequests(page, (url) => url.pathname === '/api/admin/members');
    await code.start();
    await list.start();

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Members', exact: true }).click();
    await code.held;
    await expect(sidebar.getByRole('link', { name: 'Members', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('progressbar', { name: 'Loading the screen' })).toBeVisible();
    await expect(page.getByTestId('skeleton-rows')).toBeVisible();
    // The old screen is gone, not kept while the new one loads.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    code.release();
    await list.held;
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading the screen' })).toHaveCount(0);
    await expect(page.getByTestId('skeleton-rows')).toBeVisible();

    list.release();
    await expect(page.getByTestId('skeleton-rows')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Members pages' })).toContainText(/\d+ members?/);
  });

  test(`one colour per role: the dashboard and Admins agree (${theme})`, async ({ page }) => {
    // A new admin is among the dashboard's recent users.
    await createAdmin({}, unique('Role Colour'));
    const colours = async () =>
      page.getByTestId('role-tag').evaluateAll((tags) =>
        Object.fromEntries(
          tags.map((tag) => {
            const style = getComputedStyle(tag);
            return [tag.getAttribute('data-role'), `${style.color} on ${style.backgroundColor}`];
          }),
        ),
      );
    await openThemed(page, '/', theme);
    await expect(
      page
        .getByTestId('role-tag')
        .filter({ hasText: /^Admin$/ })
        .first(),
    ).toBeVisible();
    const onDashboard = await colours();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admins' }).click();
    await expect(page.getByTestId('admin-row').first()).toBeVisible();
    const onAdmins = await colours();
    expect(Object.keys(onAdmins)).toEqual(expect.arrayContaining(['admin', 'super_admin']));
    expect(onDashboard.admin).toBe(onAdmins.admin);
    if (onDashboard.super_admin) expect(onDashboard.super_admin).toBe(onAdmins.super_admin);
    expect(onAdmins.admin).not.toBe(onAdmins.super_admin);
    await expect(page.locator('[data-role="super_admin"]').first()).toHaveClass(/bp6-intent-danger/);
    await expect(page.locator('[data-role="admin"]').first()).toHaveClass(/bp6-intent-primary/);
    await expectNoSeriousA11yViolations(page);
  });

  test(`My account: password fields show and hide, this device's session first (${theme})`, async ({ page }) => {
    const admin = await createAdmin({}, unique('Account Owner'));
    await sessionFor(admin);
    // A second, newer session: by sign-in time it would come first, but this device leads.
    const other = await api('POST', '/auth/login', { body: { email: admin.email, password: admin.password } });
    expect(other.status).toBe(200);
    await openThemed(page, '/account', theme, admin);

    const passwordCard = page.getByRole('region', { name: 'Password' });
    const current = passwordCard.getByLabel('Current password');
    await expect(current).toHaveAttribute('type', 'password');
    await current.fill('shown-secret');
    const toggles = passwordCard.getByRole('button', { name: 'Show password' });
    await expect(toggles).toHaveCount(3);
    await toggles.first().click();
    await expect(current).toHaveAttribute('type', 'text');
    await expect(current).toHaveValue('shown-secret');
    const hide = passwordCard.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await hide.click();
    await expect(current).toHaveAttribute('type', 'password');
    await expect(passwordCard.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'password');

    // The three cards share one frame.
    for (const name of ['Password', 'Two-factor sign-in', 'Signed-in sessions']) {
      await expect(page.getByRole('region', { name })).toHaveClass(/\bpanel\b/);
      await expect(page.getByRole('region', { name }).getByRole('heading', { name, level: 2 })).toHaveClass(
        /panel-title/,
      );
    }
    const rows = page.getByRole('region', { name: 'Signed-in sessions' }).getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('This device');
    await expectNoSeriousA11yViolations(page);
  });
}

test('the login has the same password toggle', async ({ page }) => {
  await page.goto('/admin/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('typed');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});
