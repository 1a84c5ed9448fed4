/** Membership cards: create, edit and delete through the console, checked through the API. */
import { expect, test } from '@playwright/test';
import {
  answerConfirm,
  api,
  expectFocusInside,
  expectToast,
  itemWith,
  openAs,
  superAdminToken,
  unique,
} from './console.js';

async function findCard(title: string) {
  const list = await api('GET', '/admin/membership-cards?limit=100', { token: await superAdminToken() });
  return (
    list.body.data.cards as { id: number; title: string; type: string; subtitle: string; points: { value: string }[] }[]
  ).find((card) => card.title === title);
}

test('membership cards: create with points, edit, delete', async ({ page }) => {
  await openAs(page, '/membership');
  await expect(page.getByRole('heading', { name: 'Membership', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Membership Card' });
  await expect(dialog.getByLabel('Type')).toBeFocused();

  // SPEC 5's messages, from the shared schema.
  await dialog.getByRole('button', { name: 'Create Card' }).click();
  await expect(dialog.getByText('Type is required')).toBeVisible();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Subtitle must be at least 10 characters')).toBeVisible();
  await expect(dialog.getByText('Point must be at least 3 characters')).toBeVisible();

  const title = unique('Research Card');
  await dialog.getByLabel('Type').fill('Research');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Subtitle').fill('Access to shared research and datasets.');
  await expect(dialog.getByRole('button', { name: 'Remove point 1' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Point 1' }).fill('Monthly journal club');
  await dialog.getByRole('button', { name: 'Add point' }).click();
  await dialog.getByRole('textbox', { name: 'Point 2' }).fill('Shared datasets');
  await expect(dialog.getByRole('button', { name: 'Remove point 1' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Create Card' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Membership card created');

  const card = itemWith(page, 'membership-card', title);
  await expect(card).toContainText('Research');
  await expect(card).toContainText('Shared datasets');
  const created = await findCard(title);
  expect(created).toMatchObject({ type: 'Research', subtitle: 'Access to shared research and datasets.' });
  expect(created?.points).toEqual([{ value: 'Monthly journal club' }, { value: 'Shared datasets' }]);

  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Membership Card' });
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(title);
  const renamed = `${title} (edited)`;
  await editor.getByLabel('Title', { exact: true }).fill(renamed);
  await editor.getByRole('button', { name: 'Remove point 2' }).click();
  await expect(editor.getByRole('button', { name: 'Remove point 1' })).toBeDisabled();
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  await expect(itemWith(page, 'membership-card', renamed)).toBeVisible();
  const edited = await findCard(renamed);
  expect(edited?.id).toBe(created?.id);
  expect(edited?.points).toEqual([{ value: 'Monthly journal club' }]);

  await itemWith(page, 'membership-card', renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await answerConfirm(page, 'Are you sure you want to delete this card?');
  await expect(itemWith(page, 'membership-card', renamed)).toHaveCount(0);
  expect(await findCard(renamed)).toBeUndefined();
});

test('cancel discards the changes and a cancelled delete keeps the card', async ({ page }) => {
  const token = await superAdminToken();
  const title = unique('Keep Card');
  await api('POST', '/admin/membership-cards', {
    token,
    body: { type: 'Keep', title, subtitle: 'A card that stays where it is.', points: [{ value: 'Stays put' }] },
  });
  await openAs(page, '/membership');
  const card = itemWith(page, 'membership-card', title);
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Membership Card' });
  await editor.getByLabel('Title', { exact: true }).fill('Something else entirely');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  // With unsaved edits, Cancel asks first.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Membership Card' }).getByLabel('Title', { exact: true }),
  ).toHaveValue(title);
  await expectFocusInside(page.getByRole('dialog', { name: 'Edit Membership Card' }));
  await page.keyboard.press('Escape');

  // The confirmation starts on Cancel: Enter keeps the card, Escape too.
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Are you sure you want to delete this card?');
  await expect(alert.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  // Escape is pressed once focus is inside the dialog, as a person would: before that it goes to the page.
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(card).toBeVisible();
  expect(await findCard(title)).toBeDefined();
});

test('a save the server refuses is shown in a toast and the form stays open', async ({ page }) => {
  await page.route('**/api/admin/membership-cards', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            message: 'Validation failed',
            errors: [{ field: 'title', message: 'Title is taken' }],
          }),
        })
      : route.continue(),
  );
  await openAs(page, '/membership');
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Membership Card' });
  await dialog.getByLabel('Type').fill('Research');
  await dialog.getByLabel('Title', { exact: true }).fill('Any title');
  await dialog.getByLabel('Subtitle').fill('Long enough subtitle text.');
  await dialog.getByRole('textbox', { name: 'Point 1' }).fill('A point');
  await dialog.getByRole('button', { name: 'Create Card' }).click();
  await expectToast(page, 'title: Title is taken');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Title is taken')).toBeVisible();
});
