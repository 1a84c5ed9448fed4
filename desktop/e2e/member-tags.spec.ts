/**
 * Tags and segments in the console (issue 57): staff tag a member in their detail (one of the list,
 * or a new tag created there), take a tag off, filter the members list by tag, and choose a segment
 * for an announcement, reading the recipients it reaches before saving; axe finds nothing serious.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../e2e/support.js';
import { api, expectToast, openAs, superAdminToken, unique, uniqueEmail } from './console.js';

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'member-secret-1';

/** A member who signed up and saved a profile in `country`; answers their id. */
async function member(name: string, country: string, adminToken: string): Promise<number> {
  const email = uniqueEmail('tagged');
  expect((await api('POST', '/auth/register', { body: { name, email, password: PASSWORD } })).status).toBe(201);
  const token = (await api('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.data.token;
  const body = {
    title: '',
    country,
    city: '',
    languages: [],
    specialtyIds: [],
    practiceSetting: '',
    registrationBody: '',
    registrationNumber: '',
    bio: '',
    website: '',
  };
  expect((await api('PUT', '/account/profile', { token, body })).status).toBe(200);
  const listed = await api('GET', `/admin/members?q=${encodeURIComponent(name)}`, { token: adminToken });
  return listed.body.data.members[0].id as number;
}

test('tag a member in the detail, filter by the tag, and see a segment’s recipients before sending', async ({
  page,
}) => {
  const adminToken = await superAdminToken();
  const prefix = unique('Tagged');
  const tagName = unique('Mentors');
  const tag = await api('POST', '/admin/tags', { token: adminToken, body: { name: tagName } });
  expect(tag.status).toBe(201);
  const first = `${prefix} Achieng`;
  const second = `${prefix} Baraka`;
  await member(first, 'KE', adminToken);
  const secondId = await member(second, 'UG', adminToken);
  // Untagged: the tag filter leaves them out.
  await member(`${prefix} Chebet`, 'TZ', adminToken);
  expect(
    (await api('PATCH', `/admin/members/${secondId}/tags`, { token: adminToken, body: { add: [tag.body.data.id] } }))
      .status,
  ).toBe(200);

  await openAs(page, `/members?q=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Members' });
  await table.getByRole('link', { name: first, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: first });
  await expect(dialog.getByRole('heading', { name: 'Tags' })).toBeVisible();
  await expect(dialog).toContainText('No tags.');
  await dialog.getByLabel('Add a tag').selectOption({ label: tagName });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Tags saved');
  const chips = dialog.getByRole('list', { name: 'Tags of the member' });
  await expect(chips).toContainText(tagName);

  const extra = unique('Speakers');
  await dialog.getByLabel('New tag').fill(extra);
  await dialog.getByRole('button', { name: 'Create and add' }).click();
  await expect(chips).toContainText(extra);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: `Remove the tag ${extra}` }).click();
  await expect(chips).not.toContainText(extra);
  await expect(chips).toContainText(tagName);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('combobox', { name: 'Tag' }).selectOption({ label: `${tagName} (2)` });
  await expect(page).toHaveURL(new RegExp(`[?&]tagId=${tag.body.data.id}`));
  await expect(table.getByRole('row')).toHaveCount(3);

  await openAs(page, '/announcements');
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  const subject = unique('Mentors meeting');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Dear mentors, we meet on Friday.');
  await expect(form.getByLabel('Audience')).toHaveValue('members');
  await form.getByLabel('Tag').selectOption({ label: tagName });
  const reach = form.getByTestId('announcement-reach');
  await expect(reach).toHaveText('Reaches 2 recipients now.');
  await form.getByLabel('Country').selectOption({ label: 'Kenya' });
  await expect(reach).toHaveText('Reaches 1 recipient now.');
  // Neither member has a renewal date: both are active (open-ended), none lapsed.
  await form.getByLabel('Membership').selectOption({ label: 'Lapsed' });
  await expect(reach).toHaveText('Reaches 0 recipients now.');
  await form.getByLabel('Membership').selectOption({ label: 'Active' });
  await expect(reach).toHaveText('Reaches 1 recipient now.');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expectToast(page, 'Announcement created');
  await expect(page.getByRole('dialog', { name: subject })).toContainText(
    `All active members, segment: tag ${tagName}, Kenya, membership active`,
  );
  const drafts = (await api('GET', '/admin/announcements', { token: adminToken })).body.data.announcements;
  expect(drafts[0].segment).toEqual({ tagId: tag.body.data.id, country: 'KE', membership: 'active' });
});
