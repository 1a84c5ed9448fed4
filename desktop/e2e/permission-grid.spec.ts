/**
 * Issue 55, item 3: an admin with no permission sees what to ask a super admin for, and no member's
 * name or e-mail; creating such an admin warns first; the grid has presets and select-all boxes.
 */
import { expect, test } from '@playwright/test';
import { answerConfirm, api, createAdmin, openAs, unique, uniqueEmail } from './console.js';

test('an admin without permissions sees what to ask for, and no names or e-mails', async ({ page }) => {
  const email = uniqueEmail('shown-nowhere');
  expect(
    (await api('POST', '/auth/register', { body: { name: unique('Hidden'), email, password: 'member-secret-1' } }))
      .status,
  ).toBe(201);
  const bare = await createAdmin({});
  await openAs(page, '/', bare);
  await expect(page.getByRole('heading', { name: 'No permissions yet' })).toBeVisible();
  await expect(page.getByText('Ask a super admin to grant you the modules you work on')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByText(/@example\.org/)).toHaveCount(1); // only their own, in the account menu
});

test('creating an admin with 0 of 21 permissions warns first; presets and select-all fill the grid', async ({
  page,
}) => {
  await openAs(page, '/admins');
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
  await dialog.getByLabel('Full name').fill(unique('Grid Admin'));
  await dialog.getByLabel('Email').fill(uniqueEmail('grid'));

  await dialog.getByRole('button', { name: 'Read only' }).click();
  for (const module of ['Membership', 'Members', 'FAQs']) {
    await expect(dialog.getByLabel(`${module}: View`)).toBeChecked();
    await expect(dialog.getByLabel(`${module}: Edit`)).not.toBeChecked();
  }
  await expect(dialog.getByLabel('View: all modules')).toBeChecked();
  await dialog.getByRole('button', { name: 'Content editor' }).click();
  await expect(dialog.getByLabel('FAQs: Delete')).toBeChecked();
  await expect(dialog.getByLabel('Members: View')).not.toBeChecked();
  await dialog.getByLabel('Members: all actions').check();
  await expect(dialog.getByLabel('Members: Delete')).toBeChecked();
  await dialog.getByLabel('Every permission').check();
  await expect(dialog.getByLabel('Connect Us: Edit')).toBeChecked();
  await dialog.getByLabel('Every permission').uncheck();
  await expect(dialog.getByLabel('Connect Us: View')).not.toBeChecked();

  // Nothing granted: the console asks, and "Choose permissions" keeps the form open and unsaved.
  await dialog.getByRole('button', { name: 'Create and Send Invitation' }).click();
  await answerConfirm(page, 'gets 0 of 21 permissions', 'Choose permissions');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create and Send Invitation' }).click();
  await answerConfirm(page, 'gets 0 of 21 permissions', 'Create without permissions');
  await expect(dialog).toBeHidden();
});
