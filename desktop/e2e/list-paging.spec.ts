/**
 * Issue 10, every admin list pages and searches (ui/ListControls.tsx), on the testimonials screen:
 * 60 testimonials made through the API, paged through with the page controls and the browser's Back
 * button (the page and the search are in the URL), a search with an accent difference, and axe.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, openAs, superAdminToken, unique } from './console.js';

const COUNT = 60;
/** One word in all 60 quotes, so the search narrows the list to them whatever else the database holds. */
const tag = unique('pagertag').replace(/[^a-z0-9]/gi, '');
const ids: number[] = [];

test.beforeAll(async () => {
  const token = await superAdminToken();
  for (let number = 1; number <= COUNT; number += 1) {
    const quote =
      number === 7 ? `Une crème brûlée partagée, ${tag} number 7.` : `Paging testimonial ${tag} number ${number}.`;
    const response = await api('POST', '/admin/testimonials', {
      token,
      body: { name: `Pager ${number}`, role: 'Dietitian', quote },
    });
    expect(response.status).toBe(201);
    ids.push(response.body.data.id);
  }
});

test.afterAll(async () => {
  const token = await superAdminToken();
  for (const id of ids) await api('DELETE', `/admin/testimonials/${id}`, { token });
});

test('pages through a searched list and back with the Back button; the search ignores accents', async ({ page }) => {
  await openAs(page, '/testimonials');
  const search = page.getByRole('searchbox', { name: 'Search testimonials by name or quote' });
  const cards = page.getByTestId('testimonial-card');
  const pager = page.getByRole('navigation', { name: 'Testimonials pages' });

  await search.fill(tag.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag.toUpperCase()}`));
  await expect(pager).toContainText(`${COUNT} testimonials · page 1 of 2`);
  await expect(cards).toHaveCount(50);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  // To the last page from the keyboard.
  await pager.getByRole('button', { name: 'Last page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(cards).toHaveCount(COUNT - 50);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // A reload keeps the place and the search.
  await page.reload();
  await expect(cards).toHaveCount(COUNT - 50);
  await expect(search).toHaveValue(tag.toUpperCase());

  // Back to page 1 through the browser history, and forward again.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(cards).toHaveCount(50);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(cards).toHaveCount(COUNT - 50);

  // A new search starts again from page 1, and finds "crème brûlée" written without accents.
  await search.fill(`CREME brulee partagee, ${tag}`);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Une crème brûlée partagée');
  await expect(pager).toContainText('1 testimonial');
});

test('a list screen with its search and page controls has no serious axe violation', async ({ page }) => {
  await openAs(page, `/testimonials?q=${tag}`);
  await expect(page.getByRole('navigation', { name: 'Testimonials pages' })).toContainText('page 1 of 2');
  await expectNoSeriousA11yViolations(page);
});

for (const theme of ['light', 'dark']) {
  test(`a disabled pager button looks disabled beside an enabled one (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
    await openAs(page, `/testimonials?q=${tag}`);
    const pager = page.getByRole('navigation', { name: 'Testimonials pages' });
    const previous = pager.getByRole('button', { name: 'Previous page' });
    const next = pager.getByRole('button', { name: 'Next page' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const looks = async (button: typeof next) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { opacity: Number(style.opacity), cursor: style.cursor };
      });
    // Blueprint's dark theme tells a disabled button by a shade only (issue 55 item 10): faded, and no hand.
    expect(await looks(previous)).toEqual({ opacity: 0.45, cursor: 'not-allowed' });
    expect((await looks(next)).opacity).toBe(1);
  });
}
