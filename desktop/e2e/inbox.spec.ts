/** Inbox states (issue 10): open marks read, Reply opens a mailto: and marks replied, Archive hides. */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, openAs, superAdminToken, unique, uniqueEmail } from './console.js';

interface Message {
  name: string;
  state: string;
}

async function inbox(state = 'active'): Promise<{ messages: Message[]; unread: number }> {
  const list = await api('GET', `/admin/contact-messages?limit=100&state=${state}`, { token: await superAdminToken() });
  return list.body.data;
}
const stateOf = async (name: string) =>
  (await inbox()).messages.concat((await inbox('archived')).messages).find((message) => message.name === name)?.state;

/** Chromium would hand a mailto: link to the system; the test keeps the click inside the page. */
async function keepMailtoInPage(page: Page): Promise<string[]> {
  const opened: string[] = [];
  await page.exposeFunction('recordMailto', (href: string) => opened.push(href));
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element | null)?.closest?.('a[href^="mailto:"]');
        if (!link) return;
        event.preventDefault();
        (window as unknown as { recordMailto: (href: string) => void }).recordMailto(link.getAttribute('href')!);
      },
      true,
    );
  });
  return opened;
}

test('inbox: opening reads, Reply mails and marks replied, Archive hides until unarchived', async ({ page }) => {
  const name = unique('Inbox Visitor');
  const email = uniqueEmail('inbox');
  const text = 'Do you offer "student" rates?\nThanks, & see you 🥗';
  const sent = await api('POST', '/contact-messages', {
    body: { name, email, phone: '+441234567890', message: text },
  });
  expect(sent.status).toBe(201);
  const opened = await keepMailtoInPage(page);

  await openAs(page, '/connect');
  const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge');
  const unread = (await inbox()).unread;
  await expect(badge).toContainText(`${unread} new`);
  await page.getByRole('tab', { name: /Messages/ }).click();
  const card = page.getByTestId('message-card').filter({ hasText: name });
  await expect(card.getByText('Unread', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Opening the message reads it: the tag goes, the server knows, the sidebar count drops.
  const toggle = card.getByRole('button', { name });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect.poll(() => stateOf(name)).toBe('read');
  if (unread > 1) await expect(badge).toContainText(`${unread - 1} new`);
  else await expect(badge).toHaveCount(0);

  // Reply: the link carries the address, the subject and the quoted text, encoded.
  const reply = card.getByRole('button', { name: 'Reply' });
  const href = await reply.getAttribute('href');
  const address = encodeURIComponent(email).replace('%40', '@');
  expect(href!.startsWith(`mailto:${address}?subject=Re%3A%20Your%20message%20to%20us&body=`)).toBe(true);
  const body = decodeURIComponent(href!.split('&body=')[1]!);
  expect(body).toContain(`${name} wrote:\r\n> Do you offer "student" rates?\r\n> Thanks, & see you 🥗`);
  await reply.click();
  expect(opened).toEqual([href]);
  await expect(card.getByText('Replied', { exact: true })).toBeVisible();
  await expect.poll(() => stateOf(name)).toBe('replied');

  // Archive: gone from the default view, listed under Archived, back with Unarchive.
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(card).toHaveCount(0);
  expect(await stateOf(name)).toBe('archived');
  const filter = page.getByLabel('Show');
  await filter.selectOption('archived');
  await expect(card.getByText('Archived', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The export follows the filter on screen.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('contact-messages-archived.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFReceived at,Name,E-mail,Phone,Message,State\r\n')).toBe(true);
  expect(csv).toContain(`${name},${email},'+441234567890,"Do you offer ""student"" rates?`);
  await card.getByRole('button', { name: 'Unarchive' }).click();
  await expect(card).toHaveCount(0);
  await filter.selectOption('active');
  await expect(card).toBeVisible();
  expect(await stateOf(name)).toBe('read');
});

test('inbox: searching by part of the name, e-mail or text, in any case and accents, kept in the URL', async ({
  page,
}) => {
  const marker = unique('Brulee');
  const name = `Zoë Müller ${marker}`;
  const sent = await api('POST', '/contact-messages', {
    body: { name, email: uniqueEmail('search'), phone: '+441234567890', message: 'Une question, s’il vous plaît.' },
  });
  expect(sent.status).toBe(201);

  await openAs(page, '/connect');
  await page.getByRole('tab', { name: /Messages/ }).click();
  const search = page.getByLabel('Search messages by name, e-mail or text');
  await search.fill(`zoe MULLER ${marker}`);
  await search.press('Enter');
  const cards = page.getByTestId('message-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);
  await expect(page).toHaveURL(/[?&]q=/);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await page.getByRole('tab', { name: /Messages/ }).click();
  await expect(page.getByLabel('Search messages by name, e-mail or text')).toHaveValue(`zoe MULLER ${marker}`);
  await expect(page.getByTestId('message-card')).toHaveCount(1);

  await page.getByLabel('Search messages by name, e-mail or text').fill(`${marker} nowhere`);
  await page.getByLabel('Search messages by name, e-mail or text').press('Enter');
  await expect(page.getByText('No messages match your search.')).toBeVisible();
});
