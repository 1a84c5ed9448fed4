/**
 * The web console's outbox as staff rely on it all day (issue 54), in Chromium against the real
 * server: a creation replayed a day after its answer was lost makes one row; a creation made offline
 * can be moved and edited before it syncs; an own reorder does not turn the next edit into a
 * conflict; a request that never answers does not stop the changes behind it; two tabs keep both
 * their changes; a full storage is never reported as "Saved on this computer".
 * "Offline" is the API refusing every request (page.route), as in offline.spec.ts.
 */
import type { Faq } from '@npo/shared';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { answerConfirm, createFaqOnServer, expectToast, faqsOnServer, openAs, unique } from './console.js';
import { startOwnServer, type OwnServer } from './own-server.js';

const QUEUED = 'Saved on this computer. It will be sent when the connection returns.';
const UNSAVED = 'Not saved on this computer yet';
const ANSWER = 'An answer that is long enough to be accepted.';
const CONFLICT_BANNER = 'A waiting change conflicts with an edit made on the server';

const faqs = faqsOnServer;
const createFaq = createFaqOnServer;
const questions = async () => (await faqs()).map((faq) => faq.question);
const faqCard = (page: Page, question: string) => page.getByTestId('faq-card').filter({ hasText: question });

async function goOffline(target: Page | BrowserContext): Promise<void> {
  await target.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(target: Page | BrowserContext): Promise<void> {
  await target.unroute('**/api/**');
}

async function addFaq(page: Page, question: string): Promise<void> {
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'New FAQ' });
  await dialog.getByLabel('Question').fill(question);
  await dialog.getByLabel('Answer').fill(ANSWER);
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(dialog).toBeHidden();
}

/** `timeout`: how long the save may take before the dialog closes. */
async function renameFaq(page: Page, from: string, to: string, timeout?: number): Promise<void> {
  await faqCard(page, from).getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit FAQ' });
  await dialog.getByLabel('Question').fill(to);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden(timeout === undefined ? {} : { timeout });
}

/**
 * Offline, and the console knows it: the reload's requests go unanswered. (A creation whose own
 * request got no answer may have been made, so a later edit waits behind it instead of folding in.)
 */
async function goOfflineKnowingly(page: Page, shown: string): Promise<void> {
  // The list is written to storage shortly after its answer (at most once a second): the reload reads it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('npo-console:query-cache') ?? '')).toContain(shown);
  await goOffline(page);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
}

/** The FAQs screen with `question` (the last FAQ) on it, so the list is cached before the connection goes. */
async function openFaqs(page: Page, question: string): Promise<void> {
  await openAs(page, '/faqs');
  await expect(faqCard(page, question)).toBeVisible();
}

const isFaqWrite = (request: Request, method: string, id?: number) =>
  request.method() === method && new URL(request.url()).pathname === `/api/admin/faqs${id ? `/${id}` : ''}`;

test('an offline creation, then a reorder that moves it: both arrive, in that order', async ({ page }) => {
  const last = await createFaq(unique('Before the new one'));
  await openFaqs(page, last.question);
  const question = unique('Made offline and moved up');

  await goOffline(page);
  await addFaq(page, question);
  await expectToast(page, QUEUED);
  await expect(faqCard(page, question).getByTestId('waiting-tag')).toHaveText('Waiting to sync');
  // Waiting to be created, and movable all the same: it takes the place above the last one.
  await page.getByRole('button', { name: `Move up: ${question}` }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('2 changes waiting');

  await goOnline(page);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('The server refused a waiting change')).toHaveCount(0);
  const now = await questions();
  expect(now.filter((text) => text === question)).toHaveLength(1);
  expect(now.slice(-2)).toEqual([question, last.question]);
});

test('an offline creation edited before it syncs arrives once, edited', async ({ page }) => {
  const last = await createFaq(unique('Beside the draft'));
  await openFaqs(page, last.question);
  const draft = unique('Draft question written offline');
  const final = unique('Final question written offline');
  const writes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin/faqs') && request.method() !== 'GET') {
      writes.push(request.method());
    }
  });

  await goOfflineKnowingly(page, last.question);
  await addFaq(page, draft);
  await expectToast(page, QUEUED);
  await renameFaq(page, draft, final);
  // The edit folds into the waiting creation: one change, with the new text.
  await expect(page.getByTestId('outbox-count')).toHaveText('1 change waiting');
  await expect(faqCard(page, final).getByTestId('waiting-tag')).toHaveText('Waiting to sync');
  await page.getByRole('button', { name: 'Show waiting changes' }).click();
  await expect(page.getByTestId('waiting-change')).toContainText(final);
  writes.length = 0;

  await goOnline(page);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  const now = await questions();
  expect(now.filter((text) => text === final)).toHaveLength(1);
  expect(now).not.toContain(draft);
  expect(writes).toEqual(['POST']);
});

test('an own offline reorder, then edits of the FAQs it moved: no conflict, both edits and the order arrive', async ({
  page,
}) => {
  const first = await createFaq(unique('Own reorder first'));
  const second = await createFaq(unique('Own reorder second'));
  await openFaqs(page, second.question);

  await goOffline(page);
  // The server raises the revision of both FAQs it moves: the edits behind the reorder follow them.
  await page.getByRole('button', { name: `Move down: ${first.question}` }).click();
  await renameFaq(page, first.question, `${first.question} edited`);
  await renameFaq(page, second.question, `${second.question} edited`);
  await expect(page.getByTestId('outbox-count')).toHaveText('3 changes waiting');

  await goOnline(page);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText(CONFLICT_BANNER)).toHaveCount(0);
  expect((await questions()).slice(-2)).toEqual([`${second.question} edited`, `${first.question} edited`]);
});

test('online, an edit right after an own reorder carries the revision the reorder gave: no conflict', async ({
  page,
}) => {
  const first = await createFaq(unique('Moved then edited first'));
  const second = await createFaq(unique('Moved then edited second'));
  await openFaqs(page, second.question);
  // The list's refetch after the reorder is held back: only the reorder's own answer can tell the
  // console the new revisions before the edit goes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/faqs?*', async (route) => {
    await held;
    await route.fallback();
  });
  const reordered = page.waitForResponse((response) => response.url().endsWith('/api/admin/faqs/reorder'));
  await page.getByRole('button', { name: `Move down: ${first.question}` }).click();
  expect((await reordered).status()).toBe(200);
  await faqCard(page, first.question).getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit FAQ' });
  await dialog.getByLabel('Question').fill(`${first.question} edited`);
  const saved = page.waitForResponse((response) => isFaqWrite(response.request(), 'PUT', first.id));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);
  release();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'FAQ updated');
  await expect(page.getByRole('dialog', { name: 'Someone else changed this item' })).toHaveCount(0);
  expect((await questions()).slice(-2)).toEqual([second.question, `${first.question} edited`]);
});

test('online, an edit right after an own deletion above it carries the revision the deletion gave: no conflict', async ({
  page,
}) => {
  const gone = await createFaq(unique('Deleted above'));
  const below = await createFaq(unique('Edited below'));
  await openFaqs(page, below.question);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/faqs?*', async (route) => {
    await held;
    await route.fallback();
  });
  const deleted = page.waitForResponse((response) => isFaqWrite(response.request(), 'DELETE', gone.id));
  await faqCard(page, gone.question).getByRole('button', { name: 'Delete', exact: true }).click();
  await answerConfirm(page, 'Are you sure you want to delete this FAQ?');
  expect((await deleted).status()).toBe(200);
  // The server moved the one below up a place, raising its revision.
  await faqCard(page, below.question).getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit FAQ' });
  await dialog.getByLabel('Question').fill(`${below.question} edited`);
  const saved = page.waitForResponse((response) => isFaqWrite(response.request(), 'PUT', below.id));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);
  release();
  await expect(dialog).toBeHidden();
  expect((await questions()).at(-1)).toBe(`${below.question} edited`);
});

test('a request that never answers times out, and it and the change behind it both arrive', async ({ page }) => {
  test.setTimeout(120_000);
  const hung = await createFaq(unique('Hung request'));
  const behind = await createFaq(unique('Behind the hung one'));
  await openFaqs(page, behind.question);
  const keys: (string | null)[] = [];
  let hangs = 1;
  await page.route(`**/api/admin/faqs/${hung.id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    keys.push(await route.request().headerValue('idempotency-key'));
    // The first one is never answered: only the console's own timeout (30 s) ends it.
    if (hangs-- > 0) return;
    await route.fallback();
  });

  await renameFaq(page, hung.question, `${hung.question} edited`, 45_000);
  await expectToast(page, QUEUED);
  await renameFaq(page, behind.question, `${behind.question} edited`);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 60_000 });

  const now = await questions();
  expect(now).toContain(`${hung.question} edited`);
  expect(now).toContain(`${behind.question} edited`);
  // Sent again with the key of the attempt that timed out: it cannot be made twice.
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('two tabs offline both keep their change, and the changes are sent once each', async ({ context }) => {
  const one = await createFaq(unique('Edited in tab one'));
  const two = await createFaq(unique('Edited in tab two'));
  const first = await context.newPage();
  const second = await context.newPage();
  await openFaqs(first, two.question);
  await openFaqs(second, two.question);
  // The ones the server answered (an attempt refused while offline never reached it).
  const puts: number[] = [];
  context.on('requestfinished', (request) => {
    for (const faq of [one, two]) if (isFaqWrite(request, 'PUT', faq.id)) puts.push(faq.id);
  });

  await goOffline(context);
  await renameFaq(first, one.question, `${one.question} edited`);
  await renameFaq(second, two.question, `${two.question} edited`);
  // One storage for both tabs: neither wrote over the other's change, and each shows both.
  const stored = await first.evaluate(() => JSON.parse(localStorage.getItem('npo-console:outbox') ?? '[]'));
  expect((stored as { label: string }[]).map((entry) => entry.label)).toEqual([
    expect.stringContaining(one.question),
    expect.stringContaining(two.question),
  ]);
  // (A tab that made no request since the connection went does not know it is offline: "· sending…".)
  await expect(first.getByTestId('outbox-count')).toHaveText(/^2 changes waiting/);
  await expect(second.getByTestId('outbox-count')).toHaveText(/^2 changes waiting/);
  await second.reload();
  await expect(second.getByTestId('outbox-count')).toHaveText(/^2 changes waiting/);

  await goOnline(context);
  await expect(first.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  await expect(second.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  const now = await questions();
  expect(now).toContain(`${one.question} edited`);
  expect(now).toContain(`${two.question} edited`);
  // One tab sends the shared outbox: each change went once.
  expect(puts.sort()).toEqual([one.id, two.id].sort());
});

test('a full storage is not reported as saved: the change says so, and is saved once there is room', async ({
  page,
}) => {
  const faq = await createFaq(unique('Edited with a full storage'));
  await openFaqs(page, faq.question);
  // Another page of this site filled the storage: nothing the console could drop makes room.
  await page.evaluate(() => {
    localStorage.removeItem('npo-console:query-cache');
    let chunk = 'x'.repeat(1 << 22);
    let n = 0;
    while (chunk.length > 0) {
      try {
        localStorage.setItem(`filler-${n}`, chunk);
        n += 1;
      } catch {
        chunk = chunk.slice(0, Math.floor(chunk.length / 2));
      }
    }
  });

  await goOffline(page);
  await renameFaq(page, faq.question, `${faq.question} edited`);
  await expectToast(page, UNSAVED);
  await expect(page.locator('.bp6-toast').filter({ hasText: QUEUED })).toHaveCount(0);
  const problem = page.getByText('Changes are not saved on this computer');
  await expect(problem).toBeVisible();
  await expect(page.getByText("the browser's storage for this site is full")).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1 change waiting');

  // Room again: saving is tried again and succeeds; then the change goes.
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('filler-'))
      .forEach((key) => localStorage.removeItem(key)),
  );
  await expect(problem).toBeHidden({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('npo-console:outbox'))).toContain(`${faq.question} edited`);
  await goOnline(page);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  expect(await questions()).toContain(`${faq.question} edited`);
});

test.describe('a day later, on a server whose clock moves', () => {
  let own: OwnServer;

  test.beforeAll(async () => {
    own = await startOwnServer({ ...(process.env.E2E_OWN_SERVER_PORT && { port: process.env.E2E_OWN_SERVER_PORT }) });
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  test('a create whose answer was lost, replayed after the server forgot its key, makes one row', async ({ page }) => {
    test.setTimeout(90_000);
    const token = await own.token();
    const count = async (question: string) => {
      const list = await own.call('GET', '/admin/faqs?limit=100', undefined, token);
      return (list.body.data.faqs as Faq[]).filter((faq) => faq.question === question).length;
    };
    await own.openConsole(page, '/faqs');
    await expect(page.getByRole('heading', { name: 'FAQs', level: 1 })).toBeVisible();
    const question = unique('Answer lost a day ago');
    // The server makes the FAQ; its answer never reaches the console, and the connection stays down.
    let offline = false;
    let lost = false;
    await page.route('**/api/**', async (route) => {
      if (offline) return route.abort('internetdisconnected');
      if (lost || !isFaqWrite(route.request(), 'POST')) return route.fallback();
      lost = true;
      await route.fetch();
      offline = true;
      await route.abort('connectionreset');
    });
    const replays: Promise<string | null>[] = [];
    page.on('response', (response) => {
      if (isFaqWrite(response.request(), 'POST')) replays.push(response.headerValue('idempotent-replayed'));
    });

    await addFaq(page, question);
    await expectToast(page, QUEUED);
    expect(await count(question)).toBe(1);

    // A day and an hour go by: the server no longer remembers the Idempotency-Key (24 h).
    own.moveClock(25 * 60 * 60 * 1000);
    offline = false;
    await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 20_000 });
    // The replay ran as a new request (not the stored answer), and the client id found the row.
    expect(await Promise.all(replays)).toEqual([null]);
    expect(await count(question)).toBe(1);
    await expect(faqCard(page, question).getByTestId('waiting-tag')).toHaveCount(0);
  });
});
