/**
 * Inbox states (issue 10): open marks read, Archive hides. For a busy day (issue 55 item 4): compact
 * rows, bulk actions on selected messages or all matching a search, and replies sent by mail from the
 * console, the message replied only once its mail went out.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, refuseMailTo } from '../../e2e/support.js';
import {
  answerConfirm,
  api,
  expectToast,
  openAs,
  superAdminToken,
  unique,
  uniqueEmail,
  waitForMail,
} from './console.js';

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

async function send(name: string, email: string, message = 'A question about membership fees, please.') {
  const sent = await api('POST', '/contact-messages', { body: { name, email, phone: '+441234567890', message } });
  expect(sent.status).toBe(201);
}

test('inbox: opening reads, a reply goes out by mail and marks replied once sent, Archive hides until unarchived', async ({
  page,
}) => {
  // Two mails go out and are followed to their end.
  test.setTimeout(60_000);
  const name = unique('Inbox Visitor');
  const email = uniqueEmail('inbox');
  const text = 'Do you offer "student" rates?\nThanks, & see you 🥗';
  await send(name, email, text);

  await openAs(page, '/connect');
  const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge');
  const unread = (await inbox()).unread;
  await expect(badge).toContainText(`${unread} new`);
  await page.getByRole('tab', { name: /Messages/ }).click();
  const row = page.getByTestId('message-row').filter({ hasText: name });
  await expect(row.getByText('Unread', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Opening the message reads it: the tag goes, the server knows, the sidebar count drops.
  const toggle = row.getByRole('button', { name });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect.poll(() => stateOf(name)).toBe('read');
  if (unread > 1) await expect(badge).toContainText(`${unread - 1} new`);
  else await expect(badge).toHaveCount(0);
  const detail = page.getByTestId('message-detail');
  await expect(detail).toContainText('Do you offer "student" rates?');

  // A reply the mail server refuses is kept, shown as not sent, and the message is not replied.
  await refuseMailTo(email);
  const field = detail.getByLabel(`Reply to ${email}`);
  await field.fill('Not this one.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(detail.getByTestId('reply').filter({ hasText: 'Not this one.' })).toHaveAttribute(
    'data-status',
    'failed',
  );
  await expect(detail.getByText('Not sent', { exact: true })).toBeVisible();
  expect(await stateOf(name)).toBe('read');
  await refuseMailTo(email, false);

  // A reply that goes out: the mail carries it and the quoted message; then, only then, Replied.
  await expect(field).toHaveValue('');
  await field.fill('Yes: students pay half.\nSee you soon.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  const mail = await waitForMail(email, /^Re: Your message to us$/);
  expect(mail.text).toContain('Yes: students pay half.\nSee you soon.');
  expect(mail.text).toContain(`${name} wrote:\n> Do you offer "student" rates?\n> Thanks, & see you 🥗`);
  await expect(detail.getByTestId('reply').filter({ hasText: 'students pay half' })).toHaveAttribute(
    'data-status',
    'sent',
  );
  await expect(row.getByText('Replied', { exact: true })).toBeVisible();
  expect(await stateOf(name)).toBe('replied');
  await expectNoSeriousA11yViolations(page);

  // Archive: gone from the default view, listed under Archived, back with Unarchive.
  await detail.getByRole('button', { name: 'Archive' }).click();
  await expect(row).toHaveCount(0);
  expect(await stateOf(name)).toBe('archived');
  const filter = page.getByLabel('Show');
  await filter.selectOption('archived');
  await expect(row.getByText('Archived', { exact: true })).toBeVisible();
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
  await row.getByRole('button', { name }).click();
  await page.getByTestId('message-detail').getByRole('button', { name: 'Unarchive' }).click();
  await expect(row).toHaveCount(0);
  await filter.selectOption('active');
  await expect(row).toBeVisible();
  expect(await stateOf(name)).toBe('read');
});

test('inbox: compact rows; many selected, or all matching a search, marked read, unread, spam, archived or deleted', async ({
  page,
}) => {
  const marker = unique('Busyday');
  const names = Array.from({ length: 3 }, (_, index) => `${marker} Visitor ${index + 1}`);
  for (const name of names) await send(name, uniqueEmail('busy'));
  const states = async () => {
    const all = [...(await inbox()).messages, ...(await inbox('archived')).messages, ...(await inbox('spam')).messages];
    return names.map((name) => all.find((message) => message.name === name)?.state ?? 'gone');
  };

  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, '/connect');
  await page.getByRole('tab', { name: /Messages/ }).click();
  // Compact: a row is one line of text, however long the message.
  const rows = page.getByTestId('message-row');
  await expect(rows.first()).toBeVisible();
  const height = await rows.first().evaluate((row) => row.getBoundingClientRect().height);
  expect(height).toBeLessThan(48);

  const search = page.getByLabel('Search messages by name, e-mail or text');
  await search.fill(marker);
  await search.press('Enter');
  await expect(rows).toHaveCount(3);
  const bar = page.getByRole('toolbar', { name: 'Selected messages' });
  await expect(bar.getByRole('button', { name: 'Mark read' })).toBeDisabled();

  // Two selected, marked read, then one of them unread again.
  const selectBox = (name: string) => page.getByRole('checkbox', { name: `Select the message from ${name}` });
  await selectBox(names[0]!).check();
  await selectBox(names[1]!).check();
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Mark read' }).click();
  await expectToast(page, '2 messages marked as read');
  await expect.poll(states).toEqual(['read', 'read', 'new']);
  await expect(bar).toContainText('None selected');
  await selectBox(names[0]!).check();
  await bar.getByRole('button', { name: 'Mark unread' }).click();
  await expect.poll(states).toEqual(['new', 'read', 'new']);
  await expectNoSeriousA11yViolations(page);

  // The whole page, then every message matching the search (on any page), held as spam.
  await page.setViewportSize({ width: 1024, height: 768 });
  await bar.getByLabel('Select page').check();
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Spam' }).click();
  await expect.poll(states).toEqual(['spam', 'spam', 'spam']);
  await expect(rows).toHaveCount(0);

  // In Possible spam: all matching back to the inbox, then archived, then deleted after confirming.
  await page.getByLabel('Show').selectOption('spam');
  await expect(rows).toHaveCount(3);
  await bar.getByLabel('Select page').check();
  await bar.getByRole('button', { name: 'Move to inbox' }).click();
  await expect.poll(states).toEqual(['read', 'read', 'read']);
  await page.getByLabel('Show').selectOption('active');
  await expect(rows).toHaveCount(3);
  await bar.getByLabel('Select page').check();
  await bar.getByRole('button', { name: 'Archive' }).click();
  await expect.poll(states).toEqual(['archived', 'archived', 'archived']);
  await page.getByLabel('Show').selectOption('archived');
  await bar.getByLabel('Select page').check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Delete 3 messages? This cannot be undone.');
  await expect.poll(states).toEqual(['gone', 'gone', 'gone']);
  await expect(page.getByText('No messages match your search.')).toBeVisible();
});

test('inbox: "select all matching" reaches past the page', async ({ page }) => {
  const marker = unique('Manypages');
  // One more than a page of the inbox holds.
  const token = await superAdminToken();
  const pageSize = (await api('GET', '/admin/contact-messages', { token })).body.data.pagination.limit as number;
  for (let index = 0; index <= pageSize; index += 1) await send(`${marker} ${index}`, uniqueEmail('many'));

  await openAs(page, '/connect');
  await page.getByRole('tab', { name: /Messages/ }).click();
  const search = page.getByLabel('Search messages by name, e-mail or text');
  await search.fill(marker);
  await search.press('Enter');
  const bar = page.getByRole('toolbar', { name: 'Selected messages' });
  await expect(page.getByTestId('message-row')).toHaveCount(pageSize);
  await bar.getByLabel('Select page').check();
  await bar.getByRole('button', { name: `Select all ${pageSize + 1} matching` }).click();
  await expect(bar).toContainText(`All ${pageSize + 1} messages selected`);
  await bar.getByRole('button', { name: 'Archive' }).click();
  await expectToast(page, `${pageSize + 1} messages archived`);
  const archived = await api('GET', `/admin/contact-messages?state=archived&limit=100&q=${marker}`, { token });
  expect(archived.body.data.pagination.total).toBe(pageSize + 1);
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
  const cards = page.getByTestId('message-row');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);
  await expect(page).toHaveURL(/[?&]q=/);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await page.getByRole('tab', { name: /Messages/ }).click();
  await expect(page.getByLabel('Search messages by name, e-mail or text')).toHaveValue(`zoe MULLER ${marker}`);
  await expect(page.getByTestId('message-row')).toHaveCount(1);

  await page.getByLabel('Search messages by name, e-mail or text').fill(`${marker} nowhere`);
  await page.getByLabel('Search messages by name, e-mail or text').press('Enter');
  await expect(page.getByText('No messages match your search.')).toBeVisible();
});
