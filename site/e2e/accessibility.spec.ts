/** axe finds no serious or critical violation on any public route, at desktop and phone widths. */
import { test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';

const ROUTES = [
  '/',
  '/join-us',
  '/why-join-us',
  '/connect',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/no-such-page',
];

for (const path of ROUTES) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the home page with its menu open has no serious accessibility violation', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

test('an open activity modal has no serious accessibility violation', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.locator('.activity-card__open').first().click();
  await page.getByRole('dialog').waitFor();
  await expectNoSeriousA11yViolations(page);
});
