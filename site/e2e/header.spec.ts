/** SPEC 2's header: sticky, smooth anchors, shadow after 10 px, and the mobile menu. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { open } from './helpers.js';

test('anchor links scroll to their section and the header gains a shadow once scrolled', async ({ page }) => {
  await open(page, '/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await header.getByRole('link', { name: 'Activities', exact: true }).click();
  await expect(page).toHaveURL(/#activities$/);
  await expect
    .poll(() => page.evaluate(() => Math.abs(document.getElementById('activities')!.getBoundingClientRect().top)))
    .toBeLessThan(80);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect(header).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 5));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('an anchor link on another page goes to that section of the home page', async ({ page }) => {
  await open(page, '/join-us');
  await page.getByRole('banner').getByRole('link', { name: 'Membership Benefits' }).click();
  await expect(page).toHaveURL(/\/#membership-benefits$/);
  await expect(page.locator('#membership-benefits')).toBeInViewport();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu collapses into a toggle that opens, closes, and closes after a link', async ({ page }) => {
    await open(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Why Join Us' }).click();
    await expect(nav.getByRole('link', { name: 'Why Join Us' })).toBeHidden();
    await expect(page).toHaveURL(/#why-join-us$/);
    await expect(page.locator('#why-join-us')).toBeInViewport();
  });
});

/** How many lines the element's text takes (a wrapped label has rects on two tops). */
async function linesOf(page: Page, element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  });
}

for (const width of [1024, 1366]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`at ${width} px (${colorScheme}) every header label keeps to one line, in one row`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme });
      await open(page, '/');
      const header = page.getByRole('banner');
      const labels = [
        ...(await header.getByRole('navigation', { name: 'Main' }).getByRole('link').all()),
        header.getByRole('link', { name: 'Login' }),
      ];
      // The five anchors, Directory (issue 57), Join Us and Login.
      expect(labels).toHaveLength(8);
      const centres: number[] = [];
      for (const label of labels) {
        await expect(label).toBeVisible();
        expect(await linesOf(page, label), await label.innerText()).toBe(1);
        const box = (await label.boundingBox())!;
        centres.push(box.y + box.height / 2);
      }
      expect(Math.max(...centres) - Math.min(...centres)).toBeLessThan(2);
      await expect(header.getByRole('link', { name: 'Join Us', exact: true })).toBeVisible();
      // Nothing pushed out sideways: the bar fits the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
