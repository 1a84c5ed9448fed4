/**
 * Comparing versions (with the changes marked), the changes listed by the activate confirmation
 * (SPEC gives one to the privacy policy and the terms), and the "Discard unsaved changes?" guard of
 * the console's forms.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectFocusInside, openAs, superAdminToken, unique } from './console.js';

interface AboutVersion {
  id: number;
  version: number;
  isActive: boolean;
  description: string;
  aims: string;
  objectives: { title: string; description: string }[];
}

const ACTIVATE_CONFIRM = 'Are you sure you want to activate this version? This will make it the public version.';

async function aboutVersions(): Promise<AboutVersion[]> {
  const list = await api('GET', '/admin/about-us?limit=100', { token: await superAdminToken() });
  return list.body.data.aboutUsVersions;
}

async function createAbout(input: Pick<AboutVersion, 'description' | 'aims' | 'objectives'>): Promise<AboutVersion> {
  const created = await api('POST', '/admin/about-us', { token: await superAdminToken(), body: input });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body.data as AboutVersion;
}

async function deleteAbout(id: number): Promise<void> {
  await api('DELETE', `/admin/about-us/${id}`, { token: await superAdminToken() });
}

const cardOf = (page: Page, version: number) => page.locator(`[data-testid="version-card"][data-version="${version}"]`);

test('About Us: compare two versions, with the changes marked', async ({ page }) => {
  const active = (await aboutVersions()).find((version) => version.isActive)!;
  const marker = unique('Marker');
  const changed = await createAbout({
    description: `${active.description} ${marker}`,
    aims: active.aims,
    objectives: [...active.objectives, { title: 'Outreach', description: 'Talks in schools and clinics.' }],
  });
  const identical = await createAbout({
    description: active.description,
    aims: active.aims,
    objectives: active.objectives,
  });
  try {
    await openAs(page, '/about');
    await expect(cardOf(page, changed.version)).toBeVisible();

    // Compare on a card: the active version and that one.
    await cardOf(page, changed.version)
      .getByRole('button', { name: /^Compare version/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Compare versions' });
    await expect(dialog.getByLabel('Compare')).toHaveValue(String(active.id));
    await expect(dialog.getByLabel('with')).toHaveValue(String(changed.id));
    const diff = dialog.getByTestId('version-diff');
    await expect(diff.locator('ins').filter({ hasText: marker })).toBeVisible();
    await expect(diff.locator('ins').filter({ hasText: marker })).toHaveCSS('text-decoration-line', 'underline');
    const description = diff.locator('section.diff-field', { hasText: 'Description' });
    await expect(description).toContainText('Changed');
    await expect(diff.locator('section.diff-field', { hasText: 'Aims' })).toContainText('No changes');
    const objectives = diff.locator('section.diff-field', { hasText: 'Objectives' });
    await expect(objectives.getByText('Added').first()).toBeVisible();
    await expect(objectives.locator('ins').filter({ hasText: 'Outreach' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Any two versions: the other way round, the marker is a deletion.
    await dialog.getByLabel('Compare').selectOption(String(changed.id));
    await dialog.getByLabel('with').selectOption(String(active.id));
    await expect(diff.locator('del').filter({ hasText: marker })).toBeVisible();
    await expect(diff.locator('del').filter({ hasText: marker })).toHaveCSS('text-decoration-line', 'line-through');
    await expect(diff.locator('ins').filter({ hasText: marker })).toHaveCount(0);
    // The same version twice: nothing differs.
    await dialog.getByLabel('with').selectOption(String(changed.id));
    await expect(dialog.getByRole('status')).toHaveText('The same version is selected twice.');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // The toolbar's Compare: the active version and the newest.
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.getByLabel('Compare')).toHaveValue(String(active.id));
    await expect(dialog.getByLabel('with')).toHaveValue(String(identical.id));
    await expect(dialog.getByRole('status')).toHaveText('No differences.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  } finally {
    await deleteAbout(changed.id);
    await deleteAbout(identical.id);
  }
});

interface PolicyVersion {
  id: number;
  version: number;
  isActive: boolean;
  title: string;
  content: string;
  effectiveDate: string | null;
}

async function privacyVersions(): Promise<PolicyVersion[]> {
  const list = await api('GET', '/admin/privacy-policy?limit=100', { token: await superAdminToken() });
  return list.body.data.privacyPolicies;
}

async function createPrivacy(
  input: Pick<PolicyVersion, 'title' | 'content' | 'effectiveDate'>,
): Promise<PolicyVersion> {
  const created = await api('POST', '/admin/privacy-policy', { token: await superAdminToken(), body: input });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body.data as PolicyVersion;
}

// SPEC gives the Activate confirm to the privacy policy and the terms; it lists what will change.
test('Privacy policy: the activate confirmation lists what will change on the public site', async ({ page }) => {
  const active = (await privacyVersions()).find((version) => version.isActive)!;
  const marker = unique('Marker');
  const { title, content, effectiveDate } = active;
  const changed = await createPrivacy({ title, content: `${content} ${marker}`, effectiveDate });
  const identical = await createPrivacy({ title, content, effectiveDate });
  const token = await superAdminToken();
  const remove = (id: number) => api('DELETE', `/admin/privacy-policy/${id}`, { token });
  try {
    await openAs(page, '/privacy-policy');
    await cardOf(page, changed.version).getByRole('button', { name: 'Activate' }).click();
    const confirmation = page.getByRole('alertdialog');
    await expect(confirmation).toContainText(ACTIVATE_CONFIRM);
    const changes = confirmation.getByTestId('activation-changes');
    await expect(changes).toContainText('What will change on the public site');
    await expect(changes.locator('ins').filter({ hasText: marker })).toBeVisible();
    await expect(changes).not.toContainText('Title');
    await expectNoSeriousA11yViolations(page);
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();

    await cardOf(page, identical.version).getByRole('button', { name: 'Activate' }).click();
    await expect(confirmation.getByTestId('activation-changes')).toContainText('No differences');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    expect((await privacyVersions()).find((version) => version.isActive)?.id).toBe(active.id);
  } finally {
    await remove(changed.id);
    await remove(identical.id);
  }
});

test('a form with unsaved changes asks before closing or leaving the screen', async ({ page }) => {
  const active = (await aboutVersions()).find((version) => version.isActive)!;
  await openAs(page, '/');
  await page.getByRole('link', { name: 'About Us' }).first().click();
  await expect(page).toHaveURL(/\/admin\/about$/);
  const card = cardOf(page, active.version);
  const editor = page.getByRole('dialog', { name: `Edit Version ${active.version}` });
  const prompt = page.getByRole('alertdialog');

  // Unchanged, Escape closes at once.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(editor.getByLabel('Aims')).toHaveValue(active.aims);
  await expectFocusInside(editor);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(prompt).toBeHidden();

  // Edited: Escape asks; Keep editing keeps the text; Discard closes and drops it.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edited = unique('Aims that were never saved');
  await editor.getByLabel('Aims').fill(edited);
  await page.keyboard.press('Escape');
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(editor.getByLabel('Aims')).toHaveValue(edited);

  // Cancel, a click outside and the close button ask too.
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await page.mouse.click(5, 5);
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(editor.getByLabel('Aims')).toHaveValue(edited);
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(editor.getByLabel('Aims')).toHaveValue(active.aims);

  // Leaving the screen (here with the browser's Back) asks the same question.
  await editor.getByLabel('Aims').fill(edited);
  await page.evaluate(() => history.back());
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  // Gone before the tab's own prompt: the beforeunload dialog pauses the page, and a question still
  // fading out would then pass for the next one (failed once: the click met the old one, which went).
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/about$/);
  await expect(editor.getByLabel('Aims')).toHaveValue(edited);

  // Closing the tab raises the browser's beforeunload prompt.
  const beforeUnload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await beforeUnload;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.evaluate(() => history.back());
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  expect((await aboutVersions()).find((version) => version.id === active.id)?.aims).toBe(active.aims);
});
