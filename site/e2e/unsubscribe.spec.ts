/**
 * Announcements' unsubscribe link (issue 22 item 2): a member opens the link of a received mail,
 * which changes nothing by itself (link scanners GET it), confirms with the button (a POST), and no
 * longer receives announcements; the account page's "Receive announcements" switch shows it off and
 * turns it back on. Axe in the light and the dark scheme.
 */
import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, superAdminToken, uniqueEmail, waitForMail } from '../../e2e/support.js';
import { open } from './helpers.js';

test.describe.configure({ timeout: 60_000 });

async function receivedLink(email: string): Promise<string> {
  const token = await superAdminToken();
  const subject = `Congress news ${Date.now()}`;
  const draft = await api('POST', '/admin/announcements', {
    token,
    body: { subject, body: 'The **programme** is out.', audience: 'members', activityId: null },
  });
  expect(draft.status).toBe(201);
  const sent = await api('PATCH', `/admin/announcements/${draft.body.data.id}/send`, {
    token,
    body: { scheduledAt: null },
  });
  expect(sent.status).toBe(200);
  const mail = await waitForMail(email, new RegExp(subject));
  const link = /https?:\/\/[^\s"]+\/unsubscribe\?token=[\w.%-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a member unsubscribes from a received mail's link (${colorScheme} scheme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const email = uniqueEmail('unsubscribe');
    const password = 'unsubscribe-secret-1';
    expect((await api('POST', '/auth/register', { body: { name: 'Grace Hopper', email, password } })).status).toBe(201);
    const path = await receivedLink(email);

    await open(page, path);
    await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Opening the page changed nothing.
    const login = await api('POST', '/auth/login', { body: { email, password } });
    const session = login.body.data.token as string;
    expect((await api('GET', '/account/preferences', { token: session })).body.data).toEqual({
      receiveAnnouncements: true,
    });

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You will no longer receive announcements by e-mail.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect((await api('GET', '/account/preferences', { token: session })).body.data).toEqual({
      receiveAnnouncements: false,
    });

    await open(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await open(page, '/account/data');
    const toggle = page.getByRole('switch', { name: 'Receive announcements' });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await toggle.check();
    await expect(page.getByText('You will receive announcements.')).toBeVisible();
    expect((await api('GET', '/account/preferences', { token: session })).body.data).toEqual({
      receiveAnnouncements: true,
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a bogus unsubscribe link says so, offers no button and logs no error (${colorScheme} scheme)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));

    for (const path of ['/unsubscribe', '/unsubscribe?token=not-a-token', '/unsubscribe?token=%3Cscript%3E']) {
      await open(page, path);
      await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
      await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page);

    // Shaped like ours but not signed by us: the server refuses it, and the button goes.
    await open(page, `/unsubscribe?token=1.${'A'.repeat(43)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    // The refused POST is the one error the browser reports (its 400 answer), nothing from React.
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  });
}
