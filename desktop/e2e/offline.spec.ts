/**
 * Offline and no lost updates, in Chromium against the real server: the console reads its last known
 * content when the server cannot be reached, keeps edits in a durable outbox (it survives a reload)
 * and sends them in order when the connection returns; an edit that meets someone else's newer
 * version is put to the editor (keep mine, take theirs, copy my text) and never silently overwritten.
 * "Offline" is the API refusing every request (page.route): the server is unreachable, the console's
 * own files still load, as in the desktop app.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { answerConfirm, api, expectToast, itemWith, openAs, superAdminToken, unique } from './console.js';

interface Testimonial {
  id: number;
  revision: number;
  name: string;
  role: string;
  quote: string;
}

const QUEUED = 'Saved on this computer. It will be sent when the connection returns.';

async function createTestimonial(name: string): Promise<Testimonial> {
  const created = await api('POST', '/admin/testimonials', {
    token: await superAdminToken(),
    body: { name, role: 'Clinical Dietitian', quote: 'The network changed how I work with patients.' },
  });
  expect(created.status).toBe(201);
  return created.body.data as Testimonial;
}

async function readTestimonial(id: number): Promise<Testimonial> {
  const list = await api('GET', '/admin/testimonials?limit=200', { token: await superAdminToken() });
  const found = (list.body.data.testimonials as Testimonial[]).find((item) => item.id === id);
  if (!found) throw new Error(`testimonial ${id} is gone`);
  return found;
}

/** Another admin's edit, made straight through the API while the form is open. */
async function changeElsewhere(testimonial: Testimonial, quote: string): Promise<void> {
  const current = await readTestimonial(testimonial.id);
  const changed = await api('PUT', `/admin/testimonials/${testimonial.id}`, {
    token: await superAdminToken(),
    body: { name: current.name, role: current.role, quote },
  });
  expect(changed.status).toBe(200);
}

async function goOffline(page: Page): Promise<void> {
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(page: Page): Promise<void> {
  await page.unroute('**/api/**');
}

async function renameInForm(page: Page, from: string, to: string): Promise<void> {
  await itemWith(page, 'testimonial-card', from).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await form.getByLabel('Name').fill(to);
  await form.getByRole('button', { name: 'Save Changes' }).click();
}

test('offline: edits wait in the outbox across a reload and are sent in order when the connection returns', async ({
  page,
}) => {
  const first = await createTestimonial(unique('Offline First'));
  const second = await createTestimonial(unique('Offline Second'));
  await openAs(page, '/testimonials');
  await expect(itemWith(page, 'testimonial-card', second.name)).toBeVisible();

  await goOffline(page);
  await renameInForm(page, first.name, `${first.name} once`);
  await expectToast(page, QUEUED);
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1 change waiting');
  await renameInForm(page, second.name, `${second.name} edited`);
  // The same item again, on top of the change still waiting: order matters.
  await renameInForm(page, `${first.name} once`, `${first.name} twice`);
  await expect(page.getByTestId('outbox-count')).toHaveText('3 changes waiting');
  await expect(itemWith(page, 'testimonial-card', `${first.name} twice`)).toBeVisible();

  // Nothing reached the server.
  expect((await readTestimonial(first.id)).name).toBe(first.name);

  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('3 changes waiting');
  await expect(itemWith(page, 'testimonial-card', `${first.name} twice`)).toBeVisible();
  await expect(itemWith(page, 'testimonial-card', `${second.name} edited`)).toBeVisible();

  await goOnline(page);
  await expect(page.getByText('You are offline')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('outbox-count')).toBeHidden();
  const firstNow = await readTestimonial(first.id);
  expect(firstNow.name).toBe(`${first.name} twice`);
  expect(firstNow.revision).toBe(first.revision + 2);
  expect((await readTestimonial(second.id)).name).toBe(`${second.name} edited`);
});

test('server down: the console shows the last synced content under the offline banner', async ({ page }) => {
  const testimonial = await createTestimonial(unique('Cached'));
  await openAs(page, '/testimonials');
  await expect(itemWith(page, 'testimonial-card', testimonial.name)).toBeVisible();
  // The cache is written to storage shortly after the answer (at most once a second): wait until it holds it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('npo-console:query-cache') ?? ''))
    .toContain(testimonial.name);

  await goOffline(page);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText(/Showing the content as of the last sync, \w{3} \d{1,2}, \d{4}/)).toBeVisible();
  await expect(itemWith(page, 'testimonial-card', testimonial.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A screen never opened while connected says so rather than loading forever.
  await page.getByRole('link', { name: 'FAQs' }).first().click();
  await expect(page.getByText('Not available offline yet')).toBeVisible();
});

test('conflict in a form: take theirs keeps the other edit, keep mine overwrites it knowingly', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const testimonial = await createTestimonial(unique('Contested'));
  await openAs(page, '/testimonials');

  // Take theirs: my edit is dropped, the other admin's stays.
  await itemWith(page, 'testimonial-card', testimonial.name).getByRole('button', { name: 'Edit' }).click();
  let form = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await changeElsewhere(testimonial, 'Their quote, saved while I was editing.');
  await form.getByLabel('Name').fill(`${testimonial.name} mine`);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  let conflict = page.getByRole('dialog', { name: 'Someone else changed this item' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('mine-quote')).toHaveText('The network changed how I work with patients.');
  await expect(conflict.getByTestId('theirs-quote')).toHaveText('Their quote, saved while I was editing.');
  await expect(conflict.getByTestId('mine-name')).toHaveText(`${testimonial.name} mine`);
  await expectNoSeriousA11yViolations(page);
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(conflict).toBeHidden();
  await expectToast(page, 'Kept the version on the server');
  let stored = await readTestimonial(testimonial.id);
  expect(stored).toMatchObject({ name: testimonial.name, quote: 'Their quote, saved while I was editing.' });

  // Copy my text, then keep mine: sent over the newer version, on purpose.
  await itemWith(page, 'testimonial-card', testimonial.name).getByRole('button', { name: 'Edit' }).click();
  form = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await changeElsewhere(testimonial, 'A second quote from the other admin.');
  await form.getByLabel('Quote').fill('My own quote, which I mean to keep.');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  conflict = page.getByRole('dialog', { name: 'Someone else changed this item' });
  await conflict.getByRole('button', { name: 'Copy my text' }).click();
  await expectToast(page, 'Your version is on the clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('My own quote, which I mean to keep.');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expectToast(page, 'Testimonial updated');
  stored = await readTestimonial(testimonial.id);
  expect(stored.quote).toBe('My own quote, which I mean to keep.');
});

test('conflict in the outbox: sending stops at it until the editor decides', async ({ page }) => {
  const contested = await createTestimonial(unique('Outbox Contested'));
  const later = await createTestimonial(unique('Outbox Later'));
  await openAs(page, '/testimonials');
  await expect(itemWith(page, 'testimonial-card', later.name)).toBeVisible();

  await goOffline(page);
  await renameInForm(page, contested.name, `${contested.name} mine`);
  await renameInForm(page, later.name, `${later.name} edited`);
  await expect(page.getByTestId('outbox-count')).toHaveText('2 changes waiting');
  await changeElsewhere(contested, 'Changed on the server while I was offline.');

  await goOnline(page);
  const banner = page.getByText('A waiting change conflicts with an edit made on the server');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  // Stopped at the conflict: the later change was not sent past it.
  expect((await readTestimonial(later.id)).name).toBe(later.name);
  expect((await readTestimonial(contested.id)).name).toBe(contested.name);

  await page.getByRole('button', { name: 'Review' }).click();
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this item' });
  await expect(conflict.getByTestId('theirs-quote')).toHaveText('Changed on the server while I was offline.');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByTestId('outbox-count')).toBeHidden();
  expect((await readTestimonial(contested.id)).name).toBe(`${contested.name} mine`);
  expect((await readTestimonial(later.id)).name).toBe(`${later.name} edited`);
});

async function countTestimonials(name: string): Promise<number> {
  const list = await api('GET', '/admin/testimonials?limit=200', { token: await superAdminToken() });
  return (list.body.data.testimonials as Testimonial[]).filter((item) => item.name === name).length;
}

test('exactly once: a create whose answer is lost after the server made it is replayed, and one row exists', async ({
  page,
}) => {
  await openAs(page, '/testimonials');
  const name = unique('Lost Answer');
  let dropped = 0;
  // The server makes the testimonial; its answer never reaches the console.
  await page.route('**/api/admin/testimonials', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });

  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Testimonial' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Role').fill('Clinical Dietitian, Peru');
  await dialog.getByLabel('Quote').fill('Sent once, answered twice, made once.');
  await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
  await expectToast(page, QUEUED);
  expect(dropped).toBe(1);
  expect(await countTestimonials(name)).toBe(1);

  // The health probe finds the server again; the outbox replays the create with the same key.
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  await expect(itemWith(page, 'testimonial-card', name)).toBeVisible();
  expect(await countTestimonials(name)).toBe(1);
});

test('a proxy 503 (plain text, no API envelope) means offline: the banner shows and the change waits', async ({
  page,
}) => {
  const testimonial = await createTestimonial(unique('Behind Proxy'));
  await openAs(page, '/testimonials');
  await expect(itemWith(page, 'testimonial-card', testimonial.name)).toBeVisible();

  // The reverse proxy answers for a server that is restarting.
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await renameInForm(page, testimonial.name, `${testimonial.name} waited`);
  await expectToast(page, QUEUED);
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1 change waiting');
  await expect(page.getByText('The server refused a waiting change')).toHaveCount(0);

  // The Waiting changes panel says what waits and why.
  await page.getByRole('button', { name: 'Show waiting changes' }).click();
  await expect(page.getByTestId('waiting-change')).toContainText('The server cannot be reached.');
  expect((await readTestimonial(testimonial.id)).name).toBe(testimonial.name);

  await page.unroute('**/api/**');
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('You are offline')).toBeHidden();
  expect((await readTestimonial(testimonial.id)).name).toBe(`${testimonial.name} waited`);
});

test('conflict in the outbox: Esc closes the question without deciding; a discard asks first', async ({ page }) => {
  const contested = await createTestimonial(unique('Esc Contested'));
  await openAs(page, '/testimonials');
  await expect(itemWith(page, 'testimonial-card', contested.name)).toBeVisible();

  await goOffline(page);
  await renameInForm(page, contested.name, `${contested.name} mine`);
  await changeElsewhere(contested, 'Changed on the server meanwhile.');
  await goOnline(page);
  const banner = page.getByText('A waiting change conflicts with an edit made on the server');
  await expect(banner).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Review' }).click();
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this item' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Keep mine' }).focus();
  await page.keyboard.press('Escape');
  await expect(conflict).toBeHidden();
  // Still in conflict, still mine: nothing was taken from the server's side or dropped.
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1 change waiting');
  expect((await readTestimonial(contested.id)).quote).toBe('Changed on the server meanwhile.');

  // Giving the change up is a separate, confirmed act, from the Waiting changes panel.
  await page.getByRole('button', { name: 'Show waiting changes' }).click();
  const waiting = page.getByTestId('waiting-change');
  await expect(waiting).toContainText('Someone else changed this item on the server');
  await waiting.getByRole('button', { name: /^Discard / }).click();
  await answerConfirm(page, 'has not reached the server', 'Cancel');
  await expect(page.getByTestId('outbox-count')).toHaveText('1 change waiting');
  await waiting.getByRole('button', { name: /^Discard / }).click();
  await answerConfirm(page, 'has not reached the server', 'Discard change');
  await expect(page.getByTestId('outbox-count')).toBeHidden();
  expect((await readTestimonial(contested.id)).name).toBe(contested.name);
});

test('a creation saved offline shows in its list marked "Waiting to sync", then becomes the real item', async ({
  page,
}) => {
  const known = await createTestimonial(unique('Before Offline'));
  await openAs(page, '/testimonials');
  // The list must have arrived before the connection goes: a list never loaded has nothing to add to.
  await expect(itemWith(page, 'testimonial-card', known.name)).toBeVisible();
  const name = unique('Made Offline');

  await goOffline(page);
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Testimonial' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Role').fill('Clinical Dietitian, Chile');
  await dialog.getByLabel('Quote').fill('Written on a train without a connection.');
  await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
  await expectToast(page, QUEUED);
  const card = itemWith(page, 'testimonial-card', name);
  await expect(card.getByTestId('waiting-tag')).toHaveText('Waiting to sync');
  // It can be edited and deleted before the server has it (local-first.spec.ts), not featured yet.
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(card.getByRole('button', { name: /Feature/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await goOnline(page);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  await expect(card.getByTestId('waiting-tag')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  expect(await countTestimonials(name)).toBe(1);
});
