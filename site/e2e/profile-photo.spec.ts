/**
 * A member's profile photo on /account/profile (issue 57): a file that is not a photo is refused at
 * the field (the server checks the content, whatever the file's name says), a PNG is uploaded and
 * shown as the square the server made, and "Remove photo" takes it away.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, uniqueEmail } from '../../e2e/support.js';
import { open } from './helpers.js';

/**
 * A 2 x 2 PNG of this spec's own colour: the server scales it up to its square sizes like any photo.
 * Photos are stored by their content, so the same picture kept by a member of another spec (the
 * directory's 1 x 1 PNG) would still be served after this one removes it: this spec's is its own.
 */
const OWN_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPY6im71VOWAUIBACFiBG2g9708AAAAAElFTkSuQmCC';

test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'photo-secret-1';

async function signedInMember(page: Page): Promise<string> {
  const email = uniqueEmail('photo');
  await api('POST', '/auth/register', { body: { name: 'Meera Photo', email, password: PASSWORD } });
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data.token;
}

test('a member uploads a photo, sees the square kept, and removes it; an SVG named .png is refused', async ({
  page,
}) => {
  const token = await signedInMember(page);
  await open(page, '/account/profile');
  const section = page.getByRole('region', { name: 'Photo' });
  await expect(section.getByText('No photo yet.')).toBeVisible();

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  await section.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: svg });
  await section.getByRole('button', { name: 'Upload photo' }).click();
  await expect(section.getByText('The photo must be a JPEG, PNG or WebP image.')).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.photo).toBeNull();
  await expectNoSeriousA11yViolations(page);

  const png = Buffer.from(OWN_PNG, 'base64');
  await section.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await section.getByRole('button', { name: 'Upload photo' }).click();
  await expect(section.getByText('Photo saved.')).toBeVisible();
  const image = section.getByRole('img', { name: 'Your profile photo' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(256);
  const photo = (await api('GET', '/account/profile', { token })).body.data.photo;
  expect(await image.getAttribute('src')).toBe(photo.medium);
  await expect(section.getByLabel('Replace your photo')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Remove photo' }).click();
  await expect(section.getByText('Photo removed.')).toBeVisible();
  await expect(section.getByText('No photo yet.')).toBeVisible();
  expect((await api('GET', '/account/profile', { token })).body.data.photo).toBeNull();
  expect((await page.request.get(photo.medium)).status()).toBe(404);
});
