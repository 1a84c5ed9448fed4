/** FAQs: create (at the end), edit, reorder by buttons and by dragging, delete, via the API. */
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, createFaqOnServer, expectToast, faqsOnServer, openAs, unique } from './console.js';

const faqs = faqsOnServer;
const createFaq = createFaqOnServer;

const positionOf = async (question: string) => (await faqs()).findIndex((faq) => faq.question === question);
const faqCard = (page: Page, question: string) => page.getByTestId('faq-card').filter({ hasText: question });

test('FAQs: create at the end, edit, delete', async ({ page }) => {
  const countBefore = (await faqs()).length;
  await openAs(page, '/faqs');
  await expect(page.getByRole('heading', { name: 'FAQs', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'New FAQ' });
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(dialog.getByText('Question must be at least 10 characters')).toBeVisible();
  await expect(dialog.getByText('Answer must be at least 20 characters')).toBeVisible();
  await expect(dialog.getByLabel('Active (visible to users)')).toBeChecked();

  const question = unique('How do I renew my membership');
  await dialog.getByLabel('Question').fill(question);
  await dialog.getByLabel('Answer').fill('Membership renews itself every year at no cost.');
  await dialog.getByLabel('Category').fill('Membership');
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'FAQ created');

  const all = await faqs();
  const created = all.find((faq) => faq.question === question)!;
  expect(created).toMatchObject({ category: 'Membership', isActive: true, order: countBefore });
  const card = faqCard(page, question);
  await expect(card).toContainText(`#${countBefore + 1}`);
  await expect(card).toContainText('Membership');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit FAQ' });
  await editor.getByLabel('Category').fill('');
  await editor.getByLabel('Active (visible to users)').uncheck();
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  const edited = (await faqs()).find((faq) => faq.id === created.id)!;
  expect(edited).toMatchObject({ category: null, isActive: false, order: created.order });

  await card.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this FAQ?');
  await expect(card).toHaveCount(0);
  expect((await faqs()).some((faq) => faq.id === created.id)).toBe(false);
});

test('FAQs: reorder with the move buttons (keyboard) and by dragging, saved through the reorder call', async ({
  page,
}) => {
  const first = unique('Reorder question one');
  const second = unique('Reorder question two');
  await createFaq(first);
  await createFaq(second);
  const start = await positionOf(first);
  expect(await positionOf(second)).toBe(start + 1);

  await openAs(page, '/faqs');
  const reorderCall = page.waitForRequest(
    (request) => request.url().endsWith('/api/admin/faqs/reorder') && request.method() === 'PUT',
  );
  const moveDown = page.getByRole('button', { name: `Move down: ${first}` });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  const body = (await reorderCall).postDataJSON() as { ids: number[] };
  expect(body.ids).toHaveLength((await faqs()).length);
  await expect.poll(() => positionOf(first)).toBe(start + 1);
  expect(await positionOf(second)).toBe(start);
  await expect(faqCard(page, first)).toContainText(`#${start + 2}`);
  // Focus stays with the moved question, so it can be moved again.
  await expect(page.getByRole('button', { name: `Move up: ${first}` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'moved to position' })).toContainText(
    `position ${start + 2}`,
  );

  // Drag the first question back above the second.
  await page.locator('li', { has: faqCard(page, first) }).dragTo(page.locator('li', { has: faqCard(page, second) }));
  await expect.poll(() => positionOf(first)).toBe(start);
  await expect(faqCard(page, first)).toContainText(`#${start + 1}`);
});

test('a FAQ save failure without a server message shows "Failed to save FAQ"', async ({ page }) => {
  await page.route('**/api/admin/faqs', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'oops' }) : route.continue(),
  );
  await openAs(page, '/faqs');
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'New FAQ' });
  await dialog.getByLabel('Question').fill('Will this question be saved?');
  await dialog.getByLabel('Answer').fill('No, the server is made to fail here.');
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expectToast(page, 'Failed to save FAQ');
  await expect(dialog).toBeVisible();
});
