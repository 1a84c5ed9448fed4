/**
 * Issue 25 item 2, the mail screen: an invitation the SMTP server refuses (550) shows as failed; the
 * super admin finds it under Mail, retries it once the server accepts again, and it is delivered;
 * axe finds nothing serious in either theme.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, refuseMailTo } from '../../e2e/support.js';
import { api, expectToast, openAs, superAdminToken, unique, uniqueEmail, waitForMail } from './console.js';

// A mail failed through the real worker, two axe checks and a delivery: past 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('a super admin sees a failed mail under Mail and retries it, and it is delivered', async ({ page }) => {
  const email = uniqueEmail('unreachable');
  const token = await superAdminToken();
  await refuseMailTo(email);
  try {
    const created = await api('POST', '/admin/users', {
      token,
      body: { name: unique('Unreachable Admin'), email, role: 'admin', permissions: {} },
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => {
        const listed = await api('GET', '/admin/mail?state=failed&kind=invitation', { token });
        return (listed.body.data.mails as { recipient: string }[]).some((mail) => mail.recipient === email);
      })
      .toBe(true);
  } finally {
    await refuseMailTo(email, false);
  }

  await openAs(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  await page.getByLabel('State', { exact: true }).selectOption('failed');
  await expect(page).toHaveURL(/state=failed/);
  const row = page.getByTestId('mail-row').filter({ hasText: email });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('Invitation');
  await expect(row).toContainText('Mailbox unavailable');

  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('admin-theme', value), theme);
    await page.reload();
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }

  await row.getByRole('button', { name: `Actions for the mail to ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Retry' }).click();
  await expectToast(page, 'Mail queued to be sent again');
  await waitForMail(email, /admin account/);
  // No longer failed: it left this filter, and shows as sent under Sent.
  await expect(row).toHaveCount(0);
  await page.getByLabel('State', { exact: true }).selectOption('sent');
  await expect(page.getByTestId('mail-row').filter({ hasText: email })).toContainText('Sent');
});

test('the mail list shows subjects, is searched by recipient, and a subject opens the mail with its link token hidden', async ({
  page,
}) => {
  const token = await superAdminToken();
  const email = uniqueEmail('mail-detail');
  // A refused invitation: failed, its text still kept (a sent mail's is blanked).
  await refuseMailTo(email);
  try {
    const created = await api('POST', '/admin/users', {
      token,
      body: { name: unique('Mail Detail Admin'), email, role: 'admin', permissions: {} },
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => {
        const listed = await api('GET', '/admin/mail?state=failed&kind=invitation', { token });
        return (listed.body.data.mails as { recipient: string }[]).some((mail) => mail.recipient === email);
      })
      .toBe(true);
  } finally {
    await refuseMailTo(email, false);
  }

  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
    await openAs(page, '/mail');
    const search = page.getByRole('searchbox', { name: 'Search by recipient' });
    // Part of the address, in another case.
    await search.fill(email.split('@')[0]!.toUpperCase());
    await search.press('Enter');
    await expect(page).toHaveURL(/q=/);
    const rows = page.getByTestId('mail-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(email);
    const subject = rows.first().getByRole('link', { name: `open the mail to ${email}`, exact: false });
    await expect(subject).toHaveText(/admin account/);

    await subject.click();
    await expect(page).toHaveURL(/mail=\d+/);
    const dialog = page.getByRole('dialog', { name: 'Mail details' });
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('Invitation');
    await expect(dialog).toContainText('Mailbox unavailable');
    const text = dialog.getByTestId('mail-text');
    await expect(text).toContainText('You have been invited');
    await expect(text).toContainText('token=(hidden)');
    await expect(page.locator('[class*="-enter-active"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/mail=\d+/);
  }
});
