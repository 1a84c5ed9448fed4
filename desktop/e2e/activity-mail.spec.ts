/**
 * The attendees screen's waitlist and its mail to attendees (issue 58): the card counts the
 * waitlisted, the dialog lists the line, and staff e-mail everyone registered after reading how many
 * will receive it; the mail arrives through the queue. Axe stays clean with the dialog open.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, openAs, sessionFor, superAdminToken, unique, uniqueEmail, waitForMail } from './console.js';

async function person(name: string) {
  const credentials = { email: uniqueEmail('activity-mail'), password: 'secret-123' };
  await api('POST', '/auth/register', { body: { name, ...credentials } });
  const { token } = await sessionFor(credentials);
  return { email: credentials.email, token };
}

test('attendees: the waitlist, and an e-mail to everyone registered with its count first', async ({ page }) => {
  const title = unique('Mail Workshop');
  const created = await api('POST', '/admin/activities', {
    token: await superAdminToken(),
    body: {
      title,
      description: 'A workshop whose attendees get a message.',
      date: '2039-06-01T10:00:00.000Z',
      location: 'Kochi',
      status: 'upcoming',
      tags: ['Workshop'],
      capacity: 1,
    },
  });
  const id = created.body.data.id as number;
  const attendee = await person('Ann Attendee');
  expect((await api('POST', `/activities/${id}/register`, { token: attendee.token })).status).toBe(201);
  const waiting = await person('Wes Waiting');
  expect((await api('POST', `/activities/${id}/waitlist`, { token: waiting.token })).status).toBe(201);

  await openAs(page, '/activities');
  const card = page.getByTestId('activity-card').filter({ hasText: title });
  await expect(card).toContainText('1 / 1 registered, 1 waitlisted');
  await card.getByRole('button', { name: 'Attendees' }).click();
  const attendees = page.getByRole('dialog', { name: `Attendees: ${title}` });
  await expect(attendees).toContainText('1 registered of 1 places · 0 attended · 1 on the waitlist');
  const line = attendees.getByRole('table', { name: 'Waitlist' });
  await expect(line.locator('tbody tr')).toHaveCount(1);
  await expect(line).toContainText('Wes Waiting');
  await expect(line).toContainText('Waiting');

  await attendees.getByRole('button', { name: 'E-mail attendees' }).click();
  const mail = page.getByRole('dialog', { name: `E-mail attendees: ${title}` });
  await expect(mail.getByRole('status')).toHaveText(/This mail goes to 1 person/);
  await expect(mail.getByLabel('To')).toHaveValue('registered');
  // Nothing written: the server's field messages show beside the fields.
  await mail.getByRole('button', { name: 'Send to 1 person' }).click();
  await expect(mail.getByText('Subject is required')).toBeVisible();
  await mail.getByLabel('Subject').fill('Bring your notes');
  await mail.getByLabel('Message').fill('Please bring your case notes on Monday.');
  await expectNoSeriousA11yViolations(page);
  await mail.getByRole('button', { name: 'Send to 1 person' }).click();
  await expectToast(page, 'Mail queued for 1 person');
  await expect(mail).toBeHidden();

  const received = await waitForMail(attendee.email, /Bring your notes/);
  expect(received.text).toContain('Please bring your case notes on Monday.');
  expect(received.text).toContain(title);
});
