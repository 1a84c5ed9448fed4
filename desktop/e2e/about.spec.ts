/** About Us versions: create, edit, activate, delete (SPEC 2 and 4), checked through the API. */
import { expect, test } from '@playwright/test';
import { answerConfirm, api, expectToast, openAs, superAdminToken, unique } from './console.js';

interface AboutVersion {
  id: number;
  version: number;
  isActive: boolean;
  description: string;
  aims: string;
  objectives: { title: string; description: string }[];
}

const ACTIVATE_CONFIRM = 'Are you sure you want to activate this version? This will make it the public version.';

async function versions(): Promise<AboutVersion[]> {
  const list = await api('GET', '/admin/about-us?limit=100', { token: await superAdminToken() });
  return list.body.data.aboutUsVersions;
}

test('About Us: create a version with objectives, edit it, activate it, delete the old one', async ({ page }) => {
  const before = await versions();
  const previouslyActive = before.find((version) => version.isActive)!;
  await openAs(page, '/about');
  await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New About Us Version' });
  // New Version starts from the live version; this test starts blank.
  await expect(dialog.getByLabel('Aims')).toHaveValue(previouslyActive.aims);
  await dialog.getByRole('button', { name: 'Start blank' }).click();
  await expect(dialog.getByLabel('Aims')).toHaveValue('');
  await expect(dialog.getByLabel('Description').first()).toBeFocused();
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog.getByText('Description must be at least 20 characters')).toBeVisible();
  await expect(dialog.getByText('Aims must be at least 20 characters')).toBeVisible();
  await expect(dialog.getByText('Objective title must be at least 3 characters')).toBeVisible();

  const description = unique('We are a community of nutrition professionals');
  await dialog.getByLabel('Description').first().fill(description);
  await dialog.getByLabel('Aims').fill('To raise the standard of nutrition care everywhere.');
  await expect(dialog.getByRole('button', { name: 'Remove objective 1' })).toBeDisabled();
  await dialog.getByLabel('Objective 1 title').fill('Education');
  await dialog.getByLabel('Objective 1 description').fill('Courses and webinars for members.');
  await dialog.getByRole('button', { name: 'Add objective' }).click();
  await dialog.getByLabel('Objective 2 title').fill('Research');
  await dialog.getByLabel('Objective 2 description').fill('Shared studies across borders.');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'About Us version created');

  const created = (await versions()).find((version) => version.description === description)!;
  expect(created).toMatchObject({
    isActive: false,
    aims: 'To raise the standard of nutrition care everywhere.',
    objectives: [
      { title: 'Education', description: 'Courses and webinars for members.' },
      { title: 'Research', description: 'Shared studies across borders.' },
    ],
  });
  const card = page.getByTestId('version-card').filter({ hasText: description });
  await expect(card).toContainText(`Version ${created.version}`);
  await expect(card).toContainText('Inactive');

  // Edit: remove the second objective.
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: `Edit Version ${created.version}` });
  await editor.getByRole('button', { name: 'Remove objective 2' }).click();
  await expect(editor.getByRole('button', { name: 'Remove objective 1' })).toBeDisabled();
  await editor.getByLabel('Aims').fill('Updated aims of the organisation for everyone.');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  const edited = (await versions()).find((version) => version.id === created.id)!;
  expect(edited.aims).toBe('Updated aims of the organisation for everyone.');
  expect(edited.objectives).toHaveLength(1);

  // Activate (after the confirmation): only inactive versions offer it; the active one cannot be deleted.
  await card.getByRole('button', { name: 'Activate' }).click();
  await answerConfirm(page, ACTIVATE_CONFIRM, 'Activate');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toBeDisabled();
  const afterActivation = await versions();
  expect(afterActivation.find((version) => version.id === created.id)?.isActive).toBe(true);
  expect(afterActivation.find((version) => version.id === previouslyActive.id)?.isActive).toBe(false);

  // Put the previous version back, then delete the new one.
  const previousCard = page.locator(`[data-testid="version-card"][data-version="${previouslyActive.version}"]`);
  await previousCard.getByRole('button', { name: 'Activate' }).click();
  await answerConfirm(page, ACTIVATE_CONFIRM, 'Activate');
  await expect(card.getByRole('button', { name: 'Activate' })).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this version?');
  await expect(card).toHaveCount(0);
  expect((await versions()).some((version) => version.id === created.id)).toBe(false);
});
