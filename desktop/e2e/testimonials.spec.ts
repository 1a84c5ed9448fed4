/** Testimonials: create, feature/unfeature, edit (keeping the featured flag), delete, via the API. */
import { expect, test } from '@playwright/test';
import { answerConfirm, api, expectToast, openAs, superAdminToken, unique } from './console.js';

interface TestimonialRow {
  id: number;
  name: string;
  role: string;
  quote: string;
  isFeatured: boolean;
  isActive: boolean;
}

async function findTestimonial(name: string): Promise<TestimonialRow | undefined> {
  const list = await api('GET', '/admin/testimonials?limit=100', { token: await superAdminToken() });
  return (list.body.data.testimonials as TestimonialRow[]).find((testimonial) => testimonial.name === name);
}

test('testimonials: create, feature, edit, unfeature, deactivate, delete', async ({ page }) => {
  await openAs(page, '/testimonials');
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();
  // The count is said once, under the list (issue 21, item 11).
  const summary = page.getByRole('navigation', { name: 'Testimonials pages' }).locator('.section-count');
  await expect(summary).toHaveText(/^\d+ testimonials?/);
  const totalBefore = Number(/(\d+)/.exec((await summary.textContent()) ?? '')?.[1]);

  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Testimonial' });
  await dialog.getByLabel('Quote').fill('x'.repeat(501));
  await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Quote must not exceed 500 characters.')).toBeVisible();

  const name = unique('Dr Test');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Role').fill('Clinical Dietitian, Kenya');
  await dialog.getByLabel('Quote').fill('The network opened doors to colleagues worldwide.');
  await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Testimonial created');
  await expect(summary).toHaveText(new RegExp(`^${totalBefore + 1} testimonials`));

  const card = page.getByTestId('testimonial-card').filter({ hasText: name });
  await expect(card).toContainText('Clinical Dietitian, Kenya');
  await expect(card.getByText('Featured')).toHaveCount(0);
  expect(await findTestimonial(name)).toMatchObject({ isFeatured: false, isActive: true });

  await card.getByRole('button', { name: 'Feature', exact: true }).click();
  await expect(card.getByText('Featured', { exact: true })).toBeVisible();
  expect((await findTestimonial(name))?.isFeatured).toBe(true);

  // Editing the text keeps the featured flag; unticking Active shows the Inactive badge.
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await editor.getByLabel('Quote').fill('The network opened doors to colleagues in many countries.');
  await editor.getByLabel('Active (shown on the site)').uncheck();
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  expect(await findTestimonial(name)).toMatchObject({
    quote: 'The network opened doors to colleagues in many countries.',
    isFeatured: true,
    isActive: false,
  });

  await card.getByRole('button', { name: 'Unfeature' }).click();
  await expect(card.getByRole('button', { name: 'Feature', exact: true })).toBeVisible();
  await expect(card.getByText('Featured', { exact: true })).toHaveCount(0);
  expect((await findTestimonial(name))?.isFeatured).toBe(false);

  await card.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this testimonial?');
  await expect(card).toHaveCount(0);
  expect(await findTestimonial(name)).toBeUndefined();
});
