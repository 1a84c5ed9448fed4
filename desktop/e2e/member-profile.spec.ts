/**
 * Members' professional profiles in the console (issue 57): the list filters by country and by
 * specialty (server-side, kept in the URL); the detail shows the profile the member saved on the site,
 * and staff with edit permission correct it there: a bad website is refused at its field, a good save
 * is what the member then reads.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, openAs, unique, uniqueEmail, waitForMail } from './console.js';

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'member-secret-1';

/** A member who saved `profile` on the site; answers their token and address. */
async function memberWithProfile(
  name: string,
  profile: Record<string, unknown>,
): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('profile');
  expect((await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } })).status).toBe(201);
  const token = (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data.token;
  const body = {
    title: '',
    country: '',
    city: '',
    languages: [],
    specialtyIds: [],
    practiceSetting: '',
    registrationBody: '',
    registrationNumber: '',
    bio: '',
    website: '',
    ...profile,
  };
  expect((await api('PUT', '/account/profile', { token, body })).status).toBe(200);
  return { token, email };
}

test('members: filter by country and specialty, then read and correct a profile in the detail', async ({ page }) => {
  const specialties: { id: number; name: string }[] = (await api('GET', '/specialties')).body.data;
  const sports = specialties.find((specialty) => specialty.name === 'Sports nutrition')!;
  const tag = unique('Profiled');
  const runner = `${tag} Wanjiru`;
  const { token, email } = await memberWithProfile(runner, {
    title: 'Sports Dietitian',
    country: 'KE',
    city: 'Nairobi',
    languages: ['en', 'sw'],
    specialtyIds: [sports.id],
  });
  await memberWithProfile(`${tag} Otieno`, { country: 'KE', city: 'Kisumu' });
  await memberWithProfile(`${tag} Quispe`, { country: 'PE', specialtyIds: [sports.id] });

  await openAs(page, `/members?q=${encodeURIComponent(tag)}`);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Kenya' });
  await expect(page).toHaveURL(/[?&]country=KE/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Specialty' }).selectOption({ label: 'Sports nutrition' });
  await expect(page).toHaveURL(new RegExp(`[?&]specialtyId=${sports.id}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(runner);

  await table.getByRole('link', { name: runner, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: runner });
  await expect(dialog.getByRole('heading', { name: 'Professional profile' })).toBeVisible();
  await expect(dialog).toContainText('Sports Dietitian');
  await expect(dialog).toContainText('Nairobi');
  await expect(dialog).toContainText('English, Swahili');
  await expect(dialog).toContainText('Sports nutrition');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('dialog', { name: 'Edit professional profile' });
  await expect(form.getByLabel('Country')).toHaveValue('KE');
  await form.getByLabel('City').fill('Mombasa');
  await form.getByLabel('Website').fill('not a website');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Website must be a full http:// or https:// address.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Website').fill('https://example.org/wanjiru');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(page, 'Profile saved');
  await expect(form).toBeHidden();
  await expect(dialog).toContainText('Mombasa');
  const mine = (await api('GET', '/account/profile', { token })).body.data;
  expect(mine).toMatchObject({ city: 'Mombasa', website: 'https://example.org/wanjiru', country: 'KE' });
  expect(mine.specialties).toEqual([sports]);

  // The registration: declined with a reason the member is mailed, then verified.
  await expect(dialog).toContainText('Pending verification');
  await dialog.getByRole('button', { name: 'Decline...' }).click();
  const decline = page.getByRole('dialog', { name: 'Decline the registration' });
  await decline.getByRole('button', { name: 'Decline and mail the member' }).click();
  await expect(decline.getByText('Give the reason the member will read')).toBeVisible();
  await decline.getByLabel('Reason').fill('The number is not on the register.');
  await decline.getByRole('button', { name: 'Decline and mail the member' }).click();
  await expectToast(page, 'Registration declined');
  await expect(dialog).toContainText('The number is not on the register.');
  const mail = await waitForMail(email, /could not verify/);
  expect(mail.text).toContain('The reason: The number is not on the register.');
  await dialog.getByRole('button', { name: 'Verify registration' }).click();
  await expectToast(page, 'Registration verified');
  await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.verification.status).toBe('verified');
});
