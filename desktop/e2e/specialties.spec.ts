/**
 * The specialties screen (issue 57): staff add one (a name taken in another case is refused at the
 * field), rename it, and remove one that a profile names after a confirmation that says so; the
 * profile then no longer names it. And a member's photo in their detail: uploaded, shown, removed.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { answerConfirm, api, expectToast, itemWith, openAs, unique, uniqueEmail } from './console.js';

/** A 1 x 1 PNG: the server scales it up to its square sizes like any photo. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'member-secret-1';

async function member(name: string): Promise<{ id: number; token: string }> {
  const email = uniqueEmail('specialty');
  const registered = await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const login = (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data;
  return { id: login.user.id, token: login.token };
}

const EMPTY_PROFILE = {
  title: '',
  country: '',
  city: '',
  languages: [],
  practiceSetting: '',
  registrationBody: '',
  registrationNumber: '',
  bio: '',
  website: '',
};

test('specialties: add, refuse a taken name, rename, remove one in use after the confirmation', async ({ page }) => {
  await openAs(page, '/specialties');
  await expect(page.getByRole('heading', { name: 'Specialties', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Specialties' })).toContainText('Sports nutrition');
  await expectNoSeriousA11yViolations(page);

  const name = unique('Lactation');
  await page.getByRole('button', { name: 'Add specialty' }).click();
  let form = page.getByRole('dialog', { name: 'Add specialty' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add specialty' }).click();
  await expectToast(page, 'Specialty added');
  await expect(itemWith(page, 'specialty-row', name)).toBeVisible();

  await page.getByRole('button', { name: 'Add specialty' }).click();
  form = page.getByRole('dialog', { name: 'Add specialty' });
  await form.getByLabel('Name').fill(name.toUpperCase());
  await form.getByRole('button', { name: 'Add specialty' }).click();
  await expect(form.getByText('A specialty of this name exists already.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await answerConfirm(page, 'Discard unsaved changes?', 'Discard');
  await expect(form).toBeHidden();

  const renamed = `${name} counselling`;
  const row = itemWith(page, 'specialty-row', name);
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  form = page.getByRole('dialog', { name: 'Rename specialty' });
  await form.getByLabel('Name').fill(renamed);
  await form.getByRole('button', { name: 'Rename' }).click();
  await expectToast(page, 'Specialty renamed');

  const specialty = (await api('GET', '/specialties')).body.data.find(
    (each: { name: string }) => each.name === renamed,
  );
  const { token } = await member(unique('Specialist'));
  const saved = await api('PUT', '/account/profile', {
    token,
    body: { ...EMPTY_PROFILE, specialtyIds: [specialty.id] },
  });
  expect(saved.status).toBe(200);
  await page.reload();
  const used = itemWith(page, 'specialty-row', renamed);
  await expect(used.getByRole('cell').nth(1)).toHaveText('1');
  await used.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await answerConfirm(page, '1 profile name it: it is taken off that profile too.', 'Remove from 1 profile');
  await expectToast(page, 'Specialty removed');
  await expect(itemWith(page, 'specialty-row', renamed)).toHaveCount(0);
  expect((await api('GET', '/account/profile', { token })).body.data.specialties).toEqual([]);
});

test("a member's photo in their detail: uploaded, shown, removed", async ({ page }) => {
  const name = unique('Pictured');
  const { id, token } = await member(name);
  await openAs(page, `/members?member=${id}`);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('No photo')).toBeVisible();
  const png = Buffer.from(ONE_PIXEL_PNG, 'base64');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload photo...' }).click();
  await (await chooser).setFiles({ name: 'member.png', mimeType: 'image/png', buffer: png });
  await expectToast(page, 'Photo saved');
  await expect(dialog.getByRole('img', { name: "The member's photo" })).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.photo).not.toBeNull();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await answerConfirm(page, "Remove this member's photo?", 'Remove photo');
  await expectToast(page, 'Photo removed');
  await expect(dialog.getByText('No photo')).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.photo).toBeNull();
});
