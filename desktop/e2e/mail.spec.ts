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

  await row.getByRole('button', { name: `Retry the mail to ${email}` }).click();
  await expectToast(page, 'Mail queued to be sent again');
  await waitForMail(email, /admin account/);
  // No longer failed: it left this filter, and shows as sent under Sent.
  await expect(row).toHaveCount(0);
  await page.getByLabel('State', { exact: true }).selectOption('sent');
  await expect(page.getByTestId('mail-row').filter({ hasText: email })).toContainText('Sent');
});
