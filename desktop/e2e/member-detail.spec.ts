/**
 * The members list's toolbar and a member's detail at 1366 and 1024 px in both themes: the filters wrap
 * as whole controls from the left, each select named, the membership options not read as the status's;
 * the detail's registrations give activity dates in the organisation's zone as the Activities screen
 * does, each date and "Attended · 1.5 h CPD" on one line. Axe finds nothing serious.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, openAs, sessionFor, superAdminToken, unique, uniqueEmail } from './console.js';

// Two widths with axe checks in each test, on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

const WIDTHS = [1366, 1024];

async function openThemed(page: Page, path: string, theme: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
  await openAs(page, path);
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
}

/** The texts of the element's cells that take more than one line. */
function wrappedCells(page: Page, table: string, selector: string): Promise<string[]> {
  return page.getByRole('table', { name: table, exact: true }).evaluate((element, cells) => {
    const range = document.createRange();
    return Array.from(element.querySelectorAll<HTMLElement>(cells))
      .filter((cell) => {
        range.selectNodeContents(cell);
        const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        return tops.size > 1;
      })
      .map((cell) => cell.innerText);
  }, selector);
}

for (const theme of ['light', 'dark']) {
  test(`the members toolbar wraps whole filters from the left, each named (${theme})`, async ({ page }) => {
    const member = { name: unique('Ravi Kumar'), email: uniqueEmail('toolbar'), password: 'member-secret-1' };
    expect((await api('POST', '/auth/register', { body: member })).status).toBe(201);
    await openThemed(page, '/members', theme);
    const toolbar = page.locator('.members-toolbar');
    await expect(page.getByRole('table', { name: 'Members' }).locator('tbody tr').first()).toBeVisible();
    for (const name of ['Status', 'Membership', 'Registered to activity', 'Country', 'Specialty', 'Tag']) {
      await expect(toolbar.getByRole('combobox', { name, exact: true })).toBeVisible();
    }
    // "Active" is the account's status; the membership's reads as such.
    const texts = (name: string) =>
      toolbar.getByRole('combobox', { name, exact: true }).locator('option').allTextContents();
    const status = await texts('Status');
    expect(await texts('Membership')).toEqual([
      'Any membership',
      'Membership: active',
      'Membership: expiring',
      'Membership: lapsed',
    ]);
    expect(status.filter((text) => text.startsWith('Membership'))).toEqual([]);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 768 });
      const layout = await toolbar.evaluate((element) => {
        const left = element.getBoundingClientRect().left;
        const controls = Array.from(element.querySelectorAll<HTMLElement>('input, select')).map((control) => {
          // A control's box: its label with it when it has one around it, else itself.
          const box = (
            control.closest('.member-filters__range') ??
            control.closest('.bp6-html-select, .bp6-input-group') ??
            control
          ).getBoundingClientRect();
          return { left: Math.round(box.left), top: Math.round(box.top), right: Math.round(box.right) };
        });
        const rows = [...new Set(controls.map((control) => control.top))].sort((a, b) => a - b);
        return {
          left: Math.round(left),
          right: Math.round(element.getBoundingClientRect().right),
          rows: rows.length,
          firstOfRows: rows.map((top) =>
            Math.min(...controls.filter((control) => control.top === top).map((each) => each.left)),
          ),
          overflowing: controls.filter(
            (control) => control.right > Math.round(element.getBoundingClientRect().right) + 1,
          ).length,
        };
      });
      // Every row starts at the toolbar's left edge: no control left alone at the far right.
      expect(layout.firstOfRows, `${width} px`).toEqual(layout.firstOfRows.map(() => layout.left));
      expect(layout.overflowing, `${width} px`).toBe(0);
      expect(layout.rows, `${width} px`).toBeLessThanOrEqual(width >= 1366 ? 2 : 3);
      // The join-day range's two fields stay on one line.
      const range = await page.locator('.member-filters__range').evaluate((element) => {
        const [from, to] = Array.from(element.querySelectorAll('input'), (input) =>
          Math.round(input.getBoundingClientRect().top),
        );
        return from === to;
      });
      expect(range, `${width} px`).toBe(true);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test(`a member's registrations: dates in the organisation's zone, each on one line (${theme})`, async ({ page }) => {
    const name = unique('Anjali Deshpande');
    const credentials = { email: uniqueEmail('detail'), password: 'member-secret-1' };
    expect((await api('POST', '/auth/register', { body: { name, ...credentials } })).status).toBe(201);
    const { token } = await sessionFor(credentials);
    const admin = await superAdminToken();
    const created = await api('POST', '/admin/activities', {
      token: admin,
      body: {
        title: unique('Clinical nutrition workshop on the management of childhood malnutrition'),
        description: 'Gives CPD hours.',
        date: '2039-06-01T10:00:00.000Z',
        location: 'Pune',
        status: 'upcoming',
        tags: ['Workshop'],
        cpdHours: 1.5,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await api('POST', `/activities/${id}/register`, { token })).status).toBe(201);
    expect((await api('POST', `/admin/activities/${id}/attendance/all`, { token: admin })).status).toBeLessThan(300);

    await openThemed(page, `/members?q=${encodeURIComponent(credentials.email)}`, theme);
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    const table = dialog.getByRole('table', { name: 'Upcoming registrations' });
    // The stored wall clock, labelled with the zone the server names, as on the Activities screen.
    await expect(table.getByRole('columnheader', { name: 'Date (India Standard Time)' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Registered (UTC)' })).toBeVisible();
    await expect(table).toContainText('Jun 1, 2039, 10:00 AM');
    await expect(table).toContainText('Attended · 1.5 h CPD');
    await expect(dialog).not.toContainText('Date (UTC)');

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 768 });
      expect(await wrappedCells(page, 'Upcoming registrations', 'td:not(:first-child)'), `${width} px`).toEqual([]);
      const fits = await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth);
      expect(fits, `${width} px`).toBe(true);
      await expectNoSeriousA11yViolations(page);
    }
  });
}
