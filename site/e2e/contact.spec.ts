/** SPEC 5's contact form: checked as typed, the phone sanitised as typed, SPEC 8's texts on send. */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, superAdminToken, uniqueEmail } from '../../e2e/support.js';
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

test('during a flood the browser solves the proof of work the server asks for and the message is sent', async ({
  page,
}) => {
  // A challenge whose number the test knows: the first send is answered 428 with it, as the server
  // answers past its site-wide contact rate; the second must carry the number the browser found.
  const salt = `${'ab'.repeat(12)}.${Date.UTC(2100, 0, 1)}`;
  const secretNumber = 4321;
  const challenge = createHash('sha256').update(`${salt}${secretNumber}`).digest('hex');
  const signature = 'c'.repeat(64);
  const proofs: (string | null)[] = [];
  await page.route('**/api/contact-messages', async (route) => {
    const proof = await route.request().headerValue('proof-of-work');
    proofs.push(proof);
    if (proof) return route.continue();
    return route.fulfill({
      status: 428,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        code: 'proof_of_work_required',
        message: 'The site is receiving many messages right now.',
        challenge: { algorithm: 'SHA-256', challenge, salt, maxNumber: 50_000, signature },
      }),
    });
  });

  await open(page, '/connect');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
  await form.getByLabel('Name').fill('Flood Time');
  await form.getByLabel('Email').fill(uniqueEmail('pow'));
  await form.getByLabel('Phone Number').pressSequentially('+44 7700 900124');
  await form.getByLabel('Message').fill('Hello! Sent while the site was busy.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thanks! Your message has been sent.');
  expect(proofs).toEqual([null, `${secretNumber}:${signature}:${salt}`]);
});

test('a refused submit moves the focus to the first invalid field, which its message describes', async ({ page }) => {
  await open(page, '/connect');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
  await form.getByLabel('Name').fill('Jane Doe');
  await form.getByRole('button', { name: 'Send Message' }).click();
  // The form's own check: the name is fine, the e-mail is the first field it refuses.
  const email = form.getByLabel('Email');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');

  // The server's check: its field message lands on its field, which gets the focus.
  await page.route('**/api/contact-messages', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'Validation failed',
        errors: [{ field: 'phone', message: 'This phone number is not accepted.' }],
      }),
    }),
  );
  await email.fill(uniqueEmail('refused'));
  await form.getByLabel('Phone Number').fill('+1234567890');
  await form.getByLabel('Message').fill('A message the server refuses.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  const phone = form.getByLabel('Phone Number');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('This phone number is not accepted.');
});

test('the message counts its characters, and says so politely only near the limit', async ({ page }) => {
  await open(page, '/connect');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
  const message = form.getByLabel('Message');
  const count = form.locator('.field__count');
  const spoken = form.locator('[aria-live="polite"]');
  await expect(message).toHaveAccessibleDescription('0 / 5000 characters');

  await message.fill('Hello there');
  await expect(count).toHaveText('11 / 5000 characters');
  await expect(spoken).toHaveText('');

  await message.fill('x'.repeat(4_960));
  await expect(count).toHaveText('4960 / 5000 characters');
  await expect(spoken).toHaveText('At most 100 characters left.');

  await message.fill('x'.repeat(5_001));
  await expect(spoken).toHaveText('Over the limit of 5000 characters.');
  await expect(form.getByText('Message cannot exceed 5000 characters.')).toBeVisible();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
});
