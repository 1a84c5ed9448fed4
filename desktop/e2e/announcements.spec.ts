/**
 * Issue 22 item 2, the console's Announcements screen: compose a draft for an activity's registrants,
 * preview it (HTML in a sandboxed frame, and text), send a test to oneself (it arrives), send it to the
 * members with the progress reaching 100 % (sent = total), then the recipients list; axe finds nothing
 * serious in either theme. The activity's audience keeps the recipients known whatever else the
 * shared test database holds. Then a send to all active members: progress to 100 %, each member's
 * mail captured once, and its recipients paged with the console's pager. The list fills its width at
 * 1366 and 1024 px (issue 21 review).
 */
import { organisationName } from '@npo/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, refuseMailTo } from '../../e2e/support.js';
import {
  answerConfirm,
  api,
  createAdmin,
  E2E,
  expectToast,
  openAs,
  sessionFor,
  superAdminToken,
  tableMisfits,
  unique,
  uniqueEmail,
  waitForMail,
} from './console.js';

// A real send through the worker and four axe checks: past 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** An upcoming activity and `count` new members registered for it; their addresses. */
async function activityWithRegistrants(count: number): Promise<{ title: string; emails: string[] }> {
  const title = unique('Announcement Workshop');
  const created = await api('POST', '/admin/activities', {
    token: await superAdminToken(),
    body: {
      title,
      description: 'Registrants hear about changes by e-mail.',
      date: '2039-06-01T10:00:00.000Z',
      location: 'Lisbon',
      status: 'upcoming',
      tags: ['Workshop'],
      capacity: 10,
    },
  });
  expect(created.status).toBe(201);
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const credentials = { email: uniqueEmail('registrant'), password: 'member-secret-1' };
    expect(
      (await api('POST', '/auth/register', { body: { name: `Registrant ${index}`, ...credentials } })).status,
    ).toBe(201);
    const { token } = await sessionFor(credentials);
    expect((await api('POST', `/activities/${created.body.data.id}/register`, { token })).status).toBe(201);
    emails.push(credentials.email);
  }
  return { title, emails };
}

/** Axe in the light and the dark theme, switched in place as the theme toggle does (an open dialog stays). */
async function axeInBothThemes(page: Page, visible: () => Promise<void>): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => {
      document.documentElement.classList.toggle('bp6-dark', value === 'dark');
      document.documentElement.style.colorScheme = value;
    }, theme);
    await visible();
    await expectNoSeriousA11yViolations(page);
  }
}

test('compose, preview, test send, send to the members with progress to 100 %, recipients', async ({ page }) => {
  const { title, emails } = await activityWithRegistrants(3);
  const subject = unique('Venue change');

  await openAs(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Announcements' }).click();
  await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/announcements$/);

  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('The workshop moves to **Room 2**.\n\n<script>alert(1)</script>');
  await expect(form).toContainText(/\d+ \/ 50,000 characters/);
  await form.getByLabel('Audience').selectOption('activity');
  await form.getByLabel('Activity').selectOption({ label: title });

  await form.getByRole('button', { name: 'Preview' }).click();
  const frame = form.locator('iframe[title="HTML part of the mail"]');
  // Same-origin, so the console can apply the mail's styles; no allow-scripts, so nothing in it runs.
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(frame.contentFrame().locator('strong', { hasText: 'Room 2' })).toBeVisible();
  // Branded and in the mail's sans-serif font (its inline styles hold under the console's policy).
  const band = frame.contentFrame().getByText(organisationName, { exact: true }).first();
  await expect(band).toHaveCSS('background-color', 'rgb(31, 122, 92)');
  await expect(frame.contentFrame().locator('p').first()).toHaveCSS('font-family', /^Arial/);
  // The preview follows the text as typed, a single line break kept.
  await form
    .getByLabel('Message')
    .fill('The workshop moves to **Room 3**.\nBring your badge.\n\n<script>alert(1)</script>');
  await expect(frame.contentFrame().locator('strong', { hasText: 'Room 3' })).toBeVisible();
  await expect(frame.contentFrame().locator('p', { hasText: 'Room 3' }).locator('br')).toHaveCount(1);
  // Raw HTML is escaped by the server's renderer: shown as text, never a script element.
  await expect(frame.contentFrame().locator('script')).toHaveCount(0);
  await form.getByRole('tab', { name: 'Text' }).click();
  await expect(form.locator('pre.announcement-text')).toContainText('The workshop moves to **Room 3**.\nBring');
  await axeInBothThemes(page, () => expect(form.getByRole('tab', { name: 'HTML' })).toBeVisible());

  await form.getByRole('button', { name: 'Create draft' }).click();
  await expectToast(page, 'Announcement created');
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail).toContainText('Draft');
  await expect(detail).toContainText(`Registrants of an activity: ${title}`);

  await detail.getByRole('button', { name: 'Send test' }).click();
  await expectToast(page, 'Test mail sent to your address');
  const test = await waitForMail(E2E.superAdmin.email, new RegExp(`^\\[Test\\] ${subject}$`));
  expect(test.text).toContain('Room 3');

  // One registrant's mail server refuses (550): that mail fails, to be retried from the list.
  const [refused, ...accepted] = emails as [string, ...string[]];
  await refuseMailTo(refused);
  try {
    await detail.getByRole('button', { name: 'Send now' }).click();
    // The number the server counts for the audience: the activity's three registrants.
    await answerConfirm(
      page,
      'Send this announcement to 3 recipients now? It cannot be changed once sent.',
      'Send now',
    );
    await expectToast(page, 'Announcement is being sent');
    // Followed live: the worker sends them and the bar fills.
    await expect(detail.getByText('Finished: 100 % (2 of 3 sent)')).toBeVisible({ timeout: 30_000 });
    await expect(detail.getByTestId('count-failed')).toHaveText('1');
  } finally {
    await refuseMailTo(refused, false);
  }
  for (const email of accepted) await waitForMail(email, new RegExp(`^${subject}$`));

  const recipients = detail.getByRole('table', { name: 'Recipients' });
  await detail.getByLabel('State').selectOption('failed');
  await expect(recipients.getByTestId('recipient-row')).toHaveCount(1);
  await expect(recipients.getByTestId('recipient-row')).toContainText(refused);
  await axeInBothThemes(page, () => expect(recipients).toBeVisible());
  await recipients.getByRole('button', { name: `Retry the mail to ${refused}` }).click();
  await expectToast(page, 'Mail queued to be sent again');
  await expect(detail.getByLabel('State')).toBeFocused();
  await waitForMail(refused, new RegExp(`^${subject}$`));
  await expect(detail.getByText('Finished: 100 % (3 of 3 sent)')).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(detail.getByTestId('count-sent')).toHaveText('3');
  await expect(detail.getByTestId('count-queued')).toHaveText('0');
  await expect(detail.getByTestId('count-failed')).toHaveText('0');

  await expect(recipients.getByTestId('recipient-row')).toHaveCount(0);
  await expect(detail).toContainText('No recipient in this state.');
  await detail.getByLabel('State').selectOption('');
  for (const email of emails) {
    await expect(recipients.getByRole('row').filter({ hasText: email })).toContainText('Sent');
  }

  // Focus stayed in the dialog after the retried row left the filter: Escape closes it.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  const row = page.getByTestId('announcement-row').filter({ hasText: subject });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('3');
  await expect(row).toContainText(E2E.superAdmin.email);
  await axeInBothThemes(page, () => expect(row).toBeVisible());
});

test('sends to all active members: progress to 100 %, each member mailed once, recipients paged', async ({ page }) => {
  // More members than one page of recipients (50), whatever else the shared test database holds.
  const emails: string[] = [];
  for (let index = 0; index < 51; index += 1) {
    const email = uniqueEmail('everyone');
    const body = { name: `Everyone ${index}`, email, password: 'member-secret-1' };
    expect((await api('POST', '/auth/register', { body })).status).toBe(201);
    emails.push(email);
  }
  const subject = unique('News for everyone');

  await openAs(page, '/announcements');
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('The **annual meeting** is on 12 June.');
  await form.getByLabel('Audience').selectOption({ label: 'All active members' });
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expectToast(page, 'Announcement created');
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail).toContainText('All active members');

  await detail.getByRole('button', { name: 'Send now' }).click();
  // The question names the recipients the send then mails, every one of them.
  const question = page.getByRole('alertdialog').getByText(/^Send this announcement to [\d,]+ recipients now\?/);
  const asked = Number(/to ([\d,]+) recipients/.exec((await question.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(asked).toBeGreaterThanOrEqual(emails.length);
  await answerConfirm(page, 'It cannot be changed once sent.', 'Send now');
  await expectToast(page, 'Announcement is being sent');
  const finished = detail.getByText(/^Finished: 100 % \((\d+) of \1 sent\)$/);
  await expect(finished).toBeVisible({ timeout: 60_000 });
  await expect(detail.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(detail.getByTestId('count-queued')).toHaveText('0');
  await expect(detail.getByTestId('count-failed')).toHaveText('0');
  const total = Number(/\((\d+) of/.exec((await finished.textContent()) ?? '')?.[1]);
  expect(total).toBe(asked);

  // Every recipient's mail reached the capture (an SMTP sink), each new member's exactly once.
  const captured = (await (await fetch(E2E.mailUrl)).json()) as { to: string[]; subject: string }[];
  const ours = captured.filter((mail) => mail.subject === subject);
  expect(ours).toHaveLength(total);
  for (const email of emails) {
    const mails = ours.filter((mail) => mail.to.includes(email));
    expect(mails, email).toHaveLength(1);
  }

  // The recipients, 50 a page, with the console's pager.
  const recipients = detail.getByRole('table', { name: 'Recipients' });
  const pager = detail.getByRole('navigation', { name: 'Recipient pages' });
  const pages = Math.ceil(total / 50);
  await expect(pager).toContainText(`${total} recipients · page 1 of ${pages}`);
  await expect(recipients.getByTestId('recipient-row')).toHaveCount(50);
  const firstOfPage1 = await recipients.getByTestId('recipient-row').first().locator('td').first().textContent();
  await pager.getByRole('button', { name: 'Last page' }).click();
  await expect(pager).toContainText(`page ${pages} of ${pages}`);
  await expect(recipients.getByTestId('recipient-row')).toHaveCount(total - (pages - 1) * 50);
  await expect(recipients.getByTestId('recipient-row').first()).not.toContainText(firstOfPage1!);
  await axeInBothThemes(page, () => expect(pager).toBeVisible());
  // A state filter starts again from its first page.
  await detail.getByLabel('State').selectOption('sent');
  await expect(pager).toContainText(`${total} recipients · page 1 of ${pages}`);
});

test('a draft is scheduled, its schedule cancelled, then deleted', async ({ page }) => {
  const subject = unique('Scheduled news');
  const created = await api('POST', '/admin/announcements', {
    token: await superAdminToken(),
    body: { subject, body: 'Later.', audience: 'staff' },
  });
  expect(created.status).toBe(201);

  await openAs(page, '/announcements');
  await page
    .getByTestId('announcement-row')
    .filter({ hasText: subject })
    .getByRole('button', { name: subject })
    .click();
  const detail = page.getByRole('dialog', { name: subject });
  await detail.getByRole('button', { name: 'Schedule…' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule announcement' });
  await expect(schedule).toContainText('The announcement is sent at this time, in your time zone');
  await schedule.getByLabel('Date').fill('2039-07-01');
  await schedule.getByLabel('Time').fill('09:30');
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Announcement scheduled');
  await expect(schedule).toBeHidden();
  await expect(detail).toContainText('Scheduled for');
  const row = page.getByTestId('announcement-row').filter({ hasText: subject });
  await expect(row).toContainText('Scheduled');
  const stored = await api('GET', `/admin/announcements/${created.body.data.id}`, { token: await superAdminToken() });
  expect(stored.body.data.state).toBe('scheduled');
  // The staff member's zone: the local 09:30 of that day, stored in UTC.
  expect(new Date(stored.body.data.scheduledAt).getTime()).toBe(new Date(2039, 6, 1, 9, 30).getTime());

  await detail.getByRole('button', { name: 'Cancel schedule' }).click();
  await expectToast(page, 'Schedule cancelled: the announcement is a draft again');
  await expect(row).toContainText('Draft');

  await detail.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this announcement? It has not been sent.');
  await expectToast(page, 'Announcement deleted');
  await expect(row).toHaveCount(0);
});

test('with members view only: the list and a draft are shown, nothing to compose, send or delete', async ({ page }) => {
  const subject = unique('Read-only news');
  const created = await api('POST', '/admin/announcements', {
    token: await superAdminToken(),
    body: { subject, body: 'For your eyes.', audience: 'staff' },
  });
  expect(created.status).toBe(201);
  const viewer = await createAdmin({ members: { view: true } });

  await openAs(page, '/announcements', viewer);
  await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New announcement' })).toHaveCount(0);
  await page
    .getByTestId('announcement-row')
    .filter({ hasText: subject })
    .getByRole('button', { name: subject })
    .click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail).toContainText('Staff only');
  await expect(detail.getByRole('button', { name: 'Preview' })).toBeVisible();
  for (const name of ['Edit', 'Send test', 'Send now', 'Schedule…', 'Delete']) {
    await expect(detail.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
});

test('the list fills its width at 1366 and 1024 px, opened first, with nothing cut or broken', async ({ page }) => {
  // A short subject and no sender: the content alone would leave the table narrower than its box.
  const created = await api('POST', '/admin/announcements', {
    token: await superAdminToken(),
    body: { subject: unique('Short'), body: 'Text.', audience: 'staff' },
  });
  expect(created.status).toBe(201);
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    // Straight to the screen: no other screen's stylesheet is loaded yet.
    await openAs(page, '/announcements');
    await expect(page.getByTestId('announcement-row').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await tableMisfits(page, 'Announcements', ['Sent or scheduled', 'Sender']), `${width} px`).toEqual([]);
  }
});
