/** SPEC 2's header: sticky, smooth anchors, shadow after 10 px, and the mobile menu. */
import { expect, test } from '@playwright/test';
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
