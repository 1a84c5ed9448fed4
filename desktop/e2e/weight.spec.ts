/** Issue 9's console weight: the login screen's files arrive precompressed, with only the icons and styles it needs. */
import { expect, test } from '@playwright/test';
import { signIn } from './console.js';

test('the login screen loads precompressed files, its own icons and no chart, icon table or zod', async ({ page }) => {
  const files: { path: string; encoding: string | undefined }[] = [];
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (!['script', 'stylesheet'].includes(response.request().resourceType())) return;
    files.push({ path: new URL(response.url()).pathname, encoding: response.headers()['content-encoding'] });
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/admin/login');
  // The password field's show/hide button draws its icon from the console's own icon list.
  await expect(page.locator('[data-icon="eye-open"] path').first()).toHaveAttribute('d', /\S/);

  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(file.encoding, file.path).toBe('br');
  const paths = files.map((file) => file.path);
  expect(paths.filter((path) => /\/(paths|allPaths|DashboardPage)-[\w-]+\.js$/.test(path))).toEqual([]);
  // Nor Blueprint's table of every icon name (light-icon-names.ts): an icon the console never uses is absent.
  // Nor zod: the client reads the route table without its schemas (shared/src/api/routes.ts).
  for (const text of await Promise.all(scripts)) {
    expect(text).not.toContain('add-column-left');
    expect(text).not.toContain('$ZodError');
  }
});

test("the console's own styles and the rest of Blueprint's arrive with the console after sign-in, not with the login screen", async ({
  page,
}) => {
  const styles: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'stylesheet') styles.push(response.text());
  });
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const loginStyles = await Promise.all(styles);
  expect(loginStyles.length).toBeGreaterThan(0);
  for (const css of loginStyles) {
    expect(css).not.toContain('.sidebar-link');
    // Blueprint's tags and menus are drawn only inside the console (blueprint-css.ts).
    expect(css).not.toContain('.bp6-tag{');
    expect(css).not.toContain('.bp6-menu-item{');
  }
  // The login screen's own Blueprint parts are styled by the sheet it loads.
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCSS('display', 'flex');

  await signIn(page);
  // The shell's grid (styles/console.css) lays the console out: sidebar beside the content.
  await expect(page.locator('.shell')).toHaveCSS('display', 'grid');
  await expect(page.locator('a.sidebar-link').first()).toHaveCSS('display', 'flex');
  // A Blueprint tag, which the login's sheet leaves out, is styled once the console is here.
  await page.getByRole('link', { name: 'FAQs' }).click();
  await expect(page.locator('.bp6-tag').first()).toHaveCSS('display', 'flex');
});

test("a list screen draws every icon from the console's own list, never Blueprint's chunk of every icon", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page);
  await page.goto('/admin/members');
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // The row menu's "more", the sortable headers' carets, the export's "download": drawn, from ui/icon-paths-16.ts.
  for (const name of ['more', 'double-caret-vertical', 'download']) {
    await expect(page.locator(`[data-icon="${name}"] path`).first()).toHaveAttribute('d', /\S/);
  }
  // Sorted newest first: the header's chevron.
  await table.getByRole('columnheader', { name: 'Joined (UTC)' }).getByRole('button').click();
  await expect(page.locator('[data-icon="chevron-down"] path').first()).toHaveAttribute('d', /\S/);
  expect(scripts.filter((path) => /\/(paths|allPaths)-[\w-]+\.js$/.test(path))).toEqual([]);
});
