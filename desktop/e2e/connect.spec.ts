/** Connect: contact info versions (two-card form) and the contact messages inbox, via the API. */
import { expect, test } from '@playwright/test';
import { answerConfirm, api, expectToast, openAs, superAdminToken, unique, uniqueEmail } from './console.js';

interface ContactVersion {
  id: number;
  version: number;
  isActive: boolean;
  email: string;
  phone: string;
  instagram: string;
  socialLinks: Record<string, string>;
}

const ACTIVATE_CONFIRM = 'Are you sure you want to activate this version? This will make it the public version.';

async function contactVersions(): Promise<ContactVersion[]> {
  const list = await api('GET', '/admin/contact-info?limit=100', { token: await superAdminToken() });
  return list.body.data.contactInfoVersions;
}

test('contact info: create a version, edit, activate, delete', async ({ page }) => {
  const previouslyActive = (await contactVersions()).find((version) => version.isActive)!;
  await openAs(page, '/connect');
  await expect(page.getByRole('heading', { name: 'Connect Us', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Contact Information Version' });
  // New Version starts from the live version; this test starts blank.
  await expect(dialog.getByLabel('Email')).toHaveValue(previouslyActive.email);
  await dialog.getByRole('button', { name: 'Start blank' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByRole('heading', { name: 'Contact details' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Social links' })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(dialog.getByLabel('Facebook URL')).toHaveAttribute('type', 'url');

  const email = uniqueEmail('contact');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Facebook URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await expect(dialog.getByText('Phone must be at least 10 characters')).toBeVisible();
  await expect(dialog.getByText('Must be a valid URL (https://...) or empty')).toBeVisible();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
  await dialog.getByLabel('Instagram handle').fill('@gnn_test');
  await dialog.getByLabel('Facebook URL').fill('https://facebook.com/gnn');
  await dialog.getByLabel('LinkedIn URL').fill('https://linkedin.com/company/gnn');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Contact info version created');

  const created = (await contactVersions()).find((version) => version.email === email)!;
  expect(created).toMatchObject({
    isActive: false,
    phone: '+44 20 7946 0000',
    instagram: '@gnn_test',
    socialLinks: {
      instagram: '',
      facebook: 'https://facebook.com/gnn',
      twitter: '',
      linkedin: 'https://linkedin.com/company/gnn',
    },
  });
  const card = page.getByTestId('version-card').filter({ hasText: email });
  await expect(card).toContainText('https://facebook.com/gnn');

  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: `Edit Version ${created.version}` });
  await expect(editor.getByLabel('Email')).toHaveValue(email);
  await editor.getByLabel('Twitter URL').fill('https://twitter.com/gnn');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  expect((await contactVersions()).find((version) => version.id === created.id)?.socialLinks.twitter).toBe(
    'https://twitter.com/gnn',
  );

  await card.getByRole('button', { name: 'Activate' }).click();
  await answerConfirm(page, ACTIVATE_CONFIRM, 'Activate');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  const afterActivation = await contactVersions();
  expect(afterActivation.find((version) => version.id === created.id)?.isActive).toBe(true);
  expect(afterActivation.find((version) => version.id === previouslyActive.id)?.isActive).toBe(false);
  // The public contact info is the active version.
  expect((await api('GET', '/contact-info')).body.data.email).toBe(email);

  const previousCard = page.locator(`[data-testid="version-card"][data-version="${previouslyActive.version}"]`);
  await previousCard.getByRole('button', { name: 'Activate' }).click();
  await answerConfirm(page, ACTIVATE_CONFIRM, 'Activate');
  await expect(card.getByRole('button', { name: 'Activate' })).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this version?');
  await expect(card).toHaveCount(0);
  expect((await contactVersions()).some((version) => version.id === created.id)).toBe(false);
});

test('contact messages: unread count, mark as read, delete', async ({ page }) => {
  const name = unique('Visitor');
  const sent = await api('POST', '/contact-messages', {
    body: {
      name,
      email: uniqueEmail('visitor'),
      phone: '+441234567890',
      message: 'Hello, I would like to join the network.',
    },
  });
  expect(sent.status).toBe(201);
  const unreadBefore = (await api('GET', '/admin/contact-messages', { token: await superAdminToken() })).body.data
    .unread;

  await openAs(page, '/connect');
  const messagesTab = page.getByRole('tab', { name: /Messages/ });
  await expect(messagesTab).toContainText(String(unreadBefore));
  await messagesTab.click();
  await expect(page.getByText(`${unreadBefore} unread`, { exact: true })).toBeVisible();
  const card = page.getByTestId('message-row').filter({ hasText: name });
  await expect(card).toContainText('Hello, I would like to join the network.');
  await expect(card.getByText('Unread', { exact: true })).toBeVisible();

  // Opening the message reads it; its actions are under it.
  await card.getByRole('button', { name }).click();
  await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(page.getByText(`${unreadBefore - 1} unread`, { exact: true })).toBeVisible();
  const list = await api('GET', '/admin/contact-messages?limit=100', { token: await superAdminToken() });
  expect(list.body.data.messages.find((message: { name: string }) => message.name === name).isRead).toBe(true);

  const detail = page.getByTestId('message-detail');
  await detail.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'Are you sure you want to delete this message?');
  await expect(card).toHaveCount(0);
  const after = await api('GET', '/admin/contact-messages?limit=100', { token: await superAdminToken() });
  expect(after.body.data.messages.some((message: { name: string }) => message.name === name)).toBe(false);
});
