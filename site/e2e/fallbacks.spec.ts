/**
 * After client-side navigation the browser fetches: SPEC's loading texts show meanwhile, and when the
 * server has no content the built-in fallbacks (About with 5 objectives, 6 cards, 3 testimonials,
 * 8 FAQs) and SPEC's empty texts show.
 */
import { expect, test, type Page } from '@playwright/test';
import { open } from './helpers.js';

const pagination = { page: 1, limit: 100, total: 0, pages: 1 };
const empty = (collection: string) => JSON.stringify({ success: true, data: { [collection]: [], pagination } });
const missing = JSON.stringify({ success: false, message: 'Not found' });

/** The API answers as an empty database would, after a pause long enough to see the loading texts. */
async function serveNothing(page: Page) {
  const slow =
    (body: string, status = 200) =>
    async (route: import('@playwright/test').Route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.fulfill({ status, contentType: 'application/json', body });
    };
  await page.route('**/api/about-us', slow(missing, 404));
  await page.route('**/api/membership-cards*', slow(empty('cards')));
  await page.route('**/api/testimonials*', slow(empty('testimonials')));
  await page.route('**/api/faqs*', slow(empty('faqs')));
  await page.route('**/api/activities*', slow(empty('activities')));
}

test('the home page reached by client-side navigation shows loading texts, then fallbacks and empty texts', async ({
  page,
}) => {
  await open(page, '/join-us');
  await serveNothing(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await expect(page.getByText('Loading activities...').first()).toBeVisible();
  await expect(page.getByText('Loading testimonials...')).toBeVisible();
  await expect(page.locator('#about').getByText('Loading...')).toBeVisible();

  await expect(page.locator('#about .objectives__item')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Case Study Discussions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cross-Border Degrees' })).toBeVisible();
  await expect(page.locator('.benefit-card')).toHaveCount(6);
  await expect(page.locator('.testimonial')).toHaveCount(3);
  await expect(page.locator('.faq')).toHaveCount(8);
  await expect(page.getByText('No upcoming activities yet.')).toBeVisible();
  await expect(page.getByText('No past activities yet.')).toBeVisible();
});

test('a policy page reached by client-side navigation shows Loading..., then its built-in text when none is active', async ({
  page,
}) => {
  await open(page, '/');
  await page.route('**/api/terms-of-service', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.fulfill({ status: 404, contentType: 'application/json', body: missing });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText(/These terms govern your use of the Global Nutrition Network website/)).toBeVisible();
});

test('a policy page that cannot be loaded says so', async ({ page }) => {
  await open(page, '/');
  await page.route('**/api/privacy-policy', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error loading privacy policy. Please try again later.', {
    timeout: 10_000,
  });
});
