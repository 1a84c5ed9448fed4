/**
 * The Tags screen (issue 57), on the same pieces as the specialties screen: staff add a tag (a name
 * taken in another case is refused at the field), rename it, and delete one that a member carries
 * after a confirmation that says how many do; the member then carries it no more. All of it with the
 * keyboard too; at 1024 px in both themes the table fits and axe finds nothing serious. The entry
 * shows to holders of members:view only, and without members:edit or members:delete the screen offers
 * no add, rename or delete.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import {
  answerConfirm,
  api,
  createAdmin,
  expectFocusInside,
  expectToast,
  itemWith,
  openAs,
  sidebarLabels,
  superAdminToken,
  tableMisfits,
  unique,
  uniqueEmail,
} from './console.js';

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'member-secret-1';

/** A member who signed up; answers their id. */
async function member(name: string, adminToken: string): Promise<number> {
  const email = uniqueEmail('tagged');
  expect((await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } })).status).toBe(201);
  const listed = await api('GET', `/admin/members?q=${encodeURIComponent(name)}`, { token: adminToken });
  return listed.body.data.members[0].id as number;
}

async function tagsOf(memberId: number, adminToken: string): Promise<string[]> {
  const detail = await api('GET', `/admin/members/${memberId}`, { token: adminToken });
  expect(detail.status).toBe(200);
  return detail.body.data.tags.map((tag: { name: string }) => tag.name);
}

test('tags: add, refuse a taken name at the field, rename, delete one in use after the confirmation', async ({
  page,
}) => {
  await openAs(page, '/tags');
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const name = unique('Board');
  await page.getByRole('button', { name: 'Add tag' }).click();
  let form = page.getByRole('dialog', { name: 'Add tag' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add tag' }).click();
  await expectToast(page, 'Tag added');
  await expect(itemWith(page, 'tag-row', name)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tags' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add tag' }).click();
  form = page.getByRole('dialog', { name: 'Add tag' });
  await form.getByLabel('Name').fill(name.toUpperCase());
  await form.getByRole('button', { name: 'Add tag' }).click();
  const field = form.getByLabel('Name');
  await expect(form.getByText('A tag with this name exists already')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await answerConfirm(page, 'Discard unsaved changes?', 'Discard');
  await expect(form).toBeHidden();
  await expect(itemWith(page, 'tag-row', name.toUpperCase())).toHaveCount(1);

  const renamed = `${name} members`;
  await itemWith(page, 'tag-row', name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  form = page.getByRole('dialog', { name: 'Rename tag' });
  await expect(form).toContainText('Members who carry it (0 members) show the new name.');
  await form.getByLabel('Name').fill(renamed);
  await form.getByRole('button', { name: 'Rename' }).click();
  await expectToast(page, 'Tag renamed');
  await expect(itemWith(page, 'tag-row', renamed)).toBeVisible();

  // A member carries it: the count shows, and the deletion says it is taken off them.
  const adminToken = await superAdminToken();
  const tag = (await api('GET', '/admin/tags', { token: adminToken })).body.data.find(
    (each: { name: string }) => each.name === renamed,
  );
  const memberId = await member(unique('Tagged member'), adminToken);
  const tagged = await api('PATCH', `/admin/members/${memberId}/tags`, { token: adminToken, body: { add: [tag.id] } });
  expect(tagged.status).toBe(200);
  await page.reload();
  const used = itemWith(page, 'tag-row', renamed);
  await expect(used.getByRole('cell').nth(1)).toHaveText('1');
  await used.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  // Cancelled first: nothing goes.
  await answerConfirm(page, `Delete “${renamed}”? 1 member carries it: it is taken off that member too.`, 'Cancel');
  await expect(used).toBeVisible();
  expect(await tagsOf(memberId, adminToken)).toEqual([renamed]);

  await used.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await answerConfirm(page, '1 member carries it: it is taken off that member too.', 'Delete from 1 member');
  await expectToast(page, 'Tag deleted');
  await expect(itemWith(page, 'tag-row', renamed)).toHaveCount(0);
  expect(await tagsOf(memberId, adminToken)).toEqual([]);

  // The activity log has the three changes, filed under the tags.
  const log = await api('GET', `/admin/audit?module=tags&limit=50`, { token: adminToken });
  expect(log.status).toBe(200);
  const entries = log.body.data.entries as { action: string; entityId: string | null }[];
  expect(
    entries
      .filter((entry) => entry.entityId === String(tag.id))
      .map((entry) => entry.action)
      .sort(),
  ).toEqual(['create', 'delete', 'update']);
});

/** The row's menu opened from its focused button with Enter; the focus is in the menu. */
async function openRowMenuWithKeys(page: Page, name: string): Promise<Locator> {
  await itemWith(page, 'tag-row', name)
    .getByRole('button', { name: `Actions for ${name}` })
    .focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await expectFocusInside(menu);
  return menu;
}

test('tags with the keyboard: add, rename and delete', async ({ page }) => {
  await openAs(page, '/tags');
  const name = unique('Mentors');
  const add = page.getByRole('button', { name: 'Add tag' });
  await add.focus();
  await page.keyboard.press('Enter');
  let form = page.getByRole('dialog', { name: 'Add tag' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Tag added');
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();

  const menu = await openRowMenuWithKeys(page, name);
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  form = page.getByRole('dialog', { name: 'Rename tag' });
  const field = form.getByLabel('Name');
  await expect(field).toBeFocused();
  // The menu's closing does not take the focus back from the field.
  await expect(menu).toBeHidden();
  await expect(field).toBeFocused();
  const renamed = `${name} group`;
  await field.press('End');
  await page.keyboard.type(' group');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Tag renamed');
  await expect(form).toBeHidden();

  const renamedMenu = await openRowMenuWithKeys(page, renamed);
  await page.keyboard.press('End');
  await expect(renamedMenu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(`Delete “${renamed}”? No member carries it.`);
  await expectFocusInside(alert);
  await alert.getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Tag deleted');
  await expect(itemWith(page, 'tag-row', renamed)).toHaveCount(0);
});

test('the Tags entry shows to holders of members:view only; without edit or delete the screen only lists', async ({
  page,
}) => {
  const adminToken = await superAdminToken();
  const name = unique('Volunteers');
  expect((await api('POST', '/admin/tags', { token: adminToken, body: { name } })).status).toBe(201);

  const reader = await createAdmin({ members: { view: true } });
  await openAs(page, '/tags', reader);
  expect(await sidebarLabels(page)).toContain('Tags');
  await expect(itemWith(page, 'tag-row', name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add tag' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Actions for ${name}` })).toHaveCount(0);

  const other = await createAdmin({ faqs: { view: true } });
  await openAs(page, '/faqs', other);
  expect(await sidebarLabels(page)).not.toContain('Tags');
  await page.goto('/admin/tags');
  await expect(page.getByRole('table', { name: 'Tags' })).toHaveCount(0);
  await expect(page.getByText("You don't have permission to view this module.")).toBeVisible();
});

for (const theme of ['light', 'dark']) {
  test(`at 1024 px the Tags screen fits and has no serious axe violation, its dialogs neither (${theme})`, async ({
    page,
  }) => {
    const name = unique('A tag whose name needs room');
    expect((await api('POST', '/admin/tags', { token: await superAdminToken(), body: { name } })).status).toBe(201);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
    await openAs(page, '/tags');
    await expect(itemWith(page, 'tag-row', name)).toBeVisible();
    expect(await tableMisfits(page, 'Tags', ['Members'])).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const form = page.getByRole('dialog', { name: 'Rename tag' });
    await form.getByLabel('Name').fill('');
    await form.getByRole('button', { name: 'Rename' }).click();
    await expect(form.getByText('Tag name is required (at most 60 characters)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await answerConfirm(page, 'Discard unsaved changes?', 'Discard');

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('No member carries it.');
    await expectNoSeriousA11yViolations(page);
    await answerConfirm(page, 'No member carries it.', 'Cancel');
  });
}
