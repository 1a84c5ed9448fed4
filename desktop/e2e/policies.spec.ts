/** Privacy policy and terms of service versions: create, edit, activate (confirm), delete (confirm). */
import { expect, test } from '@playwright/test';
import { answerConfirm, api, expectToast, openAs, superAdminToken, unique } from './console.js';

const KINDS = [
  { name: 'Privacy Policy', path: '/privacy-policy', collection: 'privacyPolicies', noun: 'Privacy policy version' },
  {
    name: 'Terms of Service',
    path: '/terms-of-service',
    collection: 'termsOfService',
    noun: 'Terms of service version',
  },
] as const;

interface PolicyRow {
  id: number;
  version: number;
  isActive: boolean;
  title: string;
  content: string;
  effectiveDate: string | null;
}

for (const kind of KINDS) {
  test(`${kind.name}: create, edit, activate with confirm, delete with confirm; no Delete on the active version`, async ({
    page,
  }) => {
    const token = await superAdminToken();
    const list = async (): Promise<PolicyRow[]> =>
      (await api('GET', `/admin${kind.path}?limit=100`, { token })).body.data[kind.collection];
    const previouslyActive = (await list()).find((version) => version.isActive)!;

    await openAs(page, kind.path);
    await expect(page.getByRole('heading', { name: kind.name, level: 1 })).toBeVisible();
    const activeCard = page.getByTestId('version-card').filter({ has: page.getByText('Active', { exact: true }) });
    await expect(activeCard).toHaveCount(1);
    await expect(activeCard.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.getByRole('button', { name: 'New Version' }).click();
    const dialog = page.getByRole('dialog', { name: `New ${kind.name} Version` });
    await expect(dialog.getByLabel('Content')).toHaveAttribute('rows', '15');
    await dialog.getByLabel('Content').fill('Too short.');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await expect(dialog.getByText('Content must be at least 100 characters long')).toBeVisible();

    const title = unique(`${kind.name} draft`);
    const content = `${title}\n${'These are the rules that apply to every visitor of the website. '.repeat(3)}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Content').fill(content);
    await dialog.getByLabel('Effective date').fill('2031-06-01');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, `${kind.noun} created`);

    const created = (await list()).find((version) => version.title === title)!;
    expect(created).toMatchObject({ isActive: false, effectiveDate: '2031-06-01T00:00:00.000Z' });
    const card = page.getByTestId('version-card').filter({ hasText: title });
    await expect(card).toContainText(`v${created.version}`);
    await expect(card).toContainText('Effective date: Jun 1, 2031');
    await expect(card).toContainText('Last updated');

    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: `Edit ${kind.name} — Version ${created.version}` });
    await editor.getByLabel('Title').fill(`${title} (edited)`);
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editor).toBeHidden();
    expect((await list()).find((version) => version.id === created.id)?.title).toBe(`${title} (edited)`);

    // Activation asks first; cancelling changes nothing.
    await card.getByRole('button', { name: 'Activate' }).click();
    await answerConfirm(
      page,
      'Are you sure you want to activate this version? This will make it the public version.',
      'Cancel',
    );
    expect((await list()).find((version) => version.id === created.id)?.isActive).toBe(false);
    await card.getByRole('button', { name: 'Activate' }).click();
    await answerConfirm(
      page,
      'Are you sure you want to activate this version? This will make it the public version.',
      'Activate',
    );
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    expect((await list()).find((version) => version.id === created.id)?.isActive).toBe(true);
    expect((await api('GET', kind.path)).body.data.title).toBe(`${title} (edited)`);

    // Back to the previous version, then delete the draft.
    const previousCard = page.locator(`[data-testid="version-card"][data-version="${previouslyActive.version}"]`);
    await previousCard.getByRole('button', { name: 'Activate' }).click();
    await answerConfirm(
      page,
      'Are you sure you want to activate this version? This will make it the public version.',
      'Activate',
    );
    await card.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this version? This action cannot be undone.');
    await expect(card).toHaveCount(0);
    expect((await list()).some((version) => version.id === created.id)).toBe(false);
  });
}

test('an empty policy title falls back to the document name', async ({ page }) => {
  await openAs(page, '/terms-of-service');
  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Terms of Service Version' });
  await dialog.getByRole('button', { name: 'Start blank' }).click();
  const marker = unique('untitled terms');
  await dialog
    .getByLabel('Content')
    .fill(`${marker} ${'Text of the terms that is long enough to be saved. '.repeat(3)}`);
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();
  const token = await superAdminToken();
  const versions = (await api('GET', '/admin/terms-of-service?limit=100', { token })).body.data
    .termsOfService as PolicyRow[];
  const created = versions.find((version) => version.content.startsWith(marker))!;
  expect(created.title).toBe('Terms of Service');
  expect(created.effectiveDate).toBeNull();
  await api('DELETE', `/admin/terms-of-service/${created.id}`, { token });
});
