/**
 * /api/docs: the API reference rendered by the bundled Redoc from /api/openapi.json, under the
 * page's own Content-Security-Policy, loading nothing from any other host.
 */
import { expect, test } from '@playwright/test';
import { E2E } from '../../e2e/support.js';

test('the API reference lists the operations, with no CSP violation and no request elsewhere', async ({ page }) => {
  // Redoc reads the whole document (some 400 KB) in the page's one thread: on a busy machine that takes seconds.
  test.setTimeout(90_000);
  const origin = new URL(E2E.baseUrl).origin;
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console: ${message.text()}`);
  });
  // Reported to the page before any console message: collected there, read at the end.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');

  // Redoc has fetched and rendered the document: its title, the tags in the menu, the operations.
  await expect(page.getByRole('heading', { level: 1, name: /API \(1\.0\.0\)/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Check the server and its database' })).toBeVisible();
  const menu = page.locator('.menu-content');
  await expect(menu.getByText('Authentication', { exact: true })).toBeVisible();
  await menu.getByText('FAQs', { exact: true }).click();
  await menu.getByText('Create an FAQ', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create an FAQ' })).toBeInViewport();
  // Its styles apply (styled-components through the CSSOM): the menu is laid out beside the content.
  await expect(menu).toHaveCSS('position', 'sticky');

  await page.waitForLoadState('networkidle');
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
  expect(requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'))).toEqual([]);
  expect(requests).toEqual(
    expect.arrayContaining([
      `${origin}/api/docs`,
      `${origin}/api/docs/redoc.standalone.js`,
      `${origin}/api/docs/api-docs.js`,
      `${origin}/api/openapi.json`,
    ]),
  );
});

test('the API reference files are ours: Redoc is served from this server, with its licence notices', async ({
  request,
}) => {
  const bundle = await request.get('/api/docs/redoc.standalone.js');
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['content-type']).toContain('javascript');
  expect((await bundle.body()).length).toBeGreaterThan(100_000);
  const notices = await request.get('/api/docs/redoc.standalone.js.LICENSE.txt');
  expect(await notices.text()).toContain('ReDoc');
  expect((await request.get('/api/docs/nothing-here.js')).status()).toBe(404);
  // The API itself is untouched: its answers keep the API's policy.
  const document = await request.get('/api/openapi.json');
  expect(document.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});
