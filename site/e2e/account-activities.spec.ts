/**
 * The member's activities on the site (issue 58): from the account menu, /account/activities lists the
 * upcoming registration with its check-in code (cancelled from there) and the attended past one with
 * its CPD hours; the certificate downloads as a PDF, and its code's public page confirms it; the CPD
 * record exports as CSV. axe finds nothing serious on either page.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api, E2E, expectNoSeriousA11yViolations, superAdminToken, uniqueEmail } from '../../e2e/support.js';
import { hydrated, open } from './helpers.js';

test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'activities-secret-1';

async function signedInMember(page: Page, name: string): Promise<{ token: string; id: number }> {
  const email = uniqueEmail('activities');
  await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const login = (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data;
  return { token: login.token, id: login.user.id };
}

async function activity(token: string, title: string, date: string, cpdHours: number | null): Promise<number> {
  const body = { title, description: 'An activity for the CPD record.', date, location: 'Online', tags: ['CPD'] };
  const created = await api('POST', '/admin/activities', { token, body: { ...body, cpdHours } });
  expect(created.status).toBe(201);
  return created.body.data.id as number;
}

/** Staff set the activity past (an edit with If-Match, which support's api() does not send). */
async function markPast(token: string, id: number): Promise<void> {
  const current = (await api('GET', `/activities/${id}`)).body.data;
  const { title, description, date, location, tags, capacity, cpdHours, revision } = current;
  const response = await fetch(`${E2E.baseUrl}/api/admin/activities/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': `"${revision}"` },
    body: JSON.stringify({ title, description, date, location, tags, capacity, cpdHours, status: 'past' }),
  });
  expect(response.status).toBe(200);
}

test('a member sees their activities, downloads a certificate, checks it, exports CPD and cancels', async ({
  page,
}) => {
  const admin = await superAdminToken();
  const member = await signedInMember(page, 'Meera Iyer');
  const stamp = Date.now();
  const coming = await activity(admin, `Spring clinic ${stamp}`, '2039-03-10T09:00:00Z', 2);
  const done = await activity(admin, `Renal diets webinar ${stamp}`, '2026-11-20T10:00:00Z', 1.5);
  for (const id of [coming, done]) {
    expect((await api('POST', `/activities/${id}/register`, { token: member.token })).status).toBe(201);
  }
  await api('POST', `/admin/activities/${done}/attendance`, {
    token: admin,
    body: { userIds: [member.id], attended: true },
  });
  await markPast(admin, done);

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('link', { name: 'Your activities' }).click();
  await expect(page).toHaveURL(/\/account\/activities$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Your activities', level: 1 })).toBeVisible();
  const upcoming = page.getByRole('list', { name: 'Upcoming registrations' });
  await expect(upcoming).toContainText(`Spring clinic ${stamp}`);
  await expect(upcoming).toContainText(/Check-in code: [A-HJ-NP-Z2-9]{6}/);
  const pastList = page.getByRole('list', { name: 'Past registrations' });
  await expect(pastList).toContainText('Attended');
  await expect(page.getByRole('heading', { name: '2026: 1.5 h' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download my certificate for Renal diets webinar ${stamp}` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`cpd-certificate-${done}.pdf`);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(pastList).toContainText(/Verification code [A-Z2-7]{4}-/);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CPD record (CSV)' }).click(),
  ]);
  const rows = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(rows[0]).toBe('Year,Date,Activity,Hours,Certificate');
  expect(rows[1]).toMatch(new RegExp(`^2026,20 November 2026,Renal diets webinar ${stamp},1.5,[A-Z2-7]{16}$`));

  await page.getByRole('button', { name: `Cancel my registration for Spring clinic ${stamp}` }).click();
  await expect(page.getByText('Your registration is cancelled.')).toBeVisible();
  await expect(page.getByText('You are not registered for any upcoming activity.')).toBeVisible();
  expect((await api('GET', `/activities/${coming}/registration`, { token: member.token })).body.data.registered).toBe(
    false,
  );

  await pastList.getByRole('link', { name: 'check it' }).click();
  await expect(page).toHaveURL(/\/certificates\/[A-Z2-7]{16}$/);
  await hydrated(page);
  await expect(page.getByText('This is a genuine certificate of continuing professional development.')).toBeVisible();
  const facts = page.locator('#main dl');
  await expect(facts).toContainText('Meera Iyer');
  await expect(facts).toContainText('20 November 2026');
  await expect(facts).toContainText('1.5 h');
  await expectNoSeriousA11yViolations(page);

  await open(page, '/certificates/AAAAAAAAAAAAAAAA');
  await expect(page.getByText('No certificate has this code.')).toBeVisible();
});

test('a member checked in before the activity ends sees "Attended", its hours, and no cancel', async ({ page }) => {
  const admin = await superAdminToken();
  const member = await signedInMember(page, 'Ravi Early');
  const title = `Long congress ${Date.now()}`;
  const congress = await activity(admin, title, '2039-05-04T08:00:00Z', 3);
  expect((await api('POST', `/activities/${congress}/register`, { token: member.token })).status).toBe(201);
  const marked = await api('POST', `/admin/activities/${congress}/attendance`, {
    token: admin,
    body: { userIds: [member.id], attended: true },
  });
  expect(marked.status).toBe(200);

  await open(page, '/account/activities');
  await hydrated(page);
  const upcoming = page.getByRole('list', { name: 'Upcoming registrations' });
  const entry = upcoming.getByRole('listitem').filter({ hasText: title });
  await expect(entry).toContainText('Attended');
  await expect(entry.getByRole('button', { name: /Cancel my registration/ })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: `Download my certificate for ${title}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2039: 3 h' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The server refuses the cancel as well, and nothing changes.
  const refused = await api('DELETE', `/activities/${congress}/register`, { token: member.token });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(/You have attended this activity/);
  expect((await api('GET', `/activities/${congress}/registration`, { token: member.token })).body.data.registered).toBe(
    true,
  );
});
