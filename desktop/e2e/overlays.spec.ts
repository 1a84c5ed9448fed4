/**
 * Issue 55, item 1: toasts, dialogs, confirmations and menus show inside the window, above the page, on a
 * page longer than the window and in a short window, in both themes. (Blueprint's overlay classes are
 * built at run time; a purged style sheet that lost them put every toast below the window.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, createAdmin, openAs, unique, uniqueEmail } from './console.js';

const SCREENS = [
  // A long page on a tall screen, read down to its end: the toast stays in the window, not after the app.
  { name: 'long', width: 1366, height: 1400, scrollToEnd: true },
  { name: 'short', width: 1024, height: 480, scrollToEnd: false },
];

/** The box of `overlay` lies inside the window, and it is what the window shows at its centre. */
async function expectInsideWindow(page: Page, overlay: Locator): Promise<void> {
  await expect(overlay).toBeVisible();
  const view = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = (await overlay.boundingBox())!;
      return box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
    })
    .toBe(true);
  const onTop = await overlay.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 10));
    return element.contains(seen);
  });
  expect(onTop).toBe(true);
}

for (const theme of ['light', 'dark']) {
  for (const screen of SCREENS) {
    test(`toasts, dialogs, confirmations and menus show inside the window (${screen.name} screen, ${theme})`, async ({
      page,
    }) => {
      const name = unique('Overlay Admin');
      await createAdmin({ faqs: { view: true } }, name);
      const member = { name: unique('Overlay Member'), email: uniqueEmail('overlay'), password: 'member-secret-1' };
      expect((await api('POST', '/auth/register', { body: member })).status).toBe(201);
      await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      // The export fails as the server would answer a failure: the console says so in a toast.
      await page.route('**/api/admin/members/export.csv**', (route) =>
        route.fulfill({ status: 500, json: { success: false, message: 'The export could not be made.' } }),
      );
      await openAs(page, '/members');
      await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
      if (screen.scrollToEnd) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      }

      await page.getByRole('button', { name: 'Export CSV' }).click();
      await expectInsideWindow(page, page.locator('.bp6-toast').filter({ has: page.getByTestId('failure-toast') }));

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog');
      await expectInsideWindow(page, dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.goto(`/admin/admins?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      const menu = page.getByRole('menu');
      await expectInsideWindow(page, menu);
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      const confirmation = page.getByRole('alertdialog');
      await expectInsideWindow(page, confirmation);
      await confirmation.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirmation).toBeHidden();
    });
  }
}
