/**
 * Safe publishing (issue 21): every activation asks first and lists what will change on the public
 * site, its success toast offers Undo (the previous version activated again); a new version is drafted
 * from the live one or from any version; editing the live version says that saving changes the site.
 * In both themes, with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { answerConfirm, api, expectFocusInside, expectToast, openAs, superAdminToken, unique } from './console.js';

interface AboutVersion {
  id: number;
  version: number;
  isActive: boolean;
  description: string;
  aims: string;
  objectives: { title: string; description: string }[];
}

// Each test runs axe up to three times and saves through the console: on a loaded 2-core machine
// that took 20-30 s, at the default limit.
test.describe.configure({ timeout: 90_000 });

const ACTIVATE_CONFIRM = 'Are you sure you want to activate this version? This will make it the public version.';
const LIVE_NOTICE = 'This is the live version: saving changes the public site';

async function aboutVersions(): Promise<AboutVersion[]> {
  const list = await api('GET', '/admin/about-us?limit=100', { token: await superAdminToken() });
  return list.body.data.aboutUsVersions;
}

async function activeAbout(): Promise<AboutVersion> {
  return (await aboutVersions()).find((version) => version.isActive)!;
}

async function createAbout(input: Pick<AboutVersion, 'description' | 'aims' | 'objectives'>): Promise<AboutVersion> {
  const created = await api('POST', '/admin/about-us', { token: await superAdminToken(), body: input });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body.data as AboutVersion;
}

/** Leaves `keep` active and deletes the others (whatever a failed test left behind). */
async function restoreAbout(keep: AboutVersion, created: (AboutVersion | undefined)[]): Promise<void> {
  const token = await superAdminToken();
  if ((await activeAbout()).id !== keep.id) await api('PATCH', `/admin/about-us/${keep.id}/activate`, { token });
  for (const version of created) if (version) await api('DELETE', `/admin/about-us/${version.id}`, { token });
}

async function openThemed(page: Page, path: string, theme: string): Promise<void> {
  await openAs(page, '/forgot-password');
  await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
  await page.goto(`/admin${path}`);
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
}

const cardOf = (page: Page, version: number) => page.locator(`[data-testid="version-card"][data-version="${version}"]`);

for (const theme of ['light', 'dark']) {
  test.describe(`safe publishing (${theme})`, () => {
    test('About Us: Activate lists the changes, then Undo puts the previous version back', async ({ page }) => {
      const live = await activeAbout();
      const marker = unique('Marker');
      let draft: AboutVersion | undefined;
      try {
        draft = await createAbout({
          description: `${live.description} ${marker}`,
          aims: live.aims,
          objectives: [...live.objectives, { title: 'Outreach', description: 'Talks in schools and clinics.' }],
        });
        await openThemed(page, '/about', theme);
        await cardOf(page, draft.version).getByRole('button', { name: 'Activate' }).click();

        const confirmation = page.getByRole('alertdialog');
        await expect(confirmation).toContainText(ACTIVATE_CONFIRM);
        const changes = confirmation.getByTestId('activation-changes');
        await expect(changes).toContainText('What will change on the public site');
        await expect(changes.locator('dt')).toHaveText(['Description', 'Objectives']);
        await expect(changes.locator('ins').filter({ hasText: marker })).toBeVisible();
        await expect(changes.locator('li', { hasText: 'Outreach' })).toContainText('Added');
        await expectNoSeriousA11yViolations(page);
        await confirmation.getByRole('button', { name: 'Activate', exact: true }).click();
        await expect(confirmation).toBeHidden();

        const toast = page.locator('.bp6-toast').filter({ hasText: `Version ${draft.version} is now active` });
        await expect(toast).toBeVisible();
        // The pointer on the toast holds it (as for a person reaching for Undo), however long axe takes.
        await toast.hover();
        await expect(cardOf(page, draft.version).getByText('Active', { exact: true })).toBeVisible();
        expect((await activeAbout()).id).toBe(draft.id);
        expect((await api('GET', '/about-us')).body.data.description).toBe(draft.description);
        await expectNoSeriousA11yViolations(page);

        await toast.getByRole('button', { name: 'Undo' }).click();
        await expectToast(page, `Version ${live.version} is active again`);
        await expect(cardOf(page, live.version).getByText('Active', { exact: true })).toBeVisible();
        await expect(cardOf(page, draft.version).getByRole('button', { name: 'Activate' })).toBeVisible();
        expect((await activeAbout()).id).toBe(live.id);
        expect((await api('GET', '/about-us')).body.data.description).toBe(live.description);
      } finally {
        await restoreAbout(live, [draft]);
      }
    });

    test('About Us: a version duplicated as a new draft is prefilled and saved inactive', async ({ page }) => {
      const live = await activeAbout();
      let source: AboutVersion | undefined;
      let copy: AboutVersion | undefined;
      try {
        source = await createAbout({
          description: unique('An older description of the organisation'),
          aims: 'To raise the standard of nutrition care everywhere.',
          objectives: [
            { title: 'Education', description: 'Courses and webinars for members.' },
            { title: 'Research', description: 'Shared studies across borders.' },
          ],
        });
        await openThemed(page, '/about', theme);

        // New Version starts from the live version.
        await page.getByRole('button', { name: 'New Version' }).click();
        let dialog = page.getByRole('dialog', { name: 'New About Us Version' });
        await expect(dialog.getByTestId('draft-source-notice')).toContainText(
          `Prefilled from Version ${live.version}, the live version.`,
        );
        await expect(dialog.getByLabel('Description').first()).toHaveValue(live.description);
        await expect(dialog.getByText(LIVE_NOTICE)).toHaveCount(0);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();

        // Duplicate any version: its values, saved as a new inactive version.
        await cardOf(page, source.version)
          .getByRole('button', { name: `Duplicate as new draft: version ${source.version}` })
          .click();
        dialog = page.getByRole('dialog', { name: 'New About Us Version' });
        await expect(dialog.getByTestId('draft-source-notice')).toContainText(
          `Prefilled from Version ${source.version}.`,
        );
        await expect(dialog.getByLabel('Description').first()).toHaveValue(source.description);
        await expect(dialog.getByLabel('Aims')).toHaveValue(source.aims);
        await expect(dialog.getByLabel('Objective 2 title')).toHaveValue('Research');
        await expectNoSeriousA11yViolations(page);
        const aims = unique('Aims of the duplicated draft, changed before saving');
        await dialog.getByLabel('Aims').fill(aims);
        await dialog.getByRole('button', { name: 'Create Version' }).click();
        await expect(dialog).toBeHidden();
        await expectToast(page, 'About Us version created');

        const versions = await aboutVersions();
        copy = versions.find((version) => version.aims === aims);
        expect(copy).toMatchObject({
          isActive: false,
          description: source.description,
          objectives: source.objectives,
        });
        expect(copy!.id).not.toBe(source.id);
        expect(versions.find((version) => version.id === source!.id)?.aims).toBe(source.aims);
        expect(versions.find((version) => version.isActive)?.id).toBe(live.id);
        await expect(cardOf(page, copy!.version)).toContainText('Inactive');

        // Editing a version that is not live has no warning.
        await cardOf(page, copy!.version).getByRole('button', { name: 'Edit' }).click();
        const editor = page.getByRole('dialog', { name: `Edit Version ${copy!.version}` });
        await expect(editor.getByLabel('Aims')).toHaveValue(aims);
        await expect(editor.getByText(LIVE_NOTICE)).toHaveCount(0);
        await expect(editor.getByTestId('draft-source-notice')).toHaveCount(0);
        await page.keyboard.press('Escape');
        await expect(editor).toBeHidden();
      } finally {
        await restoreAbout(live, [source, copy]);
      }
    });

    test('editing the live version warns that saving changes the public site', async ({ page }) => {
      const live = await activeAbout();
      await openThemed(page, '/about', theme);
      await cardOf(page, live.version).getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: `Edit Version ${live.version}` });
      const notice = editor.getByTestId('live-version-notice');
      await expect(notice).toHaveText(LIVE_NOTICE);
      await expect(notice).toHaveClass(/bp6-callout/);
      await expect(notice).toHaveClass(/bp6-intent-warning/);
      // Above the form's fields, measured once the dialog's opening transition (a scale) has ended.
      await expectFocusInside(editor);
      const noticeBox = (await notice.boundingBox())!;
      const fieldBox = (await editor.getByLabel('Description').first().boundingBox())!;
      expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(fieldBox.y);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();
    });
  });
}

interface ContactVersion {
  id: number;
  version: number;
  isActive: boolean;
  email: string;
  phone: string;
  instagram: string;
  socialLinks: Record<string, string>;
}

test('contact info: Activate asks too, listing each changed field with its old and new value', async ({ page }) => {
  const token = await superAdminToken();
  const list = await api('GET', '/admin/contact-info?limit=100', { token });
  const live = (list.body.data.contactInfoVersions as ContactVersion[]).find((version) => version.isActive)!;
  const created = await api('POST', '/admin/contact-info', {
    token,
    body: {
      email: live.email,
      phone: '+44 20 7946 0999',
      instagram: live.instagram,
      socialLinks: { ...live.socialLinks, linkedin: 'https://linkedin.com/company/changed' },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const draft = created.body.data as ContactVersion;
  try {
    await openAs(page, '/connect');
    await cardOf(page, draft.version).getByRole('button', { name: 'Activate' }).click();
    const changes = page.getByRole('alertdialog').getByTestId('activation-changes');
    await expect(changes.locator('dt')).toHaveText(['Phone', 'Social links']);
    const phone = changes.locator('.diff-change', { hasText: 'Phone' });
    await expect(phone.locator('del')).toHaveText(live.phone);
    await expect(phone.locator('ins')).toHaveText('+44 20 7946 0999');
    const links = changes.locator('.diff-change', { hasText: 'Social links' });
    await expect(links).toContainText('LinkedIn');
    await expect(links.locator('ins').filter({ hasText: 'changed' })).toBeVisible();
    await answerConfirm(page, ACTIVATE_CONFIRM, 'Cancel');
    const after = await api('GET', '/admin/contact-info?limit=100', { token });
    expect((after.body.data.contactInfoVersions as ContactVersion[]).find((version) => version.isActive)?.id).toBe(
      live.id,
    );
  } finally {
    await api('DELETE', `/admin/contact-info/${draft.id}`, { token });
  }
});
