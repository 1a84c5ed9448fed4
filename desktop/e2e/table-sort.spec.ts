/**
 * Issue 21 item 6: console tables sort by their columns, on the server for paged lists, by a click or
 * from the keyboard, with aria-sort on the header cell and the sort in the URL; the header row stays
 * in view while a long table scrolls; axe finds nothing serious in either theme.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, openAs, superAdminToken, unique, uniqueEmail } from './console.js';

// Two screens, a long list arranged through the API and four axe checks: past 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const texts = async (cells: Locator) => (await cells.allInnerTexts()).map((text) => text.trim());
const header = (table: Locator, name: string) => table.getByRole('columnheader', { name, exact: true });

async function useTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
  await page.reload();
}

test('members sort by name and join date, by click and by keyboard, and the URL keeps the sort', async ({ page }) => {
  const prefix = unique('Sortable');
  const names = ['Ann', 'Bob', 'Cid'].map((first) => `${prefix} ${first}`);
  // Registered one after the other: join order is name order.
  for (const name of names) {
    const email = uniqueEmail('sortable');
    const registered = await api('POST', '/auth/register', { body: { name, email, password: 'member-secret-1' } });
    expect(registered.status).toBe(201);
  }

  await openAs(page, `/members?q=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Members' });
  const nameCells = table.locator('tbody tr td:first-child');
  await expect(nameCells).toHaveCount(3);
  await expect(header(table, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(table, 'Joined (UTC)')).toHaveAttribute('aria-sort', 'none');
  // Columns the server cannot sort by are plain headers.
  await expect(header(table, 'E-mail')).not.toHaveAttribute('aria-sort');
  expect(await texts(nameCells)).toEqual(names);

  await header(table, 'Name').getByRole('button').click();
  await expect(header(table, 'Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=name&order=desc/);
  await expect.poll(() => texts(nameCells)).toEqual([...names].reverse());

  // From the keyboard: Tab goes from one sortable header to the next, Enter and Space sort by it.
  await header(table, 'Name').getByRole('button').focus();
  await page.keyboard.press('Tab');
  const joined = header(table, 'Joined (UTC)').getByRole('button');
  await expect(joined).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header(table, 'Joined (UTC)')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(table, 'Name')).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => texts(nameCells)).toEqual([...names].reverse());
  await expect(joined).toBeFocused();
  await page.keyboard.press('Space');
  await expect(header(table, 'Joined (UTC)')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]sort=joinedAt&order=asc/);
  await expect.poll(() => texts(nameCells)).toEqual(names);

  // A reload keeps the sort; Back returns to the previous one.
  await page.reload();
  await expect(header(table, 'Joined (UTC)')).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await expect(header(table, 'Joined (UTC)')).toHaveAttribute('aria-sort', 'descending');
});

test('the mail queue sorts on the server by column, its header stays in view, and axe passes in both themes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const token = await superAdminToken();
  // Invitations enough for the table to scroll in its box.
  for (let index = 0; index < 24; index += 1) {
    const created = await api('POST', '/admin/users', {
      token,
      body: { name: unique('Sorted Admin'), email: uniqueEmail(`sorted${index}`), role: 'admin', permissions: {} },
    });
    expect(created.status).toBe(201);
  }

  await openAs(page, '/mail');
  const table = page.getByRole('table', { name: 'Mails' });
  // The recipient is the first line of the first column, the subject under it.
  const recipients = table.locator('tbody tr td:first-child .one-line:first-child');
  await expect(recipients.first()).toBeVisible();
  for (const name of ['Recipient and subject', 'Kind', 'State', 'Tries', 'Queued']) {
    await expect(header(table, name)).toHaveAttribute('aria-sort', 'none');
  }

  await header(table, 'Recipient and subject').getByRole('button').click();
  await expect(header(table, 'Recipient and subject')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]sort=recipient&order=asc/);
  await expect
    .poll(async () => {
      const shown = await texts(recipients);
      return shown.length > 1 && shown.every((text, index) => index === 0 || shown[index - 1]! <= text);
    })
    .toBe(true);

  await header(table, 'Queued').getByRole('button').press('Enter');
  await expect(header(table, 'Queued')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(table, 'Recipient and subject')).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL(/[?&]sort=createdAt&order=desc/);

  // The header row stays at the top of the table's box after scrolling far down.
  const box = page.locator('.table-scroll').filter({ has: table });
  // The header cells are what stick (their row keeps its place in the table).
  const headCell = header(table, 'Recipient and subject');
  await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(() => box.evaluate((element) => element.scrollTop)).toBeGreaterThan(200);
  await expect(headCell).toBeInViewport();
  const [boxTop, headTop] = await Promise.all([
    box.evaluate((element) => element.getBoundingClientRect().top),
    headCell.evaluate((element) => element.getBoundingClientRect().top),
  ]);
  expect(Math.abs(headTop - boxTop)).toBeLessThanOrEqual(2);

  for (const theme of ['light', 'dark']) {
    await useTheme(page, theme);
    await expect(header(table, 'Queued')).toHaveAttribute('aria-sort', 'descending');
    // The sticky header is opaque: a row scrolled under it does not show through.
    const background = await header(table, 'Queued').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toMatch(/rgba\(.*, 0\)|transparent/);
    await header(table, 'Queued').getByRole('button').focus();
    await expectNoSeriousA11yViolations(page);
  }

  await page.setViewportSize({ width: 1024, height: 768 });
  await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(headCell).toBeInViewport();
});

test('admins and the activity log sort by their headers, and a reload keeps the sort', async ({ page }) => {
  const token = await superAdminToken();
  const prefix = unique('Header Sort');
  for (const first of ['Bea', 'Abe', 'Cal']) {
    const created = await api('POST', '/admin/users', {
      token,
      body: { name: `${prefix} ${first}`, email: uniqueEmail('headersort'), role: 'admin', permissions: {} },
    });
    expect(created.status).toBe(201);
  }
  const names = ['Abe', 'Bea', 'Cal'].map((first) => `${prefix} ${first}`);

  await openAs(page, `/admins?q=${encodeURIComponent(prefix)}`);
  const admins = page.getByRole('table', { name: 'Admin users' });
  const nameCells = admins.locator('tbody tr td:first-child .cell-strong');
  await expect(nameCells).toHaveCount(3);
  // By name unless asked otherwise; Permissions cannot sort.
  await expect(header(admins, 'Name and email')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(admins, 'Permissions')).not.toHaveAttribute('aria-sort');
  expect(await texts(nameCells)).toEqual(names);
  await header(admins, 'Name and email').getByRole('button').press('Enter');
  await expect(header(admins, 'Name and email')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=name&order=desc/);
  await expect.poll(() => texts(nameCells)).toEqual([...names].reverse());
  await page.reload();
  await expect(header(admins, 'Name and email')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => texts(nameCells)).toEqual([...names].reverse());

  await openAs(page, '/activity-log');
  const log = page.getByRole('table', { name: 'Activity log' });
  const actions = log.locator('tbody tr td:nth-child(3)');
  await expect(actions.first()).toBeVisible();
  // Newest first unless asked otherwise: no header claims the order.
  await expect(header(log, 'When')).toHaveAttribute('aria-sort', 'none');
  await header(log, 'Action').getByRole('button').click();
  await expect(header(log, 'Action')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]sort=action&order=asc/);
  await page.reload();
  await expect(header(log, 'Action')).toHaveAttribute('aria-sort', 'ascending');
  await header(log, 'When').getByRole('button').click();
  await expect(header(log, 'When')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=occurredAt&order=desc/);
  for (const theme of ['light', 'dark']) {
    await useTheme(page, theme);
    await expect(header(log, 'When')).toHaveAttribute('aria-sort', 'descending');
    await expectNoSeriousA11yViolations(page);
  }
});

test('card lists sort with "Sort by": FAQs leave their public order and come back, activities start with the next upcoming', async ({
  page,
}) => {
  const token = await superAdminToken();
  const prefix = unique('Card Sort');
  const questions = ['Charlie', 'Alpha', 'Bravo'].map((word) => `${prefix} ${word} question?`);
  for (const question of questions) {
    const created = await api('POST', '/admin/faqs', {
      token,
      body: { question, answer: 'An answer that is long enough to be accepted.', isActive: true },
    });
    expect(created.status).toBe(201);
  }
  const shown = async () =>
    (await texts(page.getByTestId('faq-card'))).map((text) => questions.find((question) => text.includes(question)));

  await openAs(page, `/faqs?q=${encodeURIComponent(prefix)}`);
  const sortBy = page.getByLabel('Sort by');
  await expect(sortBy).toHaveValue('position');
  // In public order: the order they were added in.
  await expect.poll(shown).toEqual(questions);
  await sortBy.selectOption('question');
  await expect(page).toHaveURL(/[?&]sort=question&order=asc/);
  await expect.poll(shown).toEqual([...questions].sort());
  await page.getByRole('button', { name: 'Ascending' }).click();
  await expect(page).toHaveURL(/[?&]sort=question&order=desc/);
  await expect.poll(shown).toEqual([...questions].sort().reverse());
  await page.reload();
  await expect(sortBy).toHaveValue('question');
  await expect.poll(shown).toEqual([...questions].sort().reverse());
  // The public order again leaves the URL clean.
  await sortBy.selectOption('position');
  await expect(page).not.toHaveURL(/sort=/);
  await expect.poll(shown).toEqual(questions);

  const day = 24 * 60 * 60 * 1000;
  const titles: string[] = [];
  for (const [word, offset, status] of [
    ['Past', -5, 'past'],
    ['Later', 20, 'upcoming'],
    ['Soon', 3, 'upcoming'],
  ] as const) {
    const title = `${prefix} ${word}`;
    titles.push(title);
    const created = await api('POST', '/admin/activities', {
      token,
      body: {
        title,
        description: 'Fuelling endurance athletes, with case studies.',
        date: new Date(Date.now() + offset * day).toISOString(),
        location: 'Online',
        status,
        tags: ['Workshop'],
      },
    });
    expect(created.status).toBe(201);
  }
  await openAs(page, `/activities?q=${encodeURIComponent(prefix)}`);
  const activityTitles = async () =>
    (await texts(page.getByTestId('activity-card'))).map((text) => titles.find((title) => text.includes(title)));
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await expect.poll(activityTitles).toEqual([`${prefix} Soon`, `${prefix} Later`, `${prefix} Past`]);
  await page.getByLabel('Sort by').selectOption('title');
  await expect(page).toHaveURL(/[?&]sort=title&order=asc/);
  await expect.poll(activityTitles).toEqual([`${prefix} Later`, `${prefix} Past`, `${prefix} Soon`]);
  for (const theme of ['light', 'dark']) {
    await useTheme(page, theme);
    await expect(page.getByLabel('Sort by')).toHaveValue('title');
    await expectNoSeriousA11yViolations(page);
  }
});
