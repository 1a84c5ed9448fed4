/**
 * A member's professional profile on the site (issue 57): from the account menu, "Your profile" shows
 * the form; a bad website is refused at its field and saves nothing; a good profile is saved and read
 * back after a reload; a change made elsewhere meanwhile (If-Match) is refused, not overwritten.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, superAdminToken, uniqueEmail, waitForMail } from '../../e2e/support.js';
import { open } from './helpers.js';

test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'profile-secret-1';

/** A new member, signed in on the page; answers an API token of theirs too. */
async function signedInMember(page: Page, name: string, email = uniqueEmail('profile')): Promise<string> {
  await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data.token;
}

test('a member fills in their profile; a bad website is refused at its field', async ({ page }) => {
  const token = await signedInMember(page, 'Asha Rao');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Your account' });
  await expect(tabs.getByRole('link', { name: 'Your profile' })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Professional title').fill('Registered Dietitian');
  await page.getByLabel('Country').selectOption({ label: 'India' });
  await page.getByLabel('City').fill('Pune');
  // Languages: every one by its English name (none a bare code), found by a filter, the chosen shown as chips.
  const languages = page.getByRole('group', { name: 'Languages spoken' });
  const names = await languages
    .getByRole('group', { name: 'Languages' })
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent ?? ''));
  expect(names.length).toBeGreaterThan(180);
  expect(names.filter((name) => /^[a-z]{2,3}$/.test(name))).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(['Chuvash', 'Dzongkha', 'Hindi']));
  await expect(languages.getByText('No language chosen yet.')).toBeVisible();
  const filter = languages.getByLabel('Filter languages');
  await filter.fill('engl');
  await expect(languages.getByText('1 language matches')).toBeVisible();
  await languages.getByRole('checkbox', { name: 'English' }).check();
  await filter.fill('HIN');
  await languages.getByRole('checkbox', { name: 'Hindi', exact: true }).check();
  await filter.fill('chuv');
  await languages.getByRole('checkbox', { name: 'Chuvash' }).check();
  const chips = languages.getByRole('list', { name: 'Languages chosen' });
  await expect(chips.getByRole('listitem')).toHaveText(['English', 'Hindi', 'Chuvash'].map((name) => `${name}×`));
  // A chip's remove button, by keyboard.
  await chips.getByRole('button', { name: 'Remove Chuvash' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips.getByRole('listitem')).toHaveText(['English×', 'Hindi×']);
  await expect(languages.getByRole('checkbox', { name: 'Chuvash' })).not.toBeChecked();
  await filter.fill('');
  await page.getByRole('checkbox', { name: 'Renal nutrition' }).check();
  await page.getByRole('checkbox', { name: 'Diabetes care' }).check();
  await page.getByLabel('Practice setting').selectOption({ label: 'Private practice' });
  await page.getByLabel('Registration body').fill('Indian Dietetic Association');
  await page.getByLabel('Registration number').fill('IDA-1234');
  await page.getByLabel('Bio').fill('Twenty years with renal patients.');
  await page.getByLabel('Website').fill('ftp://example.org');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Website must be a full http:// or https:// address.')).toBeVisible();
  await expect(page.getByLabel('Website')).toBeFocused();
  expect((await api('GET', '/account/profile', { token })).body.data.updatedAt).toBeNull();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Website').fill('https://example.org/asha');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  const saved = (await api('GET', '/account/profile', { token })).body.data;
  expect(saved).toMatchObject({
    title: 'Registered Dietitian',
    country: 'IN',
    city: 'Pune',
    languages: ['en', 'hi'],
    practiceSetting: 'private_practice',
    website: 'https://example.org/asha',
  });
  expect(saved.specialties.map((specialty: { name: string }) => specialty.name)).toEqual([
    'Diabetes care',
    'Renal nutrition',
  ]);

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await expect(page.getByLabel('Country')).toHaveValue('IN');
  await expect(page.getByRole('list', { name: 'Languages chosen' }).getByRole('listitem')).toHaveText([
    'English×',
    'Hindi×',
  ]);
  await expect(page.getByRole('checkbox', { name: 'Renal nutrition' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sports nutrition' })).not.toBeChecked();
});

test('the account pages are wide enough for the tabs on one row and the specialties in columns', async ({ page }) => {
  await signedInMember(page, 'Wide Screen');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/account/profile');
    await expect(page.getByRole('checkbox', { name: 'Renal nutrition' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Your account' }).getByRole('link');
    const tops = await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size, `one row of tabs at ${width} px`).toBe(1);
    const panel = await page.locator('.account__panel').boundingBox();
    expect(panel!.width).toBeGreaterThan(700);
    // The specialties: more than one to a row.
    const boxes = page.getByRole('group', { name: 'Specialties' }).getByRole('checkbox');
    const rows = await boxes.evaluateAll(
      (inputs) => new Set(inputs.map((input) => input.getBoundingClientRect().top)).size,
    );
    expect(rows).toBeLessThan(await boxes.count());
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/account/profile');
  await expect(page.getByRole('checkbox', { name: 'Renal nutrition' })).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});

test('a change made elsewhere meanwhile is refused, not overwritten', async ({ page }) => {
  const token = await signedInMember(page, 'Ravi Menon');
  await open(page, '/account/profile');
  await expect(page.getByLabel('City')).toHaveValue('');
  const elsewhere = (await api('GET', '/account/profile', { token })).body.data;
  const body = { ...elsewhere, specialtyIds: [] };
  for (const key of ['revision', 'specialties', 'photo', 'updatedAt', 'listing', 'verification']) delete body[key];
  expect((await api('PUT', '/account/profile', { token, body: { ...body, city: 'Kochi' } })).status).toBe(200);

  await page.getByLabel('City').fill('Chennai');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/Your profile was changed elsewhere meanwhile/)).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.city).toBe('Kochi');
});

test('a member opts in to the directory, reads a declined verification with its reason, and withdraws', async ({
  page,
}) => {
  const email = uniqueEmail('listing');
  const token = await signedInMember(page, 'Lakshmi Pillai', email);
  await open(page, '/account/profile');
  const listed = page.getByRole('switch', { name: 'List me in the directory' });
  await expect(listed).not.toBeChecked();
  await expect(page.getByText(/I agree that my name, professional title/)).toBeVisible();
  await expect(page.getByText('Your registration is waiting for staff to verify it.', { exact: false })).toBeVisible();
  // The switch turns once the server has kept the choice.
  await listed.click();
  await expect(listed).toBeChecked();
  await expect(page.getByText('You will be listed in the directory once your registration is verified.')).toBeVisible();
  const mine = (await api('GET', '/account/profile', { token })).body.data;
  expect(mine.listing).toMatchObject({ listed: true, consentedAt: expect.any(String) });
  await expectNoSeriousA11yViolations(page);

  const declined = await api('PUT', `/admin/members/${await memberId(email)}/verification`, {
    token: await superAdminToken(),
    body: { status: 'declined', reason: 'The number is not on the register.' },
  });
  expect(declined.status).toBe(200);
  const mail = await waitForMail(email, /could not verify/);
  expect(mail.text).toContain('The number is not on the register.');
  await page.reload();
  await expect(
    page.getByText(/We could not verify your registration: The number is not on the register\./),
  ).toBeVisible();

  await listed.click();
  await expect(listed).not.toBeChecked();
  await expect(page.getByText('You are not listed in the directory.')).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.listing.listed).toBe(false);
});

/** The member id of `email`, as staff find it. */
async function memberId(email: string): Promise<number> {
  const found = await api('GET', `/admin/members?q=${encodeURIComponent(email)}`, { token: await superAdminToken() });
  return found.body.data.members[0].id;
}

test('signed out, the profile page sends the visitor to log in first', async ({ page }) => {
  await open(page, '/account/profile');
  await page.waitForURL(/\/login\?next=%2Faccount%2Fprofile$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
