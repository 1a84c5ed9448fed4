/** axe finds no serious or critical violation on any public route, at desktop and phone widths. */
import { expect, test, type Page } from '@playwright/test';
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
  '/welcome',
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

/** The relative luminance (WCAG) of a computed `rgb(r, g, b)` colour. */
async function backgroundLuminance(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

test('the home page follows a light system scheme, and says it offers both', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.9);
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'light dark');
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
});

test.describe('in the system dark scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('the home page has a dark background', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light dark');
  });

  for (const path of ['/', '/login', '/signup', '/connect']) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('an open activity modal has no serious accessibility violation', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('.activity-card__open').first().click();
    await page.getByRole('dialog').waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
