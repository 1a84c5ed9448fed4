/**
 * After client-side navigation the browser fetches: SPEC's loading texts show meanwhile, and when the
 * server has no content the built-in texts show. (The home page is never reached that way: it is
 * rendered by the server with only its interactive parts hydrated, and its fallbacks on an empty
 * database are tested in site/server/site-renderer.test.ts.)
 */
import { expect, test } from '@playwright/test';
import { holdRequests } from '../../e2e/support.js';
import { open } from './helpers.js';

const missing = JSON.stringify({ success: false, message: 'Not found' });

test('a policy page reached by client-side navigation shows Loading..., then its built-in text when none is active', async ({
  page,
}) => {
  await open(page, '/join-us');
  const release = await holdRequests(page, '**/api/terms-of-service', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: missing }),
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText(/These terms govern your use of the Global Nutrition Network website/)).toBeVisible();
});

test('a policy page that cannot be loaded says so', async ({ page }) => {
  await open(page, '/join-us');
  await page.route('**/api/privacy-policy', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error loading privacy policy. Please try again later.', {
    timeout: 10_000,
  });
});
