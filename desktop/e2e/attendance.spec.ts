/**
 * Taking attendance in the console (issue 58): in an activity's attendee dialog staff tick who came,
 * untick, mark everyone, check one in by the code shown to them, and add a walk-in; an unknown code,
 * a walk-in's bad name or e-mail and an address already registered are refused with the server's
 * field message under the field (invalid, described by it, focused) and change nothing; the counts
 * follow every change without a reload; Export CSV is disabled while the list is empty. A waitlist
 * longer than a page is paged through from the keyboard. Checked through the API; axe finds nothing
 * serious, with the messages shown, at 1024 px in both themes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, openAs, sessionFor, superAdminToken, unique, uniqueEmail } from './console.js';

/** A new member signed in through the public API. */
async function member(name: string): Promise<{ token: string; email: string }> {
  const credentials = { email: uniqueEmail('attends'), password: 'secret-123' };
  expect((await api('POST', '/auth/register', { body: { name, ...credentials } })).status).toBe(201);
  const { token } = await sessionFor(credentials);
  return { token, email: credentials.email };
}

/** A new member registered for the activity through the public API. */
async function registrant(activityId: number, name: string): Promise<{ token: string; email: string }> {
  const person = await member(name);
  expect((await api('POST', `/activities/${activityId}/register`, { token: person.token })).status).toBe(201);
  return person;
}

/** The field's input shows the server's message: invalid, described by the message under it. */
async function expectFieldMessage(dialog: Locator, label: string, message: string): Promise<void> {
  const input = dialog.getByLabel(label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
  const described = await input.getAttribute('aria-describedby');
  await expect(dialog.locator(`[id="${described}"]`)).toHaveText(message);
}

async function createActivity(token: string, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await api('POST', '/admin/activities', {
    token,
    body: {
      title,
      description: 'A workshop that gives CPD hours.',
      date: '2039-06-01T10:00:00.000Z',
      location: 'Pune',
      status: 'upcoming',
      tags: ['Workshop'],
      cpdHours: 1.5,
      ...extra,
    },
  });
  expect(created.status).toBe(201);
  return created.body.data.id as number;
}

const counts = async (id: number) => {
  const { participants, attended } = (await api('GET', `/activities/${id}`)).body.data;
  return { participants, attended };
};

test('attendance: tick, untick, check in by code, walk-in, mark all; CSV disabled when empty', async ({ page }) => {
  const token = await superAdminToken();
  const title = unique('CPD Workshop');
  const id = await createActivity(token, title);

  await openAs(page, '/activities');
  const card = page.getByTestId('activity-card').filter({ hasText: title });
  await expect(card).toContainText('1.5 h CPD');
  await card.getByRole('button', { name: 'Attendees' }).click();
  const dialog = page.getByRole('dialog', { name: `Attendees: ${title}` });
  await expect(dialog.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Mark all attended' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const ann = await registrant(id, 'Ann Present');
  await registrant(id, 'Bob Later');
  await page.reload();
  await card.getByRole('button', { name: 'Attendees' }).click();
  await expect(dialog).toContainText('2 registered · 0 attended');
  await expect(dialog.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  // One by one, and back.
  await dialog.getByRole('checkbox', { name: 'Ann Present attended' }).click();
  await expectToast(page, 'Ann Present marked attended');
  await expect(dialog.getByRole('checkbox', { name: 'Ann Present attended' })).toBeChecked();
  await expect(dialog).toContainText('2 registered · 1 attended');
  expect(await counts(id)).toEqual({ participants: 2, attended: 1 });
  await dialog.getByRole('checkbox', { name: 'Ann Present attended' }).click();
  await expectToast(page, 'Ann Present marked not attended');
  await expect(dialog.getByRole('checkbox', { name: 'Ann Present attended' })).not.toBeChecked();
  // The counts follow without a reload.
  await expect(dialog).toContainText('2 registered · 0 attended');
  expect(await counts(id)).toEqual({ participants: 2, attended: 0 });

  // An unknown code, sent with Enter: the server's message under the field, which keeps the focus.
  const code = (await api('GET', '/account/activities', { token: ann.token })).body.data.upcoming[0]
    .checkInCode as string;
  const codeField = dialog.getByLabel('Check-in code');
  await codeField.fill(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
  await codeField.press('Enter');
  await expectFieldMessage(dialog, 'Check-in code', 'No registration for this activity has this check-in code');
  await expect(codeField).toBeFocused();
  await expectToast(page, 'No registration for this activity has this check-in code');
  await expectNoSeriousA11yViolations(page);
  expect(await counts(id)).toEqual({ participants: 2, attended: 0 });
  // Editing the field takes the message away; the right code checks Ann in.
  await codeField.fill(code.toLowerCase());
  await expect(codeField).not.toHaveAttribute('aria-invalid');
  await expect(dialog.getByText('No registration for this activity has this check-in code')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expectToast(page, 'Ann Present is checked in');
  await expect(dialog.getByRole('checkbox', { name: 'Ann Present attended' })).toBeChecked();
  await expect(dialog).toContainText('2 registered · 1 attended');
  await expect(codeField).toHaveValue('');

  // A walk-in with a name too short and a bad address: both messages, the first field focused.
  const nameField = dialog.getByLabel('Walk-in name');
  const emailField = dialog.getByLabel('Walk-in e-mail');
  await nameField.fill('W');
  await emailField.fill('not-an-address');
  await emailField.press('Enter');
  await expectFieldMessage(dialog, 'Walk-in name', 'Name must be at least 2 characters');
  await expectFieldMessage(dialog, 'Walk-in e-mail', 'Enter a valid email');
  await expect(nameField).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Ann's address is registered already: the message goes under the e-mail, which takes the focus.
  await nameField.fill('Wendy Walkin');
  await expect(nameField).not.toHaveAttribute('aria-invalid');
  await expectFieldMessage(dialog, 'Walk-in e-mail', 'Enter a valid email');
  await emailField.fill(ann.email);
  await dialog.getByRole('button', { name: 'Add walk-in' }).click();
  await expectFieldMessage(dialog, 'Walk-in e-mail', 'This address is already registered for this activity');
  await expect(emailField).toBeFocused();
  expect(await counts(id)).toEqual({ participants: 2, attended: 1 });

  // A walk-in: registered and attended at once.
  await emailField.fill(uniqueEmail('walkin'));
  await dialog.getByRole('button', { name: 'Add walk-in' }).click();
  await expectToast(page, 'Wendy Walkin is registered and marked attended');
  await expect(dialog.getByRole('checkbox', { name: 'Wendy Walkin attended' })).toBeChecked();
  await expect(emailField).not.toHaveAttribute('aria-invalid');
  await expect(nameField).toHaveValue('');
  await expect(dialog).toContainText('3 registered · 2 attended');
  expect(await counts(id)).toEqual({ participants: 3, attended: 2 });

  await dialog.getByRole('button', { name: 'Mark all attended' }).click();
  await expectToast(page, 'Everyone registered is marked attended');
  await expect(dialog).toContainText('3 registered · 3 attended');
  await expect(dialog.getByRole('button', { name: 'Mark all attended' })).toBeDisabled();
  expect(await counts(id)).toEqual({ participants: 3, attended: 3 });
});

const WAITING = 53;

/** On how many lines an element's text is laid out. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });

/** The attendee dialog of the activity, at 1024 px in the theme, opened from its card. */
async function openAttendees(page: Page, title: string, theme: string): Promise<Locator> {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.addInitScript((value) => localStorage.setItem('admin-theme', value), theme);
  await openAs(page, '/activities');
  await page.getByTestId('activity-card').filter({ hasText: title }).getByRole('button', { name: 'Attendees' }).click();
  return page.getByRole('dialog', { name: `Attendees: ${title}` });
}

test('a long waitlist: staff page through all of the line with the keyboard; 1024 px in both themes', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const title = unique('Full Workshop');
  const id = await createActivity(await superAdminToken(), title, { capacity: 1 });
  await registrant(id, 'Only Place');
  // One at a time (each costs the server password hashes, which it does a few at once), in order,
  // so that each one's place is known: Waiting 1 is first.
  for (let number = 1; number <= WAITING; number += 1) {
    const person = await member(`Waiting ${number}`);
    expect((await api('POST', `/activities/${id}/waitlist`, { token: person.token })).status).toBe(201);
  }

  for (const theme of ['light', 'dark']) {
    const dialog = await openAttendees(page, title, theme);
    const waitlist = dialog.getByRole('table', { name: 'Waitlist' });
    const pager = dialog.getByRole('navigation', { name: 'Waitlist pages' });
    await expect(dialog).toContainText(`1 registered of 1 places · 0 attended · ${WAITING} on the waitlist`);
    await expect(dialog.getByRole('heading', { name: `Waitlist (${WAITING})` })).toBeVisible();
    await expect(pager).toContainText(`${WAITING} people in line · page 1 of 2`);
    await expect(waitlist.locator('tbody tr')).toHaveCount(50);
    await expect(waitlist.locator('tbody tr').first()).toContainText('Waiting 1');
    // The attendees' pager is its own: one page, no buttons.
    await expect(
      dialog.getByRole('navigation', { name: 'Attendee pages' }).getByRole('button', { name: 'Next page' }),
    ).toHaveCount(0);

    await pager.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await expect(pager).toContainText('page 2 of 2');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const rows = waitlist.locator('tbody tr');
    await expect(rows).toHaveCount(WAITING - 50);
    await expect(rows.first().locator('td').first()).toHaveText('51');
    await expect(rows.first()).toContainText('Waiting 51');
    await expect(rows.last()).toContainText(`Waiting ${WAITING}`);
    await expect(dialog.getByRole('table', { name: 'Attendees' })).toContainText('Only Place');
    // At 1024 px the row's button keeps its word whole (an address may break anywhere).
    expect(await linesOf(dialog.getByRole('button', { name: 'Remove Only Place' }).locator('.bp6-button-text'))).toBe(
      1,
    );

    // A code's message under its field, as staff see it at 1024 px.
    const codeField = dialog.getByLabel('Check-in code');
    await codeField.fill('AAAAAA');
    await codeField.press('Enter');
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(1024);
    await dialog.screenshot({ path: test.info().outputPath(`attendees-1024-${theme}.png`) });

    await pager.getByRole('button', { name: 'First page' }).click();
    await expect(rows).toHaveCount(50);
  }
});
