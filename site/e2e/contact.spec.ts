/** SPEC 5's contact form: checked as typed, the phone sanitised as typed, SPEC 8's texts on send. */
import { expect, test } from '@playwright/test';
import { api, superAdminToken, uniqueEmail } from '../../e2e/support.js';
import { open } from './helpers.js';

test('the contact form validates on change, sanitises the phone and sends the message', async ({ page }) => {
  await open(page, '/connect');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
  const name = form.getByLabel('Name');
  const email = form.getByLabel('Email');
  const phone = form.getByLabel('Phone Number');
  const message = form.getByLabel('Message');

  await name.fill('J');
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await name.fill('Jane Doe');
  await expect(form.getByText('Name must be at least 2 characters.')).toHaveCount(0);

  await email.fill('jane@');
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();

  await phone.pressSequentially('+91 (98) 765-43a');
  await expect(phone).toHaveValue('+919876543');
  await phone.fill('');
  await phone.pressSequentially('12345');
  await expect(
    form.getByText('Phone number must start with + followed by country code and 6-14 digits (e.g., +1234567890).'),
  ).toBeVisible();

  await message.fill('Too short');
  await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();

  const sender = uniqueEmail('contact');
  await email.fill(sender);
  await phone.fill('');
  await phone.pressSequentially('+44 7700 900123');
  await expect(phone).toHaveValue('+447700900123');
  await message.fill('Hello! I would like to know more about your webinars.');
  await expect(form.locator('.field__error')).toHaveCount(0);

  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thanks! Your message has been sent.');
  await expect(name).toHaveValue('');

  const stored = await api('GET', '/admin/contact-messages', { token: await superAdminToken() });
  expect(stored.body.data.messages).toContainEqual(
    expect.objectContaining({ email: sender, phone: '+447700900123', name: 'Jane Doe' }),
  );
});

test('submitting an empty form shows every message, and a failed send shows the failure text', async ({ page }) => {
  await open(page, '/');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(form.getByText('Phone number is required.')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();

  await page.route('**/api/contact-messages', (route) => route.fulfill({ status: 500, body: '{}' }));
  await form.getByLabel('Name').fill('Jane Doe');
  await form.getByLabel('Email').fill(uniqueEmail('failing'));
  await form.getByLabel('Phone Number').fill('+1234567890');
  await form.getByLabel('Message').fill('This message will not get through.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  await expect(form.getByLabel('Name')).toHaveValue('Jane Doe');
});
