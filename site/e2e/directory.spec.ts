/**
 * The public directory (issue 57) in the browser: the header's Directory link, the filters and the
 * accent-insensitive search, a professional's page (no e-mail address on it), and "Contact this
 * professional": a bad address is refused at its field, a good message reaches the member by mail
 * with the visitor as the one to reply to. No serious axe violation on either page.
 */
import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, superAdminToken, uniqueEmail, waitForMail } from '../../e2e/support.js';
import { hydrated, open } from './helpers.js';

test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'directory-secret-1';

/** A 1 x 1 PNG: the server scales it up to its square sizes like any photo. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A member with a profile in Norway, listed by their choice and verified by staff, through the API. */
async function listedProfessional(name: string, city: string, languages: string[], withPhoto = false) {
  const email = uniqueEmail('directory');
  const registered = await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const id = registered.body.data.user.id as number;
  const token = (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data.token;
  const specialties = (await api('GET', '/specialties')).body.data as { id: number; name: string }[];
  const sports = specialties.find((specialty) => specialty.name === 'Sports nutrition')!;
  const profile = await api('PUT', '/account/profile', {
    token,
    body: {
      title: 'Clinical Dietitian',
      country: 'NO',
      city,
      languages,
      specialtyIds: [sports.id],
      practiceSetting: 'hospital',
      registrationBody: 'Norwegian Directorate of Health',
      registrationNumber: `HPR-${Date.now()}`,
      bio: `${name} helps athletes eat well.`,
      website: '',
    },
  });
  expect(profile.status).toBe(200);
  if (withPhoto) {
    const photo = await api('PUT', '/account/profile/photo', { token, body: { image: ONE_PIXEL_PNG } });
    expect(photo.status).toBe(200);
  }
  expect((await api('PUT', '/account/profile/listing', { token, body: { listed: true } })).status).toBe(200);
  const verified = await api('PUT', `/admin/members/${id}/verification`, {
    token: await superAdminToken(),
    body: { status: 'verified' },
  });
  expect(verified.status).toBe(200);
  return { email };
}

test('a visitor finds a professional by country and by a city typed without accents, and writes to them', async ({
  page,
}) => {
  const zoe = await listedProfessional('Zoë Lindqvist', 'Ålesund', ['nb', 'en'], true);
  await listedProfessional('Pål Haugen', 'Bergen', ['nb']);

  await open(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Directory' }).click();
  await expect(page).toHaveURL(/\/directory$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Find a Professional', level: 1 })).toBeVisible();

  const search = page.getByRole('search', { name: 'Directory' });
  await search.getByLabel('Country').selectOption({ label: 'Norway' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/country=NO/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '2 professionals in Norway' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pål Haugen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await search.getByLabel('Name or city').fill('alesund');
  await search.getByRole('button', { name: 'Search' }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '1 professional in Norway matching “alesund”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pål Haugen' })).toHaveCount(0);
  // Zoë's photo, named by her name, at its fixed size, loaded once in view.
  const listPhoto = page.getByRole('img', { name: 'Zoë Lindqvist' });
  await expect(listPhoto).toHaveAttribute('loading', 'lazy');
  await expect(listPhoto).toHaveAttribute('width', '72');
  await expect.poll(() => listPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);

  await page.getByRole('link', { name: 'Zoë Lindqvist' }).click();
  await expect(page).toHaveURL(/\/directory\/zoe-lindqvist-\d+$/);
  await expect(page.getByRole('heading', { name: 'Zoë Lindqvist', level: 1 })).toBeVisible();
  await expect(page.getByText('Ålesund, Norway')).toBeVisible();
  const pagePhoto = page.getByRole('img', { name: 'Zoë Lindqvist' });
  await expect.poll(() => pagePhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(await pagePhoto.boundingBox()).toMatchObject({ width: 160, height: 160 });
  await expect(page.getByText(zoe.email)).toHaveCount(0);
  // Loaded in full (not by a client-side navigation), the page carries its Person data.
  await page.reload();
  await hydrated(page);
  const personData = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(personData).toMatchObject({ '@type': 'Person', name: 'Zoë Lindqvist', jobTitle: 'Clinical Dietitian' });
  expect(personData.image).toMatch(/^https?:\/\/[^/]+\/api\/photos\/[0-9a-f]{32}\/512$/);

  const form = page.getByRole('form', { name: 'Contact this professional' });
  await form.getByLabel('Name').fill('Vera Visitor');
  await form.getByLabel('Email').fill('not-an-address');
  await form.getByLabel('Message').fill('Do you see athletes online as well?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();

  await form.getByLabel('Email').fill('vera@example.net');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText(/Your message has been sent/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const mail = await waitForMail(zoe.email, /^Message from Vera Visitor through the directory$/);
  expect(mail.text).toContain('Do you see athletes online as well?');
  expect(mail.text).toContain('vera@example.net');
});
